import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { asAdmin, asPatient, createTestApp, type Client, type TestApp } from '../app.js';
import { decideInSandbox, followCallback } from '../payments.js';
import { dayFromToday, doctorIdByName, hospitalVisit, newMedicine, placeOrder, stockOf } from '../fixtures.js';
import type { DomainEvent } from '../../src/common/events.js';

/**
 * The races, all in one place, at the numbers: 200 concurrent bookings of one slot, 200
 * orders against a stock of 50, 10 concurrent replays of one payment callback, two admins changing
 * one status. The counts must come out exact — in the answers, in the database and in the events.
 * On PostgreSQL (DATABASE_URL) the requests really run in parallel over the connection pool.
 */
let t: TestApp;
let patients: Client[];
let admin: Client;
const events: DomainEvent[] = [];
const countBy = <T>(xs: T[], f: (x: T) => unknown) => xs.reduce<Record<string, number>>((m, x) => ({ ...m, [String(f(x))]: (m[String(f(x))] ?? 0) + 1 }), {});

beforeAll(async () => {
  // The per-patient hold caps (holds.test.ts) are lifted here: these races are about the database
  // settling many buyers of one stock or one slot, three accounts standing in for two hundred people.
  t = await createTestApp({ env: { DATABASE_POOL_MAX: '20', OPEN_UNPAID_ORDERS_PER_PATIENT: '1000', HOSPITAL_PLACES_PER_PATIENT_SLOT: '1000', OPEN_HOSPITAL_VISITS_PER_PATIENT: '1000' } });
  for (const type of ['order.paid', 'appointment.statusChanged', 'appointment.booked'] as const) t.services.events.on(type, (_em, e) => { events.push(e); });
  patients = await Promise.all(['patient@nirog.test', 'karim@nirog.test', 'nusrat@nirog.test'].map((e) => asPatient(t, e)));
  admin = await asAdmin(t);
});
afterAll(async () => {
  await t?.close();
});

