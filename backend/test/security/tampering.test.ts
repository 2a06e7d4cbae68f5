import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { asAdmin, asPatient, createTestApp, type Client, type TestApp } from '../app.js';
import { decideInSandbox, followCallback, payInSandbox } from '../payments.js';
import { doctorIdByName, newMedicine, placeOrder, stockOf } from '../fixtures.js';

/**
 * Tampering: mass assignment, prices and totals from the client, forged and replayed payment
 * callbacks. Each attempt is refused or ignored, and nothing changes that should not.
 */
let t: TestApp;
let patient: Client;

beforeAll(async () => {
  // One patient places many orders here: the per-patient cap on unpaid orders is holds.test.ts's subject.
  t = await createTestApp({ env: { OPEN_UNPAID_ORDERS_PER_PATIENT: '1000' } });
  patient = await asPatient(t);
});
afterAll(async () => {
  await t?.close();
});

describe('mass assignment', () => {
  it('signup ignores role, verification and id sent by the client', async () => {
    const email = `mass-${Date.now()}@example.com`;
    const res = await t.http().post('/api/register').send({
      name: 'Mallory', email, password: 'mango-tree-42', role: 'admin', emailVerified: true, emailVerifiedAt: new Date().toISOString(),
      _id: '00000000-0000-4000-8000-000000000000', id: '00000000-0000-4000-8000-000000000000', isAdmin: true,
    });
    expect(res.status).toBe(200);
    const row = (await t.sql('select id, role, email_verified_at from users where email = ?', [email]))[0]!;
    expect(row).toMatchObject({ role: 'user', email_verified_at: null });
    expect(row.id).not.toBe('00000000-0000-4000-8000-000000000000');
    const gql = await t.http().post('/graphql').send({ query: 'mutation { signup(input: { name: "M", email: "m2@example.com", password: "mango-tree-42", role: admin }) { id } }' });
    expect(gql.body.errors[0].extensions.code).toBe('GRAPHQL_VALIDATION_FAILED');
    expect((await t.sql('select count(*)::int as n from users where email = ?', ['m2@example.com']))[0]!.n).toBe(0);
  });

  it('a profile update cannot change role, email, password, verification or another user', async () => {
    const before = (await t.sql('select role, email, password_hash, email_verified_at from users where id = ?', [patient.user!.id]))[0];
    const res = await patient.put('/update/currentUserdetails', {
      name: 'Rahima Akter', phone: '01712345678', birthdate: '1992-04-14',
      role: 'admin', email: 'taken-over@example.com', password: 'x', passwordHash: 'x', emailVerifiedAt: null, deletedAt: new Date().toISOString(),
    });
    expect(res.status).toBe(200);
    expect((await t.sql('select role, email, password_hash, email_verified_at from users where id = ?', [patient.user!.id]))[0]).toEqual(before);
    const gql = await patient.gql('mutation { updateProfile(input: { name: "R", phone: "01712345678", birthdate: "1992-04-14", role: admin }) { id } }');
    expect(gql.code).toBe('GRAPHQL_VALIDATION_FAILED');
  });

  it('an order cannot be created as paid, delivered or for someone else', async () => {
    const m = await newMedicine(t, 5, 2000);
    const res = await placeOrder(patient, [{ medicineId: m.id, quantity: 1 }], 'Bkash', {
      orderStatus: 'Delivered', paymentInfo: { id: 'forged', status: 'succeeded', method: 'Bkash' }, paidAt: new Date().toISOString(),
      user: '00000000-0000-4000-8000-000000000000', userId: '00000000-0000-4000-8000-000000000000',
    });
    expect(res.status).toBe(200);
    const order = (await t.sql('select status, payment_status, user_id, paid_at from orders where id = ?', [res.body.order._id]))[0]!;
    expect(order).toMatchObject({ status: 'Processing', payment_status: 'pending', user_id: patient.user!.id, paid_at: null });
  });
});

