import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { asAdmin, asDoctor, asPatient, asVisitor, createTestApp, type Client, type TestApp } from './app.js';
import { dayFromToday, doctorIdByName, hospitalVisit, newMedicine, placeOrder } from './fixtures.js';
import { payInSandbox } from './payments.js';

/**
 * What screens show instead of deciding themselves (issue 15): the moves a caller may make, whether
 * a consultation can be paid or prescribed, the cart's totals and limits, the option ids and lists,
 * and the closed set of refusal reasons. Expected values are written out here by hand.
 */
let t: TestApp;
let patient: Client;
let admin: Client;

beforeAll(async () => {
  t = await createTestApp({ env: { OPEN_UNPAID_ORDERS_PER_PATIENT: '100' } });
  [patient, admin] = await Promise.all([asPatient(t), asAdmin(t)]);
}, 60_000);
afterAll(async () => {
  await t.close();
});

describe('orders keep what was sold', () => {
  it('each line keeps its strength beside the brand (two strengths of one drug never look alike)', async () => {
    const m = await newMedicine(t, 10);
    const placed = await placeOrder(patient, [{ medicineId: m.id, quantity: 1 }]);
    expect(placed.body.order.orderItems[0]).toMatchObject({ name: m.name, strength: m.strength });
    const viaGql = await patient.gql('query($id: ID!) { order(id: $id) { items { name strength } } }', { id: placed.body.order._id });
    expect(viaGql.data!.order.items).toEqual([{ name: m.name, strength: m.strength }]);
    expect(m.strength).not.toBe('');
  });
});

describe('orders carry the moves an admin may make now', () => {
  it('unpaid: only Cancelled; paid: Confirmed or Cancelled; delivered: none', async () => {
    const m = await newMedicine(t, 10);
    const placed = await placeOrder(patient, [{ medicineId: m.id, quantity: 1 }]);
    const id = placed.body.order._id as string;
    const next = async () => (await admin.gql('query($id: ID!) { order(id: $id) { status nextStatuses } }', { id })).data!.order;
    expect(await next()).toEqual({ status: 'Processing', nextStatuses: ['Cancelled'] });
    await payInSandbox(t, placed.body.url, 'approve');
    expect(await next()).toEqual({ status: 'Processing', nextStatuses: ['Confirmed', 'Cancelled'] });
    for (const status of ['Confirmed', 'Delivered']) {
      expect((await admin.gql('mutation($id: ID!, $s: OrderStatus!) { updateOrderStatus(id: $id, status: $s) { id } }', { id, s: status })).errors).toBeUndefined();
    }
    expect(await next()).toEqual({ status: 'Delivered', nextStatuses: [] });
  });

  it('the admin list filters by payment (the revenue tile\'s link)', async () => {
    const paid = await admin.gql('{ adminOrders(paymentStatus: Paid, pageSize: 100) { total items { paymentStatus } } }');
    const all = await admin.gql('{ adminOrders(pageSize: 100) { total } }');
    expect(paid.data!.adminOrders.total).toBeGreaterThan(0);
    expect(paid.data!.adminOrders.total).toBeLessThan(all.data!.adminOrders.total);
    expect(new Set(paid.data!.adminOrders.items.map((o: { paymentStatus: string }) => o.paymentStatus))).toEqual(new Set(['Paid']));
    const visits = await admin.gql('{ allAppointments(paymentStatus: Paid, pageSize: 100) { total items { paymentStatus } } }');
    expect(visits.data!.allAppointments.total).toBeGreaterThan(0);
    expect(new Set(visits.data!.allAppointments.items.map((a: { paymentStatus: string }) => a.paymentStatus))).toEqual(new Set(['Paid']));
  });
});