describe('races', () => {
  it('200 concurrent bookings of one hospital slot of capacity 5: exactly 5 booked, 195 told it is full', async () => {
    const doctorId = await doctorIdByName(t, 'Ayesha');
    const set = await admin.gql('mutation($id: ID!) { updateDoctor(id: $id, input: { hospitalSlotCapacity: 5 }) { hospitalSlotCapacity } }', { id: doctorId });
    expect(set.errors).toBeUndefined();
    const date = dayFromToday(9);
    const results = await Promise.all(Array.from({ length: 200 }, (_, i) => patients[i % 3]!.post('/new/appointment', hospitalVisit(doctorId, date))));
    const byStatus = countBy(results, (r) => r.status);
    console.log(`race: 200 bookings of a slot of 5 → ${JSON.stringify(byStatus)}`);
    expect(byStatus).toEqual({ 200: 5, 409: 195 });
    expect(results.filter((r) => r.status === 409).every((r) => r.body.reason === 'SLOT_FULL')).toBe(true);
    const rows = await t.sql(`select count(*)::int as n from appointments where doctor_id = ? and visit_date = ? and slot = 'Evening' and status <> 'Cancelled'`, [doctorId, date]);
    expect(rows[0]!.n).toBe(5);
    const booked = events.filter((e) => e.type === 'appointment.booked' && results.some((r) => r.status === 200 && r.body.appointment._id === e.appointmentId));
    expect(booked).toHaveLength(5);
  });

  it('200 orders against a stock of 50: exactly 50 sold, 150 refused, stock 0, 50 payments', async () => {
    const m = await newMedicine(t, 50);
    const results = await Promise.all(Array.from({ length: 200 }, (_, i) => placeOrder(patients[i % 3]!, [{ medicineId: m.id, quantity: 1 }])));
    const byStatus = countBy(results, (r) => r.status);
    console.log(`race: 200 orders, stock 50 → ${JSON.stringify(byStatus)}, stock left ${await stockOf(t, m.id)}`);
    expect(byStatus).toEqual({ 200: 50, 409: 150 });
    expect(results.filter((r) => r.status === 409).every((r) => r.body.reason === 'OUT_OF_STOCK')).toBe(true);
    expect(await stockOf(t, m.id)).toBe(0);
    const orders = await t.sql('select count(distinct o.id)::int as n, coalesce(sum(i.quantity), 0)::int as q from orders o join order_items i on i.order_id = o.id where i.medicine_id = ?', [m.id]);
    expect(orders[0]).toEqual({ n: 50, q: 50 });
    const payments = await t.sql(`select count(*)::int as n from payments where purpose_id in (select order_id from order_items where medicine_id = ?)`, [m.id]);
    expect(payments[0]!.n).toBe(50);
  });

  it('10 concurrent replays of one payment callback: one payment recorded, one order paid, once', async () => {
    const m = await newMedicine(t, 5);
    const placed = await placeOrder(patients[0]!, [{ medicineId: m.id, quantity: 1 }]);
    expect(placed.status).toBe(200);
    const callback = await decideInSandbox(t, placed.body.url, 'approve');
    const landings = await Promise.all(Array.from({ length: 10 }, () => followCallback(t, callback)));
    console.log(`race: 10 concurrent callback replays → ${new Set(landings.map((l) => new URL(l).pathname.split('/').slice(0, -1).join('/'))).size} distinct landing, ${events.filter((e) => e.type === 'order.paid' && e.orderId === placed.body.order._id).length} order.paid event`);
    expect(landings.every((l) => l.includes(`/payment/successfull/${placed.body.tranId}`))).toBe(true);
    expect(events.filter((e) => e.type === 'order.paid' && e.orderId === placed.body.order._id)).toHaveLength(1);
    const rows = await t.sql(`select status, count(*)::int as n from payments where purpose_id = ? group by status`, [placed.body.order._id]);
    expect(rows).toEqual([{ status: 'completed', n: 1 }]);
    const order = await t.sql('select payment_status, status from orders where id = ?', [placed.body.order._id]);
    expect(order[0]).toMatchObject({ payment_status: 'paid' });
    expect(await stockOf(t, m.id)).toBe(4);
  });

  // Both confirm: of two compare-and-set updates from Processing only one can apply; the other sees a stale or illegal move.
  it('two admins changing one status at once: exactly one wins, one event, one audit line', async () => {
    const doctorId = await doctorIdByName(t, 'Farzana');
    const booked = await patients[0]!.post('/new/appointment', hospitalVisit(doctorId, dayFromToday(11), 'Morning'));
    expect(booked.status).toBe(200);
    const id = booked.body.appointment._id as string;
    const other = await asAdmin(t);
    const results = await Promise.all([admin.put(`/admin/appointment/${id}`, { bookingStatus: 'Confirmed' }), other.put(`/admin/appointment/${id}`, { bookingStatus: 'Confirmed' })]);
    const winners = results.filter((r) => r.status === 200);
    console.log(`race: two admins on one status → ${results.map((r) => r.status).join(', ')}`);
    expect(winners).toHaveLength(1);
    expect(results.filter((r) => r.status !== 200).map((r) => r.body.reason)).toEqual([expect.stringMatching(/^(ILLEGAL_TRANSITION|CHANGED_MEANWHILE)$/)]);
    expect(events.filter((e) => e.type === 'appointment.statusChanged' && e.appointmentId === id)).toHaveLength(1);
    const status = (await t.sql('select status from appointments where id = ?', [id]))[0]!.status;
    expect(status).toBe(winners[0]!.body.appointment.bookingStatus);
    const audit = await t.sql(`select count(*)::int as n from audit_log where entity_id = ? and action like 'PUT %'`, [id]);
    expect(audit[0]!.n).toBe(1);
  });
});
