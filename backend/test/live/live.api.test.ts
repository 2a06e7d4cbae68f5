import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { asAdmin, asDoctor, asPatient, createTestApp, login, type Client, type TestApp } from '../app.js';
import { payInSandbox } from '../payments.js';
import { newMedicine, placeOrder } from '../fixtures.js';
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
    expect(madeUp?.[0]?.extensions).toMatchObject({ code: 'NOT_FOUND' });
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

void login;