describe('appointments carry what this caller may do now', () => {
  it('a hospital visit: the patient may cancel it, the doctor confirm or cancel it; nobody pays online', async () => {
    const farzana = await doctorIdByName(t, 'Farzana');
    const booked = await patient.post('/new/appointment', hospitalVisit(farzana, dayFromToday(5)));
    expect(booked.status).toBe(200);
    const id = booked.body.appointment._id as string;
    const FIELDS = 'nextStatuses canPay canWritePrescription';
    const asPatientSees = (await patient.gql(`query($id: ID!) { appointment(id: $id) { ${FIELDS} } }`, { id })).data!.appointment;
    expect(asPatientSees).toEqual({ nextStatuses: ['Cancelled'], canPay: false, canWritePrescription: false });
    const asAdminSees = (await admin.gql(`query($id: ID!) { appointment(id: $id) { ${FIELDS} } }`, { id })).data!.appointment;
    expect(asAdminSees).toEqual({ nextStatuses: ['Confirmed', 'Cancelled'], canPay: false, canWritePrescription: false });
  });

  it('a video consultation: its patient may pay while unpaid and nobody may confirm it; paid, its doctor may finish it and write its prescription once', async () => {
    const doctor = await asDoctor(t);
    const doctorId = (await doctor.gql('{ myDoctorProfile { id } }')).data!.myDoctorProfile.id as string;
    const booked = await patient.gql('mutation($i: BookConsultationInput!) { bookConsultation(input: $i) { id } }',
      { i: { doctorId, name: 'Rahima Akter', age: 34, weight: '58 kg', height: '5 ft 2 in', gender: 'Female', problem: 'Headache' } });
    expect(booked.errors).toBeUndefined();
    const id = booked.data!.bookConsultation.id as string;
    const checkout = await patient.gql('mutation($id: ID!) { payForConsultation(appointmentId: $id, provider: Bkash) { paymentUrl } }', { id });
    expect(checkout.errors).toBeUndefined();
    const sees = async (c: Client) => (await c.gql('query($id: ID!) { appointment(id: $id) { status nextStatuses canPay canWritePrescription } }', { id })).data!.appointment;
    expect(await sees(patient)).toEqual({ status: 'Processing', nextStatuses: ['Cancelled'], canPay: true, canWritePrescription: false });
    expect((await sees(admin)).nextStatuses).toEqual(['Cancelled']);
    await payInSandbox(t, checkout.data!.payForConsultation.paymentUrl, 'approve');
    // Paying confirms a video consultation: its doctor may now finish it or write its prescription.
    expect(await sees(patient)).toEqual({ status: 'Confirmed', nextStatuses: [], canPay: false, canWritePrescription: false });
    expect(await sees(doctor)).toEqual({ status: 'Confirmed', nextStatuses: ['Finished', 'Cancelled'], canPay: false, canWritePrescription: true });
    expect((await doctor.gql('mutation($i: WritePrescriptionInput!) { writePrescription(input: $i) { id } }',
      { i: { appointmentId: id, medicines: [{ medname: 'Napa 500 mg', dailyUse: '1+0+1', days: 3, quantity: '6' }] } })).errors).toBeUndefined();
    expect((await sees(doctor)).canWritePrescription).toBe(false);
  });
});

describe('nurse hires carry the moves this caller may make', () => {
  it('its patient may cancel an open hire; an admin may confirm or cancel it', async () => {
    const nurses = await asVisitor(t).gql('{ nurses(pageSize: 1) { items { id } } }');
    const nurseId = nurses.data!.nurses.items[0].id as string;
    const hired = await patient.gql('mutation($i: NurseHireInput!) { hireNurse(input: $i) { id } }',
      { i: { nurseId, date: dayFromToday(40), phone: '01712345678', patientGender: 'Female' } });
    expect(hired.errors).toBeUndefined();
    const id = hired.data!.hireNurse.id as string;
    const mine = (await patient.gql('{ myNurseHires(pageSize: 50) { items { id nextStatuses } } }')).data!.myNurseHires.items.find((h: { id: string }) => h.id === id);
    expect(mine.nextStatuses).toEqual(['Cancelled']);
    const all = (await admin.gql('{ nurseHires(pageSize: 100) { items { id nextStatuses } } }')).data!.nurseHires.items.find((h: { id: string }) => h.id === id);
    expect(all.nextStatuses).toEqual(['Confirmed', 'Cancelled']);
  });
});

