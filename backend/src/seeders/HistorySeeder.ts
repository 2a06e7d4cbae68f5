import type { EntityManager } from '@mikro-orm/core';
import { Seeder } from '@mikro-orm/seeder';
import { Role } from '../common/roles.js';
import { Gender, User } from '../modules/accounts/user.entity.js';
import { Doctor } from '../modules/doctors/doctor.entity.js';
import { DoctorStatus } from '../modules/doctors/doctor.enums.js';
import { Appointment } from '../modules/appointments/appointment.entity.js';
import { AppointmentKind, AppointmentPaymentStatus, AppointmentStatus, VisitSlot } from '../modules/appointments/appointment.enums.js';
import { Medicine } from '../modules/medicines/medicine.entity.js';
import { Order, OrderItem, OrderPaymentStatus, OrderStatus } from '../modules/orders/order.entity.js';
import { SHIPPING_POISHA } from '../modules/orders/order.service.js';
import { Payment, PaymentProvider, PaymentPurpose, PaymentStatus } from '../modules/payments/payment.entity.js';
import { demoPasswordHash } from './AccountSeeder.js';
import { createHash, randomBytes } from 'node:crypto';
import { BloodRequest } from '../modules/blood/blood.entity.js';
import { BloodGroup } from '../modules/blood/blood.enums.js';
import { DhakaArea } from '../common/dhaka-area.js';

const SHOPPERS = ['Jannat Ara', 'Mizanur Rahman', 'Sharmin Sultana', 'Anisul Haque', 'Roksana Begum', 'Tanvir Ahmed'];
const HOURS = 3_600_000;
const DAYS = 24 * HOURS;

/**
 * The last 30 days of business for the admin dashboard's charts: video consultations, hospital visits
 * and paid medicine orders from six demo patients (history1…6@nirog.test), spread over the days with a
 * fixed pattern (no randomness, so every start looks the same). Runs once: it looks for its patients.
 */
