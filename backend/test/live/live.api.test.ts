import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { asAdmin, asDoctor, asPatient, createTestApp, login, pngImage, type Client, type TestApp } from '../app.js';
import { payInSandbox } from '../payments.js';
import { SHIPPING, newMedicine, paperReading, placeOrder } from '../fixtures.js';
import { Medicine, MedicineForm, MedicineUnit } from '../../src/modules/medicines/index.js';
import { APPOINTMENT_EVENTS, DASHBOARD_EVENTS, ORDER_EVENTS, liveAs, type LiveTestClient } from '../live.js';

/**
 * Live updates through the GraphQL subscriptions, over a real WebSocket on a real port: what each
 * role hears, that it hears it as its queries would show it, and that it never hears anyone else's.
 */
let t: TestApp;
let patient: Client;
let other: Client;
let doctor: Client;
let admin: Client;
let ayeshaId: string;
const sockets: LiveTestClient[] = [];

async function live(credential?: string) {
  const c = await liveAs(t, credential);
  sockets.push(c);
  return c;
}

beforeAll(async () => {
  t = await createTestApp({ env: { LIVE_DASHBOARD_SECONDS: '0' } });
  patient = await asPatient(t);
  other = await asPatient(t, 'karim@nirog.test');
  doctor = await asDoctor(t);
  admin = await asAdmin(t);
  ayeshaId = (await t.http().get('/api/doctors?keyword=Ayesha')).body.doctors[0].id;
});
afterAll(async () => {
  for (const s of sockets) await s.dispose();
  await t?.close();
});

/** A video consultation with the demo doctor, booked (and paid in the sandbox unless told otherwise). */
async function consultation(client = patient, pay = true): Promise<{ id: string; url: string }> {
  const booked = await client.post('/new/appointment', {
    doctorId: ayeshaId, name: 'Rahima Akter', age: 34, weight: '58 kg', height: `5'2"`, gender: 'Female', problem: 'Fever since yesterday',
  });
  expect(booked.status).toBe(200);
  if (pay) await payInSandbox(t, booked.body.url, 'approve');
  return { id: booked.body.appointment._id, url: booked.body.url };
}