describe('lists and limits come from the server', () => {
  it('the cart quote gives the totals with shipping and the checkout\'s limits', async () => {
    const m = await newMedicine(t, 10, 1250);
    const q = await asVisitor(t).gql('query($i: [OrderLineInput!]!) { quoteCart(items: $i) { itemsPoisha shippingPoisha totalPoisha maxQuantityPerLine maxLines } }',
      { i: [{ medicineId: m.id, quantity: 2 }] });
    expect(q.data!.quoteCart).toEqual({ itemsPoisha: 2500, shippingPoisha: 6000, totalPoisha: 8500, maxQuantityPerLine: 100, maxLines: 50 });
  });

  it('fee option ids go back to the doctors query unchanged', async () => {
    const options = await asVisitor(t).gql('{ doctorFilterOptions { fees { id } } }');
    const ids = options.data!.doctorFilterOptions.fees.map((f: { id: string }) => f.id);
    expect(ids).toEqual(['UpTo500', 'From501To1000', 'From1001To1500', 'From1501To2000', 'Above2000']);
    const cheap = await asVisitor(t).gql('query($f: [FeeRange!]) { doctors(feeRanges: $f, pageSize: 100) { total items { feePoisha } } }', { f: [ids[0]] });
    expect(cheap.errors).toBeUndefined();
    expect(cheap.data!.doctors.total).toBeGreaterThan(0);
    expect(cheap.data!.doctors.items.every((d: { feePoisha: number }) => d.feePoisha <= 500_00)).toBe(true);
  });

  it('the area lists: every Dhaka area, and the five where nurses work', async () => {
    const a = (await asVisitor(t).gql('{ areaOptions { dhakaAreas nurseLocations } }')).data!.areaOptions;
    expect(a.nurseLocations).toEqual(['Uttara', 'Dhanmondi', 'Mirpur', 'Banani', 'Gulshan']);
    expect(a.dhakaAreas).toEqual(['Uttara', 'Dhanmondi', 'Mirpur', 'Banani', 'Gulshan', 'Mohammadpur', 'Motijheel', 'Badda', 'Bashundhara', 'OldDhaka']);
  });

  it('publishes the closed set of refusal reasons: one code and status each, the same situation the same answer', async () => {
    const reasons = (await asVisitor(t).gql('{ errorReasons { reason code httpStatus } }')).data!.errorReasons as { reason: string; code: string; httpStatus: number }[];
    const by = Object.fromEntries(reasons.map((r) => [r.reason, r]));
    expect(new Set(reasons.map((r) => r.reason)).size).toBe(reasons.length);
    expect(by.ILLEGAL_TRANSITION).toEqual({ reason: 'ILLEGAL_TRANSITION', code: 'CONFLICT', httpStatus: 409 });
    expect(by.CHANGED_MEANWHILE).toEqual({ reason: 'CHANGED_MEANWHILE', code: 'CONFLICT', httpStatus: 409 });
    expect(by.RATE_LIMITED).toEqual({ reason: 'RATE_LIMITED', code: 'TOO_MANY_REQUESTS', httpStatus: 429 });
    expect(by.EMAIL_NOT_VERIFIED).toEqual({ reason: 'EMAIL_NOT_VERIFIED', code: 'FORBIDDEN', httpStatus: 403 });
    for (const r of reasons) {
      expect([r.reason, r.httpStatus]).toEqual([r.reason, { BAD_USER_INPUT: 400, UNAUTHENTICATED: 401, FORBIDDEN: 403, NOT_FOUND: 404, CONFLICT: 409, UNPROCESSABLE_CONTENT: 422,
        PAYLOAD_TOO_LARGE: 413, TOO_MANY_REQUESTS: 429, SERVICE_UNAVAILABLE: 503, INTERNAL_SERVER_ERROR: 500 }[r.code]]);
    }
  });

  it('answers an illegal move of an appointment, an order and a hire alike: 409 ILLEGAL_TRANSITION with from and to', async () => {
    const m = await newMedicine(t, 5);
    const order = await placeOrder(patient, [{ medicineId: m.id, quantity: 1 }]);
    const res = await admin.put(`/admin/order/${order.body.order._id}`, { status: 'Delivered' });
    expect([res.status, res.body.reason, res.body.params]).toEqual([409, 'ILLEGAL_TRANSITION', { from: 'Processing', to: 'Delivered' }]);
    const farzana = await doctorIdByName(t, 'Farzana');
    const visit = await patient.post('/new/appointment', hospitalVisit(farzana, dayFromToday(6)));
    const a = await admin.put(`/admin/appointment/${visit.body.appointment._id}`, { bookingStatus: 'Finished' });
    expect([a.status, a.body.reason, a.body.params]).toEqual([409, 'ILLEGAL_TRANSITION', { from: 'Processing', to: 'Finished' }]);
  });
});