export class HistorySeeder extends Seeder {
  async run(em: EntityManager): Promise<void> {
    const emails = SHOPPERS.map((_, i) => `history${i + 1}@nirog.test`);
    if ((await em.count(User, { email: { $in: emails } })) > 0) return;
    const doctors = await em.find(Doctor, { status: DoctorStatus.Approved }, { orderBy: { bmdcNo: 'asc' }, limit: 12 });
    const medicines = await em.find(Medicine, { isActive: true, stock: { $gt: 50 } }, { orderBy: { name: 'asc' }, limit: 12 });
    if (!doctors.length || !medicines.length) return;
    const passwordHash = await demoPasswordHash();
    const now = Date.now();
    const patients = SHOPPERS.map((name, i) => em.create(User, {
      name, email: emails[i]!, passwordHash, role: Role.User, gender: i % 2 ? Gender.Male : Gender.Female,
      phoneE164: `+8801711100${String(i + 1).padStart(3, '0')}`, emailVerifiedAt: new Date(now - (40 + i * 9) * DAYS), createdAt: new Date(now - (40 + i * 9) * DAYS),
    }));

    for (let day = 29; day >= 1; day--) {
      const base = now - day * DAYS;
      const videos = 1 + ((day * 7) % 4); // 1–4 a day
      for (let k = 0; k < videos; k++) {
        const doctor = doctors[(day + k) % doctors.length]!;
        const patient = patients[(day + k) % patients.length]!;
        const at = new Date(base + (9 + k * 3) * HOURS);
        const cancelled = (day + k) % 11 === 0;
        em.create(Appointment, {
          kind: AppointmentKind.Video, doctor, patient, feePoisha: doctor.feePoisha, patientName: patient.name, patientGender: patient.gender,
          age: 24 + ((day + k) % 40), problem: 'Fever and cough for three days', createdAt: at,
          status: cancelled ? AppointmentStatus.Cancelled : AppointmentStatus.Finished,
          paymentStatus: cancelled ? AppointmentPaymentStatus.Unpaid : AppointmentPaymentStatus.Paid,
          paidAt: cancelled ? null : new Date(at.getTime() + 5 * 60_000), paymentId: cancelled ? null : `seed-history-${day}-${k}`,
          cancelReason: cancelled ? 'PAYMENT_TIMEOUT' : null,
          meetingUrl: `https://meet.jit.si/Nirog-history-${day}-${k}`,
        });
      }
      if (day % 3 === 0) {
        const doctor = doctors[day % doctors.length]!;
        const patient = patients[day % patients.length]!;
        const at = new Date(base + 11 * HOURS);
        em.create(Appointment, {
          kind: AppointmentKind.Hospital, doctor, patient, feePoisha: doctor.feePoisha, patientName: patient.name, patientGender: patient.gender,
          age: 30 + (day % 30), problem: 'Check-up', createdAt: at, phoneE164: patient.phoneE164,
          visitDate: new Date(at.getTime() + 2 * DAYS + 6 * HOURS).toISOString().slice(0, 10), slot: VisitSlot.Morning,
          status: AppointmentStatus.Finished, paymentStatus: AppointmentPaymentStatus.AtHospital,
        });
      }
      const orders = (day * 5) % 3; // 0–2 a day
      for (let k = 0; k < orders; k++) {
        const patient = patients[(day + k + 2) % patients.length]!;
        const at = new Date(base + (14 + k * 2) * HOURS);
        const lines = [medicines[(day + k) % medicines.length]!, medicines[(day + k + 5) % medicines.length]!]
          .map((m, j) => ({ m, quantity: 1 + ((day + j) % 3) }));
        const itemsPoisha = lines.reduce((s, l) => s + l.m.pricePoisha * l.quantity, 0);
        const status = day > 5 ? OrderStatus.Delivered : day > 2 ? OrderStatus.Confirmed : OrderStatus.Processing;
        const provider = (day + k) % 2 ? PaymentProvider.Nagad : PaymentProvider.Bkash;
        const tranId = `NRGHIST${String(day).padStart(2, '0')}${k}`.padEnd(21, '0');
        const paidAt = new Date(at.getTime() + 2 * 60_000);
        const order = em.create(Order, {
          createdAt: at, user: patient, status, paymentStatus: OrderPaymentStatus.Paid, paymentMethod: provider, paymentTranId: tranId,
          itemsPoisha, shippingPoisha: SHIPPING_POISHA, totalPoisha: itemsPoisha + SHIPPING_POISHA,
          shippingName: patient.name, shippingPhoneE164: patient.phoneE164 ?? '+8801711100001',
          shippingAddress: `House ${day}, Road ${k + 3}`, shippingCity: 'Dhaka (Mirpur)',
          paidAt,
          confirmedAt: status !== OrderStatus.Processing ? new Date(at.getTime() + HOURS) : null,
          deliveredAt: status === OrderStatus.Delivered ? new Date(at.getTime() + 2 * DAYS) : null,
        });
        for (const l of lines) {
          em.create(OrderItem, {
            createdAt: at, order, medicine: l.m, name: l.m.name, strength: l.m.strength, unit: l.m.unit, imageUrl: l.m.imageUrl ?? null,
            unitPricePoisha: l.m.pricePoisha, quantity: l.quantity, lineTotalPoisha: l.m.pricePoisha * l.quantity,
          });
        }
        em.create(Payment, {
          createdAt: at, tranId, purpose: PaymentPurpose.Order, purposeId: order.id, user: patient, amountPoisha: itemsPoisha + SHIPPING_POISHA,
          currency: 'BDT', provider, status: PaymentStatus.Completed, providerPaymentId: `DEMO-${tranId}`, providerTrxId: `DEMO${tranId.slice(-8)}`,
          completedAt: paidAt, closedAt: paidAt,
        });
      }
    }
    // Blood requests of the last week (the dashboard's "waiting" tile); nobody holds their access tokens.
    const requests: [string, BloodGroup, DhakaArea, number][] = [
      ['Shirin Akter', BloodGroup.ONegative, DhakaArea.Mirpur, 1], ['Habibur Rahman', BloodGroup.BPositive, DhakaArea.Uttara, 2],
      ['Nasrin Jahan', BloodGroup.APositive, DhakaArea.Dhanmondi, 4], ['Kamal Uddin', BloodGroup.ABNegative, DhakaArea.Gulshan, 12],
    ];
    requests.forEach(([name, group, area, days], i) => em.create(BloodRequest, {
      name, group, area, phoneE164: `+8801911200${String(i + 1).padStart(3, '0')}`, email: `blood${i + 1}@example.com`,
      createdAt: new Date(now - days * DAYS), accessTokenHash: createHash('sha256').update(randomBytes(32)).digest('hex'),
    }));
    // Two slow sellers running low, so the low-stock tile has something to show.
    await em.nativeUpdate(Medicine, { name: { $in: ['Hexisol', 'Nebanol'] } }, { stock: 6 });
    await em.flush();
  }
}
