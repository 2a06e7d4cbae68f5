import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { asPatient, createTestApp, type Client, type TestApp } from '../app.js';
import { dayFromToday, doctorIdByName, hospitalVisit, newMedicine, placeOrder, stockOf } from '../fixtures.js';
import { Order } from '../../src/modules/orders/order.entity.js';
import { Appointment } from '../../src/modules/appointments/appointment.entity.js';

/**
 * Reservation hoarding: one patient cannot hold a medicine's stock with a pile of unpaid orders, nor
 * every place of a hospital slot. Caps at their defaults (3 unpaid orders, 2 places a slot, 4
 * upcoming visits), counted under a lock on the patient's row so concurrent requests cannot pass them.
 */
let t: TestApp;
let patient: Client;
let karim: Client;
let nusrat: Client;
let ayeshaId: string;

beforeAll(async () => {
  t = await createTestApp();
  [patient, karim, nusrat] = await Promise.all(['patient@nirog.test', 'karim@nirog.test', 'nusrat@nirog.test'].map((e) => asPatient(t, e)));
  ayeshaId = await doctorIdByName(t, 'Ayesha');
});
afterAll(async () => {
  await t.close();
});

describe('unpaid orders', () => {
  it('lets one patient keep at most 3 unpaid orders open; the 4th is refused and holds nothing', async () => {
    const m = await newMedicine(t, 90);
    for (let i = 0; i < 3; i++) expect((await placeOrder(nusrat, [{ medicineId: m.id, quantity: 10 }])).status).toBe(200);
    expect(await stockOf(t, m.id)).toBe(60);
    const fourth = await placeOrder(nusrat, [{ medicineId: m.id, quantity: 10 }]);
    expect(fourth.status).toBe(409);
    expect(fourth.body.reason).toBe('TOO_MANY_UNPAID_ORDERS');
    expect(await stockOf(t, m.id)).toBe(60);
    expect(await t.orm.em.fork().count(Order, { user: nusrat.user!._id ?? nusrat.user!.id })).toBe(3);
  });

  it('counts only orders still inside the payment window (older ones are being abandoned)', async () => {
    const m = await newMedicine(t, 20);
    const userId = nusrat.user!._id ?? nusrat.user!.id;
    const em = t.orm.em.fork();
    const oldest = await em.findOneOrFail(Order, { user: userId }, { orderBy: { createdAt: 'asc' } });
    await em.nativeUpdate(Order, { id: oldest.id }, { createdAt: new Date(Date.now() - 31 * 60_000) });
    expect((await placeOrder(nusrat, [{ medicineId: m.id, quantity: 1 }])).status).toBe(200);
    expect((await placeOrder(nusrat, [{ medicineId: m.id, quantity: 1 }])).status).toBe(409);
  });

  it('holds under 10 concurrent checkouts by one patient: exactly 3 placed', async () => {
    const m = await newMedicine(t, 100);
    const results = await Promise.all(Array.from({ length: 10 }, () => placeOrder(karim, [{ medicineId: m.id, quantity: 5 }])));
    const codes = results.map((r) => r.status).sort();
    expect(codes.filter((c) => c === 200)).toHaveLength(3);
    expect(codes.filter((c) => c === 409)).toHaveLength(7);
    expect(results.filter((r) => r.status === 409).every((r) => r.body.reason === 'TOO_MANY_UNPAID_ORDERS')).toBe(true);
    expect(await stockOf(t, m.id)).toBe(85);
  });
});

describe('hospital visits (paid at the hospital)', () => {
  const book = (client: Client, date: string, slot = 'Evening') => client.post('/new/appointment', hospitalVisit(ayeshaId, date, slot));

  it('lets one account hold at most 2 places of a slot; other patients still get the rest', async () => {
    const date = dayFromToday(3);
    expect((await book(karim, date)).status).toBe(200);
    expect((await book(karim, date)).status).toBe(200);
    const third = await book(karim, date);
    expect(third.status).toBe(409);
    expect(third.body.reason).toBe('SLOT_LIMIT_REACHED');
    expect((await book(nusrat, date)).status).toBe(200);
  });

  it('lets one account hold at most 4 upcoming visits in all', async () => {
    // karim holds 2 from the test above
    expect((await book(karim, dayFromToday(4))).status).toBe(200);
    expect((await book(karim, dayFromToday(5))).status).toBe(200);
    const fifth = await book(karim, dayFromToday(6));
    expect(fifth.status).toBe(409);
    expect(fifth.body.reason).toBe('TOO_MANY_OPEN_VISITS');
  });

  it('holds under 6 concurrent bookings of one slot by one account: exactly 2 places taken', async () => {
    const date = dayFromToday(7);
    const results = await Promise.all(Array.from({ length: 6 }, () => book(patient, date, 'Morning')));
    expect(results.filter((r) => r.status === 200)).toHaveLength(2);
    expect(results.filter((r) => r.status === 409).every((r) => r.body.reason === 'SLOT_LIMIT_REACHED')).toBe(true);
    const load = await t.sql<{ booked: number }>(
      'select booked from hospital_slot_loads where doctor_id = ? and visit_date = ? and slot = ?', [ayeshaId, date, 'Morning']);
    expect(Number(load[0]!.booked)).toBe(2);
  });

  it('closes a visit nobody confirmed before its day was over, which frees the patient to book again', async () => {
    const userId = karim.user!._id ?? karim.user!.id;
    const em = t.orm.em.fork();
    const one = await em.findOneOrFail(Appointment, { patient: userId, visitDate: dayFromToday(4) });
    await em.nativeUpdate(Appointment, { id: one.id }, { visitDate: dayFromToday(-1) });
    const mine = await karim.get('/mybooking');
    expect(mine.status).toBe(200);
    const after = await t.orm.em.fork().findOneOrFail(Appointment, { id: one.id });
    expect(after.status).toBe('Cancelled');
    expect(after.cancelReason).toBe('NOT_CONFIRMED');
    expect((await book(karim, dayFromToday(6))).status).toBe(200);
  });
});
