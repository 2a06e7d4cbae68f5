import type { EntityManager } from '@mikro-orm/core';
import { Seeder } from '@mikro-orm/seeder';
import { Gender, User } from '../modules/accounts/user.entity.js';
import { Doctor } from '../modules/doctors/doctor.entity.js';
import { Appointment } from '../modules/appointments/appointment.entity.js';
import { AppointmentKind, AppointmentPaymentStatus, AppointmentStatus } from '../modules/appointments/appointment.enums.js';
import { Prescription } from '../modules/prescriptions/prescription.entity.js';
import { Medicine } from '../modules/medicines/medicine.entity.js';
import { Order, OrderItem, OrderPaymentStatus, OrderStatus } from '../modules/orders/order.entity.js';
import { SHIPPING_POISHA } from '../modules/orders/order.service.js';
import { Payment, PaymentProvider, PaymentPurpose, PaymentStatus } from '../modules/payments/payment.entity.js';
import { Refund, RefundReason, RefundStatus } from '../modules/payments/refund.entity.js';
import { Dispensing, DispensingLine, DispensingState, PaperPrescription } from '../modules/prescriptions/dispensing.entity.js';
import { DispensingMeasure } from '../modules/prescriptions/dispensing.rules.js';
import { demoImages, type DemoSeedContext } from './demo-images.js';

const DAY = 86_400_000;
const ago = (days: number, hours = 0) => new Date(Date.now() - days * DAY - hours * 3_600_000);

/** Marks this seeder's own rows: the fresh prescription's code, the refunded order's and consultation's transactions. */
export const FRESH_PRESCRIPTION_CODE = 'DEMRX-FRESH';
const REFUNDED_ORDER_TRAN = 'NRG20261122DEMORX0001';
const REFUNDED_CONSULT_TRAN = 'NRG20261123DEMORX0002';
const PAPER_ORDER_TRAN = 'NRG20261127DEMORX0003';

/** The fresh prescription's lines: a prescription-only antibiotic, a sure brand, two generics to choose from, one not sold. */
export const FRESH_PRESCRIPTION_LINES = [
  { medname: 'Tab. Zimax 500 mg', dailyUse: '1+0+0 after meals', days: 3, quantity: '3 tablets' },
  { medname: 'Napa Extra', dailyUse: '1+1+1', days: 5, quantity: '15 tablets' },
  { medname: 'Montelukast 10 mg', dailyUse: '0+0+1', days: 14, quantity: '14 tablets' },
  { medname: 'Omeprazole 20 mg', dailyUse: '1+0+1 before meals', days: 10, quantity: '20 capsules' },
  { medname: 'Vitamin C drops', dailyUse: '5 drops daily', days: 30, quantity: '1 bottle' },
];

/**
 * Issue 20's demo: patient@nirog.test has a fresh prescription to order in one tap (its antibiotic is
 * prescription-only), an order waiting for the pharmacist's prescription check (a photo of a paper
 * prescription; made again at a start that finds none waiting, since an unread one expires), a
 * delivered order whose photo the pharmacist recorded as a paper prescription with a refill left
 * ("Order again"), an order cancelled after payment and refunded, and a paid consultation whose
 * doctor never started it, refunded. Runs once (looks for its own rows).
 */
