import { expect } from '@jest/globals';
import type { Client, TestApp } from './app.js';
import { Medicine, MedicineForm, MedicineUnit } from '../src/modules/medicines/medicine.entity.js';
import { addDays, dhakaToday } from '../src/common/dhaka-date.js';
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
