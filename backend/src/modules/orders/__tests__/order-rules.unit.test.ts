import { describe, expect, it } from '@jest/globals';
import { Role, type AuthUser } from '../../../common/roles.js';
import { OrderPaymentStatus, OrderStatus } from '../order.entity.js';
import { orderPaymentFor, type OrderView } from '../order.read.js';
import { canMoveOrder, canViewOrder, mayReviewPrescriptions, mayViewPrescriptionPhoto, nextOrderStatuses, ORDER_TRANSITIONS } from '../order.policy.js';

/** The order workflow and who sees an order and its prescription photo: the rules without the app. */
const PATIENT: AuthUser = { id: 'patient-1', role: Role.User, sessionId: 's1' };
const OTHER_PATIENT: AuthUser = { id: 'patient-2', role: Role.User, sessionId: 's2' };
const DOCTOR: AuthUser = { id: 'doctor-user-1', role: Role.Doctor, sessionId: 's3', doctorId: 'doctor-1' };
const ADMIN: AuthUser = { id: 'admin-1', role: Role.Admin, sessionId: 's4' };
const PHARMACIST: AuthUser = { id: 'pharmacist-1', role: Role.Pharmacist, sessionId: 's5' };

const ALL = Object.values(OrderStatus);
const LEGAL: [OrderStatus, OrderStatus][] = [
  [OrderStatus.PrescriptionCheck, OrderStatus.Processing], [OrderStatus.PrescriptionCheck, OrderStatus.Cancelled],
  [OrderStatus.Processing, OrderStatus.Confirmed], [OrderStatus.Processing, OrderStatus.Cancelled],
  [OrderStatus.Confirmed, OrderStatus.Delivered], [OrderStatus.Confirmed, OrderStatus.Cancelled],
];
const isLegal = (from: OrderStatus, to: OrderStatus) => LEGAL.some(([f, t]) => f === from && t === to);

describe('the order workflow', () => {
  it.each(ALL.flatMap((from) => ALL.map((to) => [from, to] as const)))('%s → %s is legal only when the workflow says so', (from, to) => {
    expect(canMoveOrder(from, to)).toBe(isLegal(from, to));
  });

  it('ends at Delivered and Cancelled', () => {
    expect(ORDER_TRANSITIONS[OrderStatus.Delivered]).toEqual([]);
    expect(ORDER_TRANSITIONS[OrderStatus.Cancelled]).toEqual([]);
  });

  it.each([
    [OrderStatus.PrescriptionCheck, OrderPaymentStatus.Pending, []],
    [OrderStatus.Processing, OrderPaymentStatus.Pending, [OrderStatus.Cancelled]],
    [OrderStatus.Processing, OrderPaymentStatus.Paid, [OrderStatus.Confirmed, OrderStatus.Cancelled]],
    [OrderStatus.Confirmed, OrderPaymentStatus.Paid, [OrderStatus.Delivered, OrderStatus.Cancelled]],
    [OrderStatus.Delivered, OrderPaymentStatus.Paid, []],
  ])('an admin moves a %s order (%s) to %j: a pharmacist alone decides a prescription check; Confirmed needs payment', (status, paid, expected) => {
    expect(nextOrderStatuses(status, paid)).toEqual(expected);
  });
});

describe('who sees an order and its prescription photo', () => {
  const plain = { userId: PATIENT.id, prescriptionRequired: false };
  const withPrescription = { userId: PATIENT.id, prescriptionRequired: true };
  it.each([
    [PATIENT, plain, true], [OTHER_PATIENT, plain, false], [ADMIN, plain, true], [PHARMACIST, plain, false], [DOCTOR, plain, false],
    [PHARMACIST, withPrescription, true], [DOCTOR, withPrescription, false],
  ])('%o views %o: %s', (actor, order, expected) => {
    expect(canViewOrder(actor, order)).toBe(expected);
  });

  it.each([
    [PATIENT, true], [PHARMACIST, true], [ADMIN, true], [OTHER_PATIENT, false], [DOCTOR, false], [null, false],
  ])('the photo of an order with a prescription, for %o: %s', (actor, expected) => {
    expect(mayViewPrescriptionPhoto(actor, withPrescription)).toBe(expected);
  });

  it('lets pharmacists and admins check prescriptions, nobody else', () => {
    expect([PATIENT, DOCTOR, ADMIN, PHARMACIST, null].map(mayReviewPrescriptions)).toEqual([false, false, true, true, false]);
  });
});

describe('an order\'s payment as each viewer may act on it', () => {
  const order = { userId: PATIENT.id, openPaymentUrl: 'https://pay.example/1', awaitingPayment: true } as OrderView;
  it.each([
    ['its patient', PATIENT, 'https://pay.example/1', true],
    ['another patient', OTHER_PATIENT, null, false],
    ['a pharmacist', PHARMACIST, null, false],
    ['an admin', ADMIN, null, false],
    ['a doctor', DOCTOR, null, false],
    ['a visitor', null, null, false],
  ])('%s', (_who, viewer, url, canPay) => {
    expect(orderPaymentFor(viewer, order)).toEqual({ paymentUrl: url, canPay });
  });
  it('is not payable once nothing awaits payment', () => {
    expect(orderPaymentFor(PATIENT, { ...order, awaitingPayment: false }).canPay).toBe(false);
  });
});