export class RxSeeder extends Seeder<DemoSeedContext> {
  async run(em: EntityManager, context?: DemoSeedContext): Promise<void> {
    const images = demoImages(context);
    const patient = await em.findOne(User, { email: 'patient@nirog.test' });
    const doctor = await em.findOne(Doctor, { user: { email: 'doctor@nirog.test' } }, { populate: ['user'] });
    if (!patient || !doctor) return;
    const vitals = { patientName: patient.name, patientGender: Gender.Female, age: 34, weight: '58 kg', height: `5'2"` };

    if (!(await em.count(Prescription, { verificationCode: FRESH_PRESCRIPTION_CODE }))) {
      const a = em.create(Appointment, {
        kind: AppointmentKind.Video, doctor, patient, feePoisha: doctor.feePoisha, ...vitals, problem: 'Sore throat and cough for a week',
        status: AppointmentStatus.Finished, paymentStatus: AppointmentPaymentStatus.Paid, paidAt: ago(1, 2), startedAt: ago(1, 2),
        paymentId: 'seed-demo-rx-fresh', meetingUrl: 'https://meet.jit.si/Nirog-demo-rx-fresh', createdAt: ago(1, 3),
      });
      em.create(Prescription, {
        appointment: a, doctor, patient, ...vitals, problem: a.problem, medicines: FRESH_PRESCRIPTION_LINES,
        medInfo: 'Finish the antibiotic course even if you feel better.', doctorAdvice: 'Warm salt-water gargles, rest, plenty of fluids.',
        followUp: 'After 7 days if the cough continues', verificationCode: FRESH_PRESCRIPTION_CODE, createdAt: ago(1, 1),
      });
    }

    const medicines = new Map((await em.find(Medicine, { name: { $in: ['Zimax', 'Napa', 'Tycil', 'Seclo'] } })).map((m) => [m.name, m]));
    const line = (order: Order, name: string, quantity: number, at: Date) => {
      const m = medicines.get(name)!;
      em.create(OrderItem, {
        createdAt: at, order, medicine: m, name: m.name, strength: m.strength, unit: m.unit, imageUrl: m.imageUrl ?? null,
        unitPricePoisha: m.pricePoisha, quantity, lineTotalPoisha: m.pricePoisha * quantity,
      });
      return m.pricePoisha * quantity;
    };
    const shipping = {
      shippingName: patient.name, shippingPhoneE164: patient.phoneE164 ?? '+8801712345678', shippingAddress: 'House 12, Road 5, Sector 7', shippingCity: 'Dhaka (Uttara)',
    };
    if (medicines.size < 4) return;

    // Waiting for the pharmacist: a photo of a paper prescription (Zimax is prescription-only), kept privately like an upload.
    if (!(await em.count(Order, { user: patient.id, status: OrderStatus.PrescriptionCheck }))) {
      const at = ago(0, 3);
      const photo = await images.paperPrescription('Dr. Shamima Nasrin', ['Zimax 500 mg', '1+0+0  x 3 days', 'Napa 500 mg', '1+1+1  x 5 days']);
      const items = [['Zimax', 1], ['Napa', 2]] as const;
      const itemsPoisha = items.reduce((s, [n, q]) => s + medicines.get(n)!.pricePoisha * q, 0);
      const order = em.create(Order, {
        createdAt: at, user: patient, status: OrderStatus.PrescriptionCheck, paymentStatus: OrderPaymentStatus.Pending, paymentMethod: PaymentProvider.Bkash,
        paymentTranId: '', itemsPoisha, shippingPoisha: SHIPPING_POISHA, totalPoisha: itemsPoisha + SHIPPING_POISHA, ...shipping,
        prescriptionRequired: true, prescriptionImageUrl: photo,
      });
      for (const [n, q] of items) line(order, n, q, at);
    }

    // Read by the pharmacist: Zimax, one strip and one refill, valid for a month; the first strip delivered.
    if (!(await em.count(Order, { paymentTranId: PAPER_ORDER_TRAN }))) {
      const at = ago(3);
      const paidAt = new Date(at.getTime() + 3 * 3_600_000);
      const pharmacist = await em.findOne(User, { email: 'pharmacist@nirog.test' });
      const photo = await images.paperPrescription('Dr. Rafiqul Islam', ['Zimax 500 mg', '1+0+0  x 3 days', 'Refill: 1']);
      const order = em.create(Order, {
        createdAt: at, user: patient, status: OrderStatus.Delivered, paymentStatus: OrderPaymentStatus.Paid, paymentMethod: PaymentProvider.Bkash,
        paymentTranId: PAPER_ORDER_TRAN, itemsPoisha: 0, shippingPoisha: SHIPPING_POISHA, totalPoisha: 0, ...shipping, paidAt,
        deliveredAt: new Date(at.getTime() + DAY), prescriptionRequired: true, prescriptionImageUrl: photo,
        prescriptionReviewedAt: new Date(at.getTime() + 2 * 3_600_000), prescriptionReviewedBy: pharmacist ?? null,
      });
      order.itemsPoisha = line(order, 'Zimax', 1, at);
      order.totalPoisha = order.itemsPoisha + SHIPPING_POISHA;
      em.create(Payment, {
        createdAt: paidAt, tranId: PAPER_ORDER_TRAN, purpose: PaymentPurpose.Order, purposeId: order.id, user: patient, amountPoisha: order.totalPoisha,
        currency: 'BDT', provider: PaymentProvider.Bkash, status: PaymentStatus.Completed, providerPaymentId: `DEMO-${PAPER_ORDER_TRAN}`,
        providerTrxId: 'DEMORX0003', completedAt: paidAt, closedAt: paidAt,
      });
      if (pharmacist) {
        const zimax = medicines.get('Zimax')!;
        const paper = em.create(PaperPrescription, {
          createdAt: order.prescriptionReviewedAt!, patient, orderId: order.id, reviewedBy: pharmacist, validUntil: new Date(at.getTime() + 30 * DAY),
        });
        order.paperPrescriptionId = paper.id;
        const ledger = em.create(DispensingLine, {
          paperPrescription: paper, lineNo: 0, medname: `${zimax.name} ${zimax.strength}`, medicine: zimax, measure: DispensingMeasure.Pack,
          course: 1, refills: 1, allowed: 2, dispensed: 1, validUntil: paper.validUntil,
        });
        em.create(Dispensing, { line: ledger, orderId: order.id, medicine: zimax, units: 1, amount: 1, state: DispensingState.Dispensed });
      }
    }

    // Paid, then cancelled by Nirog (out of delivery area): refunded to bKash.
    if (!(await em.count(Order, { paymentTranId: REFUNDED_ORDER_TRAN }))) {
      const at = ago(4);
      const paidAt = new Date(at.getTime() + 120_000);
      const order = em.create(Order, {
        createdAt: at, user: patient, status: OrderStatus.Cancelled, paymentStatus: OrderPaymentStatus.Paid, paymentMethod: PaymentProvider.Bkash,
        paymentTranId: REFUNDED_ORDER_TRAN, itemsPoisha: 0, shippingPoisha: SHIPPING_POISHA, totalPoisha: 0, ...shipping, paidAt,
        cancelledAt: new Date(at.getTime() + 3 * 3_600_000), cancelReason: 'CANCELLED_BY_ADMIN', stockReleased: true,
      });
      order.itemsPoisha = line(order, 'Seclo', 1, at) + line(order, 'Napa', 1, at);
      order.totalPoisha = order.itemsPoisha + SHIPPING_POISHA;
      const payment = em.create(Payment, {
        createdAt: at, tranId: REFUNDED_ORDER_TRAN, purpose: PaymentPurpose.Order, purposeId: order.id, user: patient, amountPoisha: order.totalPoisha,
        currency: 'BDT', provider: PaymentProvider.Bkash, status: PaymentStatus.Completed, providerPaymentId: `DEMO-${REFUNDED_ORDER_TRAN}`,
        providerTrxId: 'DEMORX0001', completedAt: paidAt, closedAt: paidAt, refundedPoisha: order.totalPoisha,
      });
      const refundAt = new Date(at.getTime() + 3 * 3_600_000);
      em.create(Refund, {
        createdAt: refundAt, payment, purpose: PaymentPurpose.Order, purposeId: order.id, user: patient, provider: PaymentProvider.Bkash,
        cause: `order-cancelled:${order.id}`, reason: RefundReason.OrderCancelled, amountPoisha: order.totalPoisha, status: RefundStatus.Completed,
        providerRefundId: 'DEMOREFUND01', attempts: 1, nextAttemptAt: refundAt, completedAt: new Date(refundAt.getTime() + 60_000),
      });
    }

    // Paid, and the doctor never started it: cancelled after 15 minutes and refunded to Nagad.
    if (!(await em.count(Payment, { tranId: REFUNDED_CONSULT_TRAN }))) {
      const at = ago(2, 5);
      const paidAt = new Date(at.getTime() + 180_000);
      const a = em.create(Appointment, {
        kind: AppointmentKind.Video, doctor, patient, feePoisha: doctor.feePoisha, ...vitals, problem: 'Headache since morning',
        status: AppointmentStatus.Cancelled, cancelReason: 'DOCTOR_NO_SHOW', paymentStatus: AppointmentPaymentStatus.Paid, paidAt,
        meetingUrl: 'https://meet.jit.si/Nirog-demo-rx-noshow', createdAt: at,
      });
      const payment = em.create(Payment, {
        createdAt: at, tranId: REFUNDED_CONSULT_TRAN, purpose: PaymentPurpose.Consultation, purposeId: a.id, user: patient, amountPoisha: doctor.feePoisha,
        currency: 'BDT', provider: PaymentProvider.Nagad, status: PaymentStatus.Completed, providerPaymentId: `DEMO-${REFUNDED_CONSULT_TRAN}`,
        providerTrxId: 'DEMORX0002', completedAt: paidAt, closedAt: paidAt, refundedPoisha: doctor.feePoisha,
      });
      a.paymentId = payment.id;
      const refundAt = new Date(paidAt.getTime() + 16 * 60_000);
      em.create(Refund, {
        createdAt: refundAt, payment, purpose: PaymentPurpose.Consultation, purposeId: a.id, user: patient, provider: PaymentProvider.Nagad,
        cause: `consultation-no-show:${a.id}`, reason: RefundReason.DoctorNoShow, amountPoisha: doctor.feePoisha, status: RefundStatus.Completed,
        providerRefundId: 'DEMONGC0002', attempts: 1, nextAttemptAt: refundAt, completedAt: new Date(refundAt.getTime() + 60_000),
      });
    }
    await em.flush();
  }
}