describe('following one consultation (the wait page)', () => {
  it('hears SYNC with its state, then each change: the doctor online, the meeting started', async () => {
    await doctor.gql('mutation { setDoctorOnline(online: false) { id } }');
    const { id } = await consultation();
    const socket = await live(patient.token);
    const sub = socket.subscribe(APPOINTMENT_EVENTS, { id });
    const sync = (await sub.first()).data!.appointmentEvents;
    expect(sync).toMatchObject({ type: 'SYNC', appointment: { id, status: 'Confirmed', paymentStatus: 'Paid', startedAt: null, doctor: { isOnline: false } } });
    expect(Date.parse(sync.appointment.noShowRefundAt)).toBeGreaterThan(Date.now());
    expect(sync.appointment.meetingUrl).toMatch(/^https:\/\//);

    await doctor.gql('mutation { setDoctorOnline(online: true) { id } }');
    expect((await sub.next()).data!.appointmentEvents).toMatchObject({ type: 'CHANGE', appointment: { id, doctor: { isOnline: true } } });

    const started = await doctor.gql('mutation($id: ID!) { startConsultation(id: $id) { id startedAt } }', { id });
    expect(started.errors).toBeUndefined();
    const heard = (await sub.next()).data!.appointmentEvents;
    expect(heard).toMatchObject({ type: 'CHANGE', appointment: { id, status: 'Confirmed', noShowRefundAt: null } });
    expect(heard.appointment.startedAt).toBe(started.data!.startConsultation.startedAt);
    sub.stop();
  });

  it('hears a no-show: cancelled by the job and its refund on its way', async () => {
    const { id } = await consultation();
    const socket = await live(patient.token);
    const sub = socket.subscribe(`subscription ($id: ID) { appointmentEvents(id: $id) { type appointment { id status cancelReason noShowRefundAt refunds { status amountPoisha } } } }`, { id });
    expect((await sub.first()).data!.appointmentEvents.type).toBe('SYNC');
    await t.sql(`update appointments set paid_at = now() - interval '1 hour' where id = ?`, [id]);
    await t.services.appointments.refundNoShows(t.orm.em.fork() as never);
    const cancelled = await sub.nextWhere((h) => h.data?.appointmentEvents.appointment.status === 'Cancelled');
    expect(cancelled.data!.appointmentEvents.appointment).toMatchObject({ cancelReason: 'DOCTOR_NO_SHOW', noShowRefundAt: null });
    // The refund was sent after the cancel's commit; its completion is heard too.
    const refunded = await sub.nextWhere((h) => h.data?.appointmentEvents.appointment.refunds.some((r: { status: string }) => r.status === 'Completed'));
    expect(refunded.data!.appointmentEvents.appointment.refunds[0].amountPoisha).toBeGreaterThan(0);
    sub.stop();
  });

  it("is refused for someone else's consultation, a made-up id, and a visitor", async () => {
    const { id } = await consultation();
    const theirs = (await (await live(other.token)).subscribe(APPOINTMENT_EVENTS, { id }).first()).errors;
    expect(theirs?.[0]?.extensions).toMatchObject({ code: 'NOT_FOUND', reason: 'NOT_FOUND' });
    const madeUp = (await (await live(patient.token)).subscribe(APPOINTMENT_EVENTS, { id: '00000000-0000-4000-8000-000000000000' }).first()).errors;
    expect(madeUp?.[0]).toMatchObject({ message: theirs?.[0]?.message, extensions: theirs?.[0]?.extensions });
    const visitor = (await (await live()).subscribe(APPOINTMENT_EVENTS, { id }).first()).errors;
    expect(visitor?.[0]?.extensions).toMatchObject({ code: 'UNAUTHENTICATED' });
  });
});

describe("following one's list", () => {
  it("the doctor hears a newly paid booking of theirs, not an unpaid one nor another doctor's", async () => {
    const socket = await live(doctor.token);
    const sub = socket.subscribe(APPOINTMENT_EVENTS);
    expect((await sub.first()).data!.appointmentEvents).toMatchObject({ type: 'SYNC', appointment: null });
    // Another patient's (a second booking of one patient with one doctor is the same open booking).
    const unpaid = await consultation(other, false);
    const paid = await consultation(patient, true);
    const heard = await sub.next();
    expect(heard.data!.appointmentEvents).toMatchObject({ type: 'CHANGE', appointment: { id: paid.id, paymentStatus: 'Paid', canStart: true } });
    expect(await sub.quiet(500)).toBe(true);
    expect(sub.heard.filter((h) => h.data?.appointmentEvents.appointment?.id === unpaid.id)).toEqual([]);
  });

  it("a patient hears only their own bookings and orders, never another patient's", async () => {
    const socket = await live(other.token);
    const appointments = socket.subscribe(APPOINTMENT_EVENTS);
    const orders = socket.subscribe(ORDER_EVENTS);
    await appointments.first();
    await orders.first();
    await consultation(patient, true);
    const medicine = await newMedicine(t, 20);
    const order = await placeOrder(patient, [{ medicineId: medicine.id, quantity: 1 }]);
    expect(order.status).toBe(200);
    // Karim's own change comes through; nothing of Rahima's came before it.
    const mine = await consultation(other, true);
    const heard = await appointments.next();
    expect(heard.data!.appointmentEvents.appointment.id).toBe(mine.id);
    expect(await orders.quiet(300)).toBe(true);
  });

  it('orders: the patient hears theirs paid, the admin every order, a doctor may not follow orders', async () => {
    const medicine = await newMedicine(t, 20);
    const mine = (await live(patient.token)).subscribe(ORDER_EVENTS);
    const all = (await live(admin.token)).subscribe(ORDER_EVENTS);
    await mine.first();
    await all.first();
    const placed = await placeOrder(patient, [{ medicineId: medicine.id, quantity: 2 }]);
    expect(placed.status).toBe(200);
    const orderId = placed.body.order._id as string;
    expect((await mine.next()).data!.orderEvents).toMatchObject({ type: 'CHANGE', order: { id: orderId, paymentStatus: 'Pending' } });
    expect((await all.next()).data!.orderEvents.order.id).toBe(orderId);
    await payInSandbox(t, placed.body.url, 'approve');
    expect((await mine.next()).data!.orderEvents.order).toMatchObject({ id: orderId, paymentStatus: 'Paid' });
    const refused = (await (await live(doctor.token)).subscribe(ORDER_EVENTS).first()).errors;
    expect(refused?.[0]?.extensions).toMatchObject({ code: 'FORBIDDEN' });
  });
});

describe('the admin dashboard', () => {
  it('hears its figures again when a consultation is booked', async () => {
    const sub = (await live(admin.token)).subscribe(DASHBOARD_EVENTS);
    const before = (await sub.first()).data!.dashboardEvents;
    expect(before.type).toBe('SYNC');
    await consultation(await asPatient(t, 'nusrat@nirog.test'), true);
    const after = (await sub.nextWhere((h) => h.data?.dashboardEvents.dashboard.consultations.today === before.dashboard.consultations.today + 1)).data!.dashboardEvents;
    expect(after.type).toBe('CHANGE');
    const refused = (await (await live(patient.token)).subscribe(DASHBOARD_EVENTS).first()).errors;
    expect(refused?.[0]?.extensions).toMatchObject({ code: 'FORBIDDEN' });
  });
});

describe('the pharmacist and the prescription check', () => {
  it('the pharmacist hears an order sent with a photo (not a plain one); its patient hears the approval and may pay', async () => {
    const pharmacist = await login(t, 'pharmacist@nirog.test');
    // A patient without the demo patient's open orders (photo orders count in the cap on open orders, whatever their age).
    const patient = await asPatient(t, 'nusrat@nirog.test');
    const queue = (await live(pharmacist.token)).subscribe(ORDER_EVENTS);
    const mine = (await live(patient.token)).subscribe(`subscription { orderEvents { type order { id status canPay prescriptionImageUrl } } }`);
    await queue.first();
    await mine.first();
    const plain = await newMedicine(t, 20);
    expect((await placeOrder(patient, [{ medicineId: plain.id, quantity: 1 }])).status).toBe(200);
    const e = t.orm.em.fork();
    const rx = e.create(Medicine, {
      name: 'Livetest Rx', genericName: 'Azithromycin', company: 'Square Pharmaceuticals', strength: '500 mg', form: MedicineForm.Tablet, unit: MedicineUnit.Strip,
      pricePoisha: 10500, stock: 10, prescriptionRequired: true, dosesPerUnit: 6,
    });
    await e.flush();
    const input = { shippingInfo: SHIPPING, orderItems: [{ medicineId: rx.id, quantity: 1 }], paymentMethod: 'Bkash' };
    const sent = await t.http().post('/graphql').set('Authorization', `Bearer ${patient.token}`).set('apollo-require-preflight', 'true')
      .field('operations', JSON.stringify({ query: 'mutation($input: CreateOrderInput!, $photo: Upload) { createOrder(input: $input, prescriptionImage: $photo) { order { id } } }', variables: { input, photo: null } }))
      .field('map', JSON.stringify({ 0: ['variables.photo'] }))
      .attach('0', await pngImage(40, 40), 'prescription.png');
    expect(sent.body.errors).toBeUndefined();
    const orderId = sent.body.data.createOrder.order.id as string;
    const heard = (await queue.next()).data!.orderEvents;
    expect(heard).toMatchObject({ type: 'CHANGE', order: { id: orderId, status: 'PrescriptionCheck' } });
    expect(await queue.quiet(300)).toBe(true);

    const approved = await pharmacist.gql('mutation($input: ReviewPrescriptionInput!) { reviewOrderPrescription(input: $input) { id status } }', { input: { orderId, approve: true, ...paperReading([{ medicineId: rx.id, quantity: 1 }]) } });
    expect(approved.errors).toBeUndefined();
    const told = await mine.nextWhere((h) => h.data?.orderEvents.order?.id === orderId && h.data.orderEvents.order.status === 'Processing');
    expect(told.data!.orderEvents.order).toMatchObject({ canPay: true });
    expect(told.data!.orderEvents.order.prescriptionImageUrl).toMatch(/^\/api\/medical-files\//);
    expect((await queue.nextWhere((h) => h.data?.orderEvents.order?.id === orderId)).data!.orderEvents.order.status).toBe('Processing');
  });
});

describe('integrator apps', () => {
  async function appKey(scopes: string[], organisation: { organisationKind?: string; organisationName?: string; hospitalDoctorIds?: string[] } = {}) {
    const r = await admin.gql('mutation($input: IntegratorAppInput!) { createIntegratorApp(input: $input) { key } }', {
      input: { name: `live ${scopes.join(' ')} ${Date.now()}`, contactEmail: 'live@apps.example', scopes, quotaSize: 100_000, quotaRestoreRate: 1000, ...organisation },
    });
    expect(r.errors).toBeUndefined();
    return r.data!.createIntegratorApp.key as string;
  }

  it('an app with orders:read hears every order; without it, it is refused MISSING_SCOPE', async () => {
    const sub = (await live(await appKey(['ORDERS_READ']))).subscribe(ORDER_EVENTS);
    expect((await sub.first()).data!.orderEvents.type).toBe('SYNC');
    const medicine = await newMedicine(t, 20);
    const placed = await placeOrder(other, [{ medicineId: medicine.id, quantity: 1 }]);
    expect((await sub.next()).data!.orderEvents.order.id).toBe(placed.body.order._id);
    const [read] = await t.sql<{ n: number }>(`select count(*)::int as n from audit_log where action = 'integrator.read' and entity_id = ?`, [placed.body.order._id]);
    expect(read!.n).toBeGreaterThan(0);
    const refused = (await (await live(await appKey(['CATALOG_READ']))).subscribe(ORDER_EVENTS).first()).errors;
    expect(refused?.[0]?.extensions).toMatchObject({ code: 'FORBIDDEN', reason: 'MISSING_SCOPE' });
  });

  it("a hospital's app hears the visits of the doctors linked to it only, never a video consultation", async () => {
    // Linked by an admin; an app named after the doctor's self-declared work place but not linked hears nothing.
    const [work] = await t.sql<{ work: string }>(`select work from doctors where id = ?`, [ayeshaId]);
    const own = (await live(await appKey(['APPOINTMENTS_READ'], { organisationKind: 'HOSPITAL', organisationName: 'Linked Hospital', hospitalDoctorIds: [ayeshaId] }))).subscribe(APPOINTMENT_EVENTS);
    const elsewhere = (await live(await appKey(['APPOINTMENTS_READ'], { organisationKind: 'HOSPITAL', organisationName: work!.work }))).subscribe(APPOINTMENT_EVENTS);
    await own.first();
    await elsewhere.first();
    await consultation(patient, true);
    const date = new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10);
    const visit = await patient.gql('mutation($input: BookHospitalVisitInput!) { bookHospitalVisit(input: $input) { id } }', {
      input: { doctorId: ayeshaId, patientName: 'Rahima Akter', phone: '01712345678', date, slot: 'Evening' },
    });
    expect(visit.errors).toBeUndefined();
    const heard = (await own.next()).data!.appointmentEvents.appointment;
    expect(heard.id).toBe(visit.data!.bookHospitalVisit.id);
    expect(await elsewhere.quiet(300)).toBe(true);
  });
});

describe('what is heard, and what is not', () => {
  it('a change that rolled back is never heard; one that committed is', async () => {
    const sub = (await live(patient.token)).subscribe(ORDER_EVENTS);
    await sub.first();
    const [order] = await t.sql<{ id: string; user_id: string }>(`select o.id, o.user_id from orders o join users u on u.id = o.user_id where u.email = 'patient@nirog.test' limit 1`);
    const signal = (n: number) => t.orm.em.fork().transactional(async (tx) => {
      await t.services.events.publish(tx as never, { type: 'order.statusChanged', orderId: order!.id, userId: order!.user_id, from: 'Processing', to: 'Processing' });
      if (n === 0) throw new Error('rolled back');
    });
    await expect(signal(0)).rejects.toThrow('rolled back');
    expect(await sub.quiet(400)).toBe(true);
    await signal(1);
    expect((await sub.next()).data!.orderEvents.order.id).toBe(order!.id);
  });

  it("takes the web app's own subscriptions by their registered hash, and refuses a hash it does not know", async () => {
    const manifest = JSON.parse(readFileSync(t.config.graphql.persistedDocumentsFile, 'utf8')) as Record<string, string>;
    const [hash] = Object.entries(manifest).find(([, text]) => /subscription OrderListEvents\b/.test(text))!;
    const socket = await live(patient.token);
    const byHash = socket.subscribeRaw({ query: '', extensions: { persistedQuery: { version: 1, sha256Hash: hash.replace(/^sha256:/, '') } } });
    expect((await byHash.first()).data!.orderEvents).toMatchObject({ __typename: 'OrderEvent', type: 'SYNC', order: null });
    const unknown = (await socket.subscribeRaw({ query: '', extensions: { persistedQuery: { version: 1, sha256Hash: '0'.repeat(64) } } }).first()).errors;
    expect(unknown?.[0]?.extensions).toMatchObject({ code: 'NOT_FOUND', reason: 'PERSISTED_QUERY_NOT_FOUND' });
  });

  it('subscriptions are not served over HTTP, nor queries over the socket (WRONG_TRANSPORT)', async () => {
    const overHttp = await patient.gql('subscription { orderEvents { type } }');
    expect(overHttp.status).toBe(400);
    expect(overHttp.errors?.[0]?.extensions).toMatchObject({ code: 'BAD_USER_INPUT', reason: 'WRONG_TRANSPORT' });
    const overSocket = (await (await live(patient.token)).subscribe('{ me { id } }').first()).errors;
    expect(overSocket?.[0]?.extensions).toMatchObject({ code: 'BAD_USER_INPUT', reason: 'WRONG_TRANSPORT' });
  });
});
