import { expect } from '@jest/globals';
import type { Client, TestApp } from './app.js';
import { Medicine, MedicineForm, MedicineUnit } from '../src/modules/medicines/medicine.entity.js';
import { addDays, dhakaToday } from '../src/common/dhaka-date.js';
import { User } from '../src/modules/accounts/user.entity.js';
import { Doctor } from '../src/modules/doctors/doctor.entity.js';
import { Appointment } from '../src/modules/appointments/appointment.entity.js';
import { AppointmentKind, AppointmentPaymentStatus, AppointmentStatus } from '../src/modules/appointments/appointment.enums.js';
import { Prescription } from '../src/modules/prescriptions/prescription.entity.js';
import { newVerificationCode } from '../src/modules/prescriptions/prescription.service.js';
import { asciiDigits } from '../src/common/digits.js';

/** Records the security, race and crash suites need, made the way the app makes them. */
export const SHIPPING = { name: 'Rahima Akter', phone: '01712345678', address: 'House 12, Road 5, Sector 7', city: 'Dhaka' };

let serial = 0;
/** A medicine with the given stock and price, straight in the catalogue. */
export async function newMedicine(t: TestApp, stock: number, pricePoisha = 1250): Promise<Medicine> {
  const e = t.orm.em.fork();
  const m = e.create(Medicine, {
    name: `Fixture med ${++serial}-${Date.now()}`, genericName: 'Paracetamol', company: 'Beximco Pharmaceuticals', strength: '500 mg',
    form: MedicineForm.Tablet, unit: MedicineUnit.Strip, pricePoisha, stock,
  });
  await e.flush();
  return m;
}

export const stockOf = async (t: TestApp, id: string) => (await t.orm.em.fork().findOneOrFail(Medicine, id)).stock;

/** POST /create/order as the spec's checkout sends it. */
export function placeOrder(client: Client, lines: { medicineId: string; quantity: number }[], paymentMethod = 'Bkash', extra: Record<string, unknown> = {}) {
  return client.post('/create/order', { shippingInfo: SHIPPING, orderItems: lines.map((l) => ({ _id: l.medicineId, cartQuantity: l.quantity })), paymentMethod, ...extra });
}

/** createOrder over GraphQL as a multipart request carrying a photo of a prescription (the web app's way). */
export async function orderWithPhoto(t: TestApp, client: Client, lines: { medicineId: string; quantity: number }[], photo: Buffer, extra: Record<string, unknown> = {}) {
  const query = 'mutation($input: CreateOrderInput!, $photo: Upload) { createOrder(input: $input, prescriptionImage: $photo) { order { id status } } }';
  const input = { shippingInfo: SHIPPING, orderItems: lines, paymentMethod: 'Bkash', ...extra };
  const res = await t.http().post('/graphql').set('Authorization', `Bearer ${client.token}`).set('apollo-require-preflight', 'true')
    .field('operations', JSON.stringify({ query, variables: { input, photo: null } }))
    .field('map', JSON.stringify({ 0: ['variables.photo'] }))
    .attach('0', photo, 'prescription.jpg');
  return res.body as { data?: { createOrder: { order: { id: string; status: string } } }; errors?: { extensions: { reason: string } }[] };
}

export const dayFromToday = (n: number) => addDays(dhakaToday(), n);

/** A hospital visit booking body for one slot. */
export const hospitalVisit = (doctorId: string, date: string, slot = 'Evening') => ({ doctorId, patientName: 'Rahima Akter', phone: '01712345678', date, slot });

export async function doctorIdByName(t: TestApp, name: string): Promise<string> {
  const res = await t.http().get(`/api/doctors?keyword=${encodeURIComponent(name)}`);
  expect(res.status).toBe(200);
  return res.body.doctors[0].id as string;
}

let phoneSerial = 0;
/** A mobile number no one has used yet in this test run (01 8 …, never the sandbox's failing test range). */
export function freshPhone(): string {
  phoneSerial += 1;
  return `018${String(Date.now() % 1e6).padStart(6, '0')}${String(phoneSerial % 100).padStart(2, '0')}`;
}

/** The newest code the SMS sandbox sent to a number, as its owner reads it on the phone. */
export async function codeSentTo(t: TestApp, phone: string): Promise<string> {
  const e164 = `+88${phone.replace(/^(\+?88)?/, '')}`;
  const rows = await t.sql<{ body: string }>(
    `select body from sms_outbox where to_phone = ? and template = 'phone-code' order by created_at desc limit 1`, [e164]);
  // A Bangla text writes the code in Bangla digits: read as the phone's owner would type it back.
  const code = /^(\d{6})(?!\d)/.exec(asciiDigits(rows[0]?.body ?? ''))?.[1];
  if (!code) throw new Error(`no code was sent to ${phone}`);
  return code;
}

/** A prescription-only medicine of its own (so stock figures are the test's alone). */
export async function rxMedicine(t: TestApp, opts: {
  stock?: number; generic?: string; strength?: string; unit?: MedicineUnit; dosesPerUnit?: number | null; pricePoisha?: number;
} = {}): Promise<Medicine> {
  const e = t.orm.em.fork();
  const m = e.create(Medicine, {
    name: `Rxtest ${++serial}`, genericName: opts.generic ?? 'Azithromycin', company: 'Square Pharmaceuticals', strength: opts.strength ?? '500 mg',
    form: MedicineForm.Tablet, unit: opts.unit ?? MedicineUnit.Strip, pricePoisha: opts.pricePoisha ?? 10500, stock: opts.stock ?? 10,
    prescriptionRequired: true, dosesPerUnit: opts.dosesPerUnit === undefined ? 6 : opts.dosesPerUnit,
  });
  await e.flush();
  return m;
}

export interface WrittenLine { medname: string; dailyUse?: string; days?: number; quantity?: string; refills?: number }

/** A finished consultation of `email` with the demo doctor, and its prescription of these lines (issued `issuedAt`). */
export async function prescriptionFor(t: TestApp, email: string, lines: (string | WrittenLine)[], issuedAt = new Date()): Promise<string> {
  const e = t.orm.em.fork();
  const user = await e.findOneOrFail(User, { email });
  const doctor = await e.findOneOrFail(Doctor, { user: { email: 'doctor@nirog.test' } });
  const a = e.create(Appointment, {
    kind: AppointmentKind.Video, doctor, patient: user, feePoisha: doctor.feePoisha, patientName: user.name, status: AppointmentStatus.Finished,
    paymentStatus: AppointmentPaymentStatus.Paid, paidAt: new Date(),
  });
  const p = e.create(Prescription, {
    appointment: a, doctor, patient: user, patientName: user.name, medInfo: '', doctorAdvice: '', followUp: '', verificationCode: newVerificationCode(),
    createdAt: issuedAt,
    medicines: lines.map((l) => (typeof l === 'string' ? { medname: l, dailyUse: '1+0+1', days: 3, quantity: '6 tablets' }
      : { medname: l.medname, dailyUse: l.dailyUse ?? '1+0+1', days: l.days ?? 3, quantity: l.quantity ?? '6 tablets', refills: l.refills ?? 0 })),
  });
  await e.flush();
  return p.id;
}

/** What a pharmacist reads on a photo: these medicines and quantities, valid `days` more days. */
export const paperReading = (lines: { medicineId: string; quantity: number; refills?: number }[], days = 30) => ({
  lines: lines.map((l) => ({ refills: 0, ...l })), validUntil: dayFromToday(days),
});