describe('prices and totals', () => {
  it('prices an order from the catalogue whatever the client says, also through GraphQL', async () => {
    const m = await newMedicine(t, 10, 4550);
    const res = await patient.post('/create/order', {
      shippingInfo: { name: 'R', phone: '01712345678', address: 'House 1, Road 1, Dhanmondi', city: 'Dhaka' },
      orderItems: [{ _id: m.id, price: 0.01, cartQuantity: 2 }], itemsPrice: 0.02, shippingPrice: 0, totalPrice: 0.02, paymentMethod: 'Bkash',
    });
    expect(res.body.order).toMatchObject({ itemsPrice: 91, shippingPrice: 60, totalPrice: 151 });
    const payment = (await t.sql('select amount_poisha from payments where tran_id = ?', [res.body.tranId]))[0]!;
    expect(Number(payment.amount_poisha)).toBe(15100);
    const gql = await patient.gql('mutation($i: CreateOrderInput!) { createOrder(input: $i) { order { totalPoisha } } }', {
      i: { lines: [{ medicineId: m.id, quantity: 1, pricePoisha: 1 }], shipping: { name: 'R', phone: '01712345678', address: 'House 1, Road 1', city: 'Dhaka' }, paymentMethod: 'Bkash' },
    });
    expect(['BAD_USER_INPUT', 'GRAPHQL_VALIDATION_FAILED']).toContain(gql.code);
  });

  it.each([[0], [-3], [1.5], [1e9], ['2; drop table orders']])('refuses quantity %p and keeps the stock', async (quantity) => {
    const m = await newMedicine(t, 5);
    const res = await patient.post('/create/order', { shippingInfo: { name: 'R', phone: '01712345678', address: 'House 1, Road 1, Dhanmondi', city: 'Dhaka' }, orderItems: [{ _id: m.id, cartQuantity: quantity }], paymentMethod: 'Bkash' });
    expect([400, 409]).toContain(res.status);
    expect(await stockOf(t, m.id)).toBe(5);
  });

  it('books a consultation at the fee in the database, not the one sent', async () => {
    const doctorId = await doctorIdByName(t, 'Mahbubur');
    const fee = (await t.sql('select fee_poisha from doctors where id = ?', [doctorId]))[0]!.fee_poisha;
    const res = await patient.post('/new/appointment', { doctorId, name: 'Rahima', age: 34, weight: '58', height: '5', gender: 'Female', problem: 'Cough', feePoisha: 1, doctorfees: 1, fees: 1 });
    expect(res.status).toBe(200);
    expect(Number(res.body.appointment.feePoisha)).toBe(Number(fee));
  });
});

describe('payment callbacks', () => {
  it('refuses forged success callbacks (bKash and Nagad): the order stays unpaid, stock stays reserved', async () => {
    for (const method of ['Bkash', 'Nagad']) {
      const m = await newMedicine(t, 5);
      const placed = await placeOrder(patient, [{ medicineId: m.id, quantity: 2 }], method);
      const p = (await t.sql('select provider_payment_id, tran_id from payments where tran_id = ?', [placed.body.tranId]))[0]!;
      const forged = method === 'Bkash'
        ? `/api/payments/bkash/callback?paymentID=${p.provider_payment_id}&status=success&trxID=FORGED123`
        : `/api/payments/nagad/callback?merchant=683002007104225&order_id=${p.tran_id}&payment_ref_id=${p.provider_payment_id}&status=Success&status_code=00_0000_000`;
      const landing = await followCallback(t, forged);
      expect(landing).toContain('/failed/');
      const order = (await t.sql('select payment_status, status from orders where id = ?', [placed.body.order._id]))[0]!;
      expect(order).toMatchObject({ payment_status: 'pending', status: 'Processing' });
      expect(await stockOf(t, m.id)).toBe(3);
    }
  });

  it('a replayed callback of a failed payment cannot turn it into a paid one, and a paid one stays paid once', async () => {
    const m = await newMedicine(t, 5);
    const failed = await placeOrder(patient, [{ medicineId: m.id, quantity: 1 }]);
    const failedCallback = await decideInSandbox(t, failed.body.url, 'fail');
    await followCallback(t, failedCallback);
    await followCallback(t, failedCallback.replace('status=failure', 'status=success'));
    expect((await t.sql('select payment_status from orders where id = ?', [failed.body.order._id]))[0]!.payment_status).toBe('failed');
    expect(await stockOf(t, m.id)).toBe(5);

    const paid = await placeOrder(patient, [{ medicineId: m.id, quantity: 1 }]);
    await payInSandbox(t, paid.body.url, 'approve');
    const rows = await t.sql(`select status, count(*)::int as n from payments where purpose_id = ? group by status`, [paid.body.order._id]);
    expect(rows).toEqual([{ status: 'completed', n: 1 }]);
  });

  it('an admin cannot mark an unpaid online order as paid by moving its status', async () => {
    const admin = await asAdmin(t);
    const m = await newMedicine(t, 5);
    const placed = await placeOrder(patient, [{ medicineId: m.id, quantity: 1 }]);
    const res = await admin.put(`/admin/order/${placed.body.order._id}`, { status: 'Delivered' });
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect((await t.sql('select payment_status from orders where id = ?', [placed.body.order._id]))[0]!.payment_status).toBe('pending');
  });
});
