import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { asAdmin, asPatient, asVisitor, countQueries, createTestApp, login, pngImage, type Client, type TestApp } from '../../../../test/app.js';
import { payInSandbox } from '../../../../test/payments.js';
import { SHIPPING, orderWithPhoto, paperReading, placeOrder, prescriptionFor, rxMedicine, stockOf } from '../../../../test/fixtures.js';
import { MedicineUnit } from '../../medicines/index.js';
import { Dispensing, DispensingLine, DispensingState } from '../../prescriptions/index.js';
import { Order, OrderStatus } from '../order.entity.js';
import { PRESCRIPTION_CHECK_HOURS } from '../order.service.js';

/**
 * A prescription is a medical record, not a bearer token: each line allows its course (and the
 * refills the doctor granted) until it expires; what orders take of it is held at checkout,
 * dispensed when paid and given back when cancelled, exactly, under concurrent checkouts; a photo
 * becomes a ledger once a pharmacist reads it; only that reading moves an order out of its check.
 */
let t: TestApp;
let patient: Client;
let karim: Client;
let pharmacist: Client;
let admin: Client;

beforeAll(async () => {
  t = await createTestApp({ env: { OPEN_UNPAID_ORDERS_PER_PATIENT: '1000' } });
  [patient, karim, pharmacist, admin] = await Promise.all([asPatient(t), asPatient(t, 'karim@nirog.test'), login(t, 'pharmacist@nirog.test'), asAdmin(t)]);
});
afterAll(async () => {
  await t.close();
});

const em = () => t.orm.em.fork();
/** Loose tablets (one dose a unit), plenty in stock: what the prescription allows is the only limit. */
const looseTablets = () => rxMedicine(t, { stock: 1000, unit: MedicineUnit.Pcs, dosesPerUnit: 1, pricePoisha: 500 });
/** The prescription: "1+0+0, 3 days, 3 tablets". */
const threeTablets = (name: string, extra: { refills?: number } = {}) => ({ medname: `${name} 500 mg`, dailyUse: '1+0+0', days: 3, quantity: '3 tablets', ...extra });

const DISPENSING = `query($id: ID!) { prescription(id: $id) { medicines { medname refills }
  dispensing { lineNo medname measure course refills allowed dispensed held remaining validUntil expired } } }`;
const ledgerOf = async (client: Client, id: string) => {
  const r = await client.gql(DISPENSING, { id });
  expect(r.errors).toBeUndefined();
  return r.data!.prescription.dispensing as { allowed: number; dispensed: number; held: number; remaining: number; refills: number; expired: boolean }[];
};
const paid = async (url: string) => payInSandbox(t, url, 'approve');

describe('one prescription line, one course', () => {
  it('refuses 100 units of "3 tablets", however often asked, and says how many are left', async () => {
    const m = await looseTablets();
    const rx = await prescriptionFor(t, 'patient@nirog.test', [threeTablets(m.name)]);
    for (let i = 0; i < 6; i++) {
      const rest = await placeOrder(patient, [{ medicineId: m.id, quantity: 100 }], 'Bkash', { prescriptionId: rx });
      expect(rest.status).toBe(409);
      expect(rest.body).toMatchObject({ reason: 'PRESCRIPTION_QUANTITY_EXCEEDED', params: { medicine: m.name, medicineId: m.id, available: 3 } });
    }
    const gql = await patient.gql('mutation($input: CreateOrderInput!) { createOrder(input: $input) { tranId } }',
      { input: { shippingInfo: SHIPPING, orderItems: [{ medicineId: m.id, quantity: 4 }], prescriptionId: rx } });
    expect(gql.errors![0]!.extensions).toMatchObject({ reason: 'PRESCRIPTION_QUANTITY_EXCEEDED', params: { available: 3 } });
    expect(await stockOf(t, m.id)).toBe(1000);
    expect(await em().count(Order, { prescriptionId: rx })).toBe(0);
  });

  it('sells the course once: held while unpaid, dispensed when paid, then nothing more', async () => {
    const m = await looseTablets();
    const rx = await prescriptionFor(t, 'patient@nirog.test', [threeTablets(m.name)]);
    const first = await placeOrder(patient, [{ medicineId: m.id, quantity: 3 }], 'Bkash', { prescriptionId: rx });
    expect(first.status).toBe(200);
    expect(await ledgerOf(patient, rx)).toMatchObject([{ allowed: 3, held: 3, dispensed: 0, remaining: 0 }]);
    // Held by the unpaid order: a second checkout finds nothing left.
    const second = await placeOrder(patient, [{ medicineId: m.id, quantity: 1 }], 'Bkash', { prescriptionId: rx });
    expect(second.body).toMatchObject({ reason: 'PRESCRIPTION_QUANTITY_EXCEEDED', params: { available: 0 } });
    await paid(first.body.url);
    expect(await ledgerOf(patient, rx)).toMatchObject([{ allowed: 3, held: 0, dispensed: 3, remaining: 0 }]);
    const third = await placeOrder(patient, [{ medicineId: m.id, quantity: 1 }], 'Bkash', { prescriptionId: rx });
    expect(third.body.reason).toBe('PRESCRIPTION_QUANTITY_EXCEEDED');
    // The order line says what it drew on, through both doors.
    const line = (await patient.gql('query($id: ID!) { order(id: $id) { items { quantity prescriptionLine { allowed dispensed remaining } } } }', { id: first.body.order._id }))
      .data!.order.items[0];
    expect(line).toEqual({ quantity: 3, prescriptionLine: { allowed: 3, dispensed: 3, remaining: 0 } });
    const rest = await patient.get(`/order/${first.body.order._id}`);
    expect(rest.body.order.orderItems[0].prescriptionLine).toMatchObject({ allowed: 3, dispensed: 3, remaining: 0 });
  });

  it('gives back what a failed payment or a cancelled order held, and what a refunded order took', async () => {
    const m = await looseTablets();
    const rx = await prescriptionFor(t, 'patient@nirog.test', [threeTablets(m.name)]);
    const failed = await placeOrder(patient, [{ medicineId: m.id, quantity: 3 }], 'Bkash', { prescriptionId: rx });
    await payInSandbox(t, failed.body.url, 'fail');
    expect(await ledgerOf(patient, rx)).toMatchObject([{ held: 0, dispensed: 0, remaining: 3 }]);

    const order = await placeOrder(patient, [{ medicineId: m.id, quantity: 2 }], 'Bkash', { prescriptionId: rx });
    await paid(order.body.url);
    expect(await ledgerOf(patient, rx)).toMatchObject([{ dispensed: 2, remaining: 1 }]);
    // An admin cancels the paid order: refunded, and its tablets are the patient's to buy again.
    const cancelled = await admin.gql('mutation($id: ID!) { updateOrderStatus(id: $id, status: Cancelled) { status refunds { amountPoisha } } }', { id: order.body.order._id });
    expect(cancelled.data!.updateOrderStatus).toMatchObject({ status: 'Cancelled', refunds: [{ amountPoisha: 2 * 500 + 6000 }] });
    expect(await ledgerOf(patient, rx)).toMatchObject([{ held: 0, dispensed: 0, remaining: 3 }]);
    // Given back once, however often the order is cancelled.
    await admin.gql('mutation($id: ID!) { updateOrderStatus(id: $id, status: Cancelled) { status } }', { id: order.body.order._id });
    const rows = await em().find(Dispensing, { orderId: { $in: [failed.body.order._id, order.body.order._id] } });
    expect(rows.map((r) => r.state)).toEqual([DispensingState.Released, DispensingState.Released]);
    expect(await ledgerOf(patient, rx)).toMatchObject([{ held: 0, dispensed: 0, remaining: 3 }]);
  });

  it('sells whole strips that cover the course, never a strip more', async () => {
    // "1+0+1 for 7 days" (14 doses) in strips of 10: two strips.
    const m = await rxMedicine(t, { stock: 100, dosesPerUnit: 10 });
    const rx = await prescriptionFor(t, 'patient@nirog.test', [{ medname: `${m.name} 500 mg`, dailyUse: '1+0+1', days: 7, quantity: '' }]);
    expect((await placeOrder(patient, [{ medicineId: m.id, quantity: 3 }], 'Bkash', { prescriptionId: rx })).body)
      .toMatchObject({ reason: 'PRESCRIPTION_QUANTITY_EXCEEDED', params: { available: 2 } });
    expect((await placeOrder(patient, [{ medicineId: m.id, quantity: 2 }], 'Bkash', { prescriptionId: rx })).status).toBe(200);
    expect(await ledgerOf(patient, rx)).toMatchObject([{ allowed: 14, held: 14, remaining: 0 }]);
  });

  it('allows the refills the doctor granted, and no more', async () => {
    const m = await looseTablets();
    const rx = await prescriptionFor(t, 'patient@nirog.test', [threeTablets(m.name, { refills: 2 })]);
    expect(await ledgerOf(patient, rx)).toMatchObject([{ allowed: 9, refills: 2, remaining: 9 }]);
    for (const quantity of [3, 3, 3]) {
      const r = await placeOrder(patient, [{ medicineId: m.id, quantity }], 'Bkash', { prescriptionId: rx });
      expect(r.status).toBe(200);
      await paid(r.body.url);
    }
    expect((await placeOrder(patient, [{ medicineId: m.id, quantity: 1 }], 'Bkash', { prescriptionId: rx })).body.params).toMatchObject({ available: 0 });
  });

  it('refuses a prescription past its validity, and says until when it was valid', async () => {
    const m = await looseTablets();
    const rx = await prescriptionFor(t, 'patient@nirog.test', [threeTablets(m.name)], new Date(Date.now() - 40 * 86_400_000));
    const r = await placeOrder(patient, [{ medicineId: m.id, quantity: 1 }], 'Bkash', { prescriptionId: rx });
    expect(r.status).toBe(409);
    expect(r.body).toMatchObject({ reason: 'PRESCRIPTION_EXPIRED', params: { medicine: m.name } });
    expect(await ledgerOf(patient, rx)).toMatchObject([{ expired: true }]);
  });

  it('counts two medicines of one generic against the one line that names the generic', async () => {
    const a = await rxMedicine(t, { stock: 100, generic: 'Cefuroxime', strength: '250 mg', unit: MedicineUnit.Pcs, dosesPerUnit: 1 });
    const b = await rxMedicine(t, { stock: 100, generic: 'Cefuroxime', strength: '250 mg', unit: MedicineUnit.Pcs, dosesPerUnit: 1 });
    const rx = await prescriptionFor(t, 'patient@nirog.test', [{ medname: 'Cefuroxime 250 mg', dailyUse: '1+0+1', days: 2, quantity: '' }]);
    const r = await placeOrder(patient, [{ medicineId: a.id, quantity: 3 }, { medicineId: b.id, quantity: 2 }], 'Bkash', { prescriptionId: rx });
    expect(r.body).toMatchObject({ reason: 'PRESCRIPTION_QUANTITY_EXCEEDED' });
    expect((await placeOrder(patient, [{ medicineId: a.id, quantity: 2 }, { medicineId: b.id, quantity: 2 }], 'Bkash', { prescriptionId: rx })).status).toBe(200);
  });

  it('takes what is left exactly once when twenty checkouts race on it', async () => {
    const m = await looseTablets();
    const rx = await prescriptionFor(t, 'patient@nirog.test', [{ medname: `${m.name} 500 mg`, dailyUse: '1+0+1', days: 5, quantity: '10 tablets' }]);
    const tries = await Promise.all(Array.from({ length: 20 }, () => placeOrder(patient, [{ medicineId: m.id, quantity: 3 }], 'Bkash', { prescriptionId: rx })));
    const ok = tries.filter((r) => r.status === 200);
    // 10 tablets: three orders of 3, and the fourth may take the last 1 only if it asks for 1.
    expect(ok).toHaveLength(3);
    expect(tries.filter((r) => r.status !== 200).every((r) => r.body.reason === 'PRESCRIPTION_QUANTITY_EXCEEDED')).toBe(true);
    const [line] = await em().find(DispensingLine, { prescription: rx });
    expect(line).toMatchObject({ allowed: 10, held: 9, dispensed: 0 });
    expect((await em().find(Dispensing, { line: line!.id })).reduce((s, d) => s + d.amount, 0)).toBe(9);
  });
});

describe("the cart's quote knows what the prescription has left", () => {
  const QUOTE = `query($items: [OrderLineInput!]!, $rx: ID) { quoteCart(items: $items, prescriptionId: $rx) { lines { medicineId quantity available prescriptionAllows } } }`;

  it('says how many units each prescription-only line still allows, through both doors', async () => {
    const m = await looseTablets();
    const rx = await prescriptionFor(t, 'patient@nirog.test', [threeTablets(m.name)]);
    const q = await patient.gql(QUOTE, { items: [{ medicineId: m.id, quantity: 10 }], rx });
    expect(q.data!.quoteCart.lines).toEqual([{ medicineId: m.id, quantity: 10, available: true, prescriptionAllows: 3 }]);
    const rest = await patient.post('/cart/quote', { items: [{ medicineId: m.id, quantity: 10 }], prescriptionId: rx });
    expect(rest.body.lines[0].prescriptionAllows).toBe(3);
    // Without a prescription the quote says nothing of it.
    expect((await patient.gql(QUOTE, { items: [{ medicineId: m.id, quantity: 10 }] })).data!.quoteCart.lines[0].prescriptionAllows).toBeNull();
  });

  it("answers someone else's prescription, and a visitor naming one, as if it did not exist", async () => {
    const m = await looseTablets();
    const rx = await prescriptionFor(t, 'patient@nirog.test', [threeTablets(m.name)]);
    for (const who of [karim, asVisitor(t)]) {
      expect((await who.gql(QUOTE, { items: [{ medicineId: m.id, quantity: 1 }], rx })).errors![0]!.extensions!.code).toBe('NOT_FOUND');
    }
    expect((await patient.gql(QUOTE, { items: [{ medicineId: m.id, quantity: 1 }], rx: '00000000-0000-4000-8000-000000000000' })).errors![0]!.extensions!.code).toBe('NOT_FOUND');
  });
});

const CREATE = `mutation($input: CreateOrderInput!, $photo: Upload) {
  createOrder(input: $input, prescriptionImage: $photo) { paymentUrl tranId order { id status } } }`;
const REVIEW = `mutation($input: ReviewPrescriptionInput!) { reviewOrderPrescription(input: $input) {
  id status nextStatuses paperPrescription { id validUntil lines { medicineId allowed held dispensed remaining refills } } } }`;

/** An order sent with a photo of a paper prescription (the shared fixture), its id. */
async function photoOrder(client: Client, lines: { medicineId: string; quantity: number }[]): Promise<string> {
  const res = await orderWithPhoto(t, client, lines, await pngImage(32, 32));
  expect(res.errors).toBeUndefined();
  return res.data!.createOrder.order.id;
}

describe('a photo of a paper prescription, read by a pharmacist', () => {
  it('becomes a ledger: the order is held on it, paid, and a later order may name it for what is left', async () => {
    const m = await looseTablets();
    const orderId = await photoOrder(patient, [{ medicineId: m.id, quantity: 5 }]);
    const r = await pharmacist.gql(REVIEW, { input: { orderId, approve: true, ...paperReading([{ medicineId: m.id, quantity: 5, refills: 1 }]) } });
    expect(r.errors).toBeUndefined();
    const paper = r.data!.reviewOrderPrescription.paperPrescription;
    expect(paper.lines).toEqual([{ medicineId: m.id, allowed: 10, held: 5, dispensed: 0, remaining: 5, refills: 1 }]);
    const pay = await patient.gql('mutation($id: ID!) { payForOrder(id: $id) { paymentUrl } }', { id: orderId });
    await paid(pay.data!.payForOrder.paymentUrl);
    // The refill: ordered on the paper prescription, no new photo, within what is left.
    expect((await placeOrder(patient, [{ medicineId: m.id, quantity: 6 }], 'Bkash', { prescriptionId: paper.id })).body)
      .toMatchObject({ reason: 'PRESCRIPTION_QUANTITY_EXCEEDED', params: { available: 5 } });
    const refill = await placeOrder(patient, [{ medicineId: m.id, quantity: 5 }], 'Bkash', { prescriptionId: paper.id });
    expect(refill.status).toBe(200);
    expect(refill.body.order).toMatchObject({ orderStatus: 'Processing', prescriptionCheck: false, paperPrescription: { id: paper.id } });
    const seen = await patient.gql('query($id: ID!) { order(id: $id) { paperPrescription { lines { dispensed held remaining } } } }', { id: orderId });
    expect(seen.data!.order.paperPrescription.lines).toEqual([{ dispensed: 5, held: 5, remaining: 0 }]);
    // Only its patient may name it.
    expect((await placeOrder(karim, [{ medicineId: m.id, quantity: 1 }], 'Bkash', { prescriptionId: paper.id })).status).toBe(404);
  });

  it('refuses a reading that does not cover the order, and the order keeps waiting', async () => {
    const m = await looseTablets();
    const other = await looseTablets();
    const orderId = await photoOrder(patient, [{ medicineId: m.id, quantity: 5 }]);
    const less = await pharmacist.gql(REVIEW, { input: { orderId, approve: true, ...paperReading([{ medicineId: m.id, quantity: 4 }]) } });
    expect(less.errors![0]!.extensions).toMatchObject({ reason: 'PRESCRIPTION_QUANTITY_EXCEEDED', params: { available: 4 } });
    const unlisted = await pharmacist.gql(REVIEW, { input: { orderId, approve: true, ...paperReading([{ medicineId: other.id, quantity: 5 }]) } });
    expect(unlisted.errors![0]!.extensions!.reason).toBe('PRESCRIPTION_NOT_LISTED');
    const expired = await pharmacist.gql(REVIEW, { input: { orderId, approve: true, ...paperReading([{ medicineId: m.id, quantity: 5 }], -1) } });
    expect(expired.errors![0]!.extensions!.reason).toBe('DATE_IN_PAST');
    const none = await pharmacist.gql(REVIEW, { input: { orderId, approve: true } });
    expect(none.errors![0]!.extensions).toMatchObject({ reason: 'MISSING_FIELDS', fields: { lines: 'Required', validUntil: 'Required' } });
    expect((await em().findOneOrFail(Order, orderId)).status).toBe(OrderStatus.PrescriptionCheck);
    expect(await em().count(DispensingLine, { paperPrescription: { orderId } })).toBe(0);
  });

  it('needs a note to reject: the patient reads why', async () => {
    const m = await looseTablets();
    const orderId = await photoOrder(patient, [{ medicineId: m.id, quantity: 1 }]);
    for (const note of [undefined, '', '   ']) {
      const r = await pharmacist.gql(REVIEW, { input: { orderId, approve: false, note } });
      expect(r.errors![0]!.extensions).toMatchObject({ reason: 'MISSING_FIELDS', fields: { note: 'Required' } });
    }
    expect((await pharmacist.gql(REVIEW, { input: { orderId, approve: false, note: 'Signature missing' } })).data!.reviewOrderPrescription.status).toBe('Cancelled');
  });
});

describe('only the pharmacist\'s reading moves an order out of its check', () => {
  it('refuses an admin\'s status move through both doors, and an app with orders:write; shows admins no move', async () => {
    const m = await looseTablets();
    const orderId = await photoOrder(patient, [{ medicineId: m.id, quantity: 1 }]);
    const seen = await admin.gql('query($id: ID!) { order(id: $id) { nextStatuses } }', { id: orderId });
    expect(seen.data!.order.nextStatuses).toEqual([]);
    for (const status of ['Processing', 'Cancelled']) {
      const gql = await admin.gql(`mutation($id: ID!) { updateOrderStatus(id: $id, status: ${status}) { status } }`, { id: orderId });
      expect(gql.errors![0]!.extensions).toMatchObject({ code: 'CONFLICT', reason: 'PRESCRIPTION_CHECK_PENDING' });
      const rest = await admin.put(`/admin/order/${orderId}`, { status });
      expect(rest.status).toBe(409);
      expect(rest.body.reason).toBe('PRESCRIPTION_CHECK_PENDING');
    }
    const app = await admin.gql(`mutation($input: IntegratorAppInput!) { createIntegratorApp(input: $input) { key } }`, {
      input: { name: 'pharmacy app', contactEmail: 'dev@apps.example', quotaSize: 1_000_000, quotaRestoreRate: 100_000, scopes: ['ORDERS_READ', 'ORDERS_WRITE'] },
    });
    const res = await t.http().post('/graphql').set('Authorization', `Bearer ${app.data!.createIntegratorApp.key}`).set('Content-Type', 'application/json')
      .send({ query: 'mutation($id: ID!) { updateOrderStatus(id: $id, status: Processing) { status } }', variables: { id: orderId } });
    expect(res.body.errors[0].extensions.reason).toBe('PRESCRIPTION_CHECK_PENDING');
    const after = await patient.gql('query($id: ID!) { order(id: $id) { status canPay } }', { id: orderId });
    expect(after.data!.order).toEqual({ status: 'PrescriptionCheck', canPay: false });
  });
});

describe('photo orders cannot hoard stock', () => {
  it('count in the cap on open orders whatever their age', async () => {
    const capped = await createTestApp({ env: { OPEN_UNPAID_ORDERS_PER_PATIENT: '2', PAYMENT_ABANDON_MINUTES: '1' } });
    try {
      // Karim has no order of the demo data waiting.
      const p = await asPatient(capped, 'karim@nirog.test');
      const m = await rxMedicine(capped, { stock: 1000, unit: MedicineUnit.Pcs, dosesPerUnit: 1 });
      const photo = async () => {
        const res = await capped.http().post('/graphql').set('Authorization', `Bearer ${p.token}`).set('apollo-require-preflight', 'true')
          .field('operations', JSON.stringify({ query: CREATE, variables: { input: { shippingInfo: SHIPPING, orderItems: [{ medicineId: m.id, quantity: 100 }] }, photo: null } }))
          .field('map', JSON.stringify({ 0: ['variables.photo'] }))
          .attach('0', await pngImage(16, 16), 'p.png');
        return res.body as { data?: { createOrder: { order: { id: string } } }; errors?: { extensions: { reason: string } }[] };
      };
      const first = await photo();
      const second = await photo();
      // Both older than the payment window: they still hold stock, so they still count.
      const old = new Date(Date.now() - 10 * 60_000);
      await capped.orm.em.fork().nativeUpdate(Order, { id: { $in: [first.data!.createOrder.order.id, second.data!.createOrder.order.id] } }, { createdAt: old });
      expect((await photo()).errors![0]!.extensions.reason).toBe('TOO_MANY_UNPAID_ORDERS');
      expect(await stockOf(capped, m.id)).toBe(800);
    } finally {
      await capped.close();
    }
  });

  it(`expire unread after ${PRESCRIPTION_CHECK_HOURS} hours: stock back, the patient told`, async () => {
    const m = await looseTablets();
    const [young, old] = [await photoOrder(patient, [{ medicineId: m.id, quantity: 40 }]), await photoOrder(patient, [{ medicineId: m.id, quantity: 30 }])];
    expect(await stockOf(t, m.id)).toBe(930);
    const hoursAgo = (h: number) => new Date(Date.now() - h * 3600_000);
    await em().nativeUpdate(Order, { id: young }, { createdAt: hoursAgo(PRESCRIPTION_CHECK_HOURS - 1) });
    await em().nativeUpdate(Order, { id: old }, { createdAt: hoursAgo(PRESCRIPTION_CHECK_HOURS + 1) });
    expect(await t.services.orders.expireStaleOrders(em())).toBe(1);
    expect(await em().findOneOrFail(Order, young)).toMatchObject({ status: OrderStatus.PrescriptionCheck });
    expect(await em().findOneOrFail(Order, old)).toMatchObject({ status: OrderStatus.Cancelled, cancelReason: 'PRESCRIPTION_NOT_CHECKED' });
    expect(await stockOf(t, m.id)).toBe(960);
    const mails = await t.sql<{ dedupe_key: string }>(`select m.dedupe_key from mail_outbox m join users u on u.id = m.user_id where u.email = ? and m.template = 'prescription-check-expired'`, ['patient@nirog.test']);
    expect(mails.some((x) => x.dedupe_key.includes(old))).toBe(true);
    // Run again: nothing more.
    expect(await t.services.orders.expireStaleOrders(em())).toBe(0);
  });
});

describe('what a prescription allows, seen by whom may read it', () => {
  it('shows its patient, its doctor and admins the ledger; nobody else the prescription', async () => {
    const m = await looseTablets();
    const rx = await prescriptionFor(t, 'patient@nirog.test', [threeTablets(m.name, { refills: 1 })]);
    const doctor = await login(t, 'doctor@nirog.test', undefined, 'doctor');
    for (const who of [patient, doctor, admin]) expect(await ledgerOf(who, rx)).toMatchObject([{ allowed: 6, refills: 1 }]);
    for (const who of [karim, pharmacist]) expect((await who.gql(DISPENSING, { id: rx })).errors![0]!.extensions!.code).toMatch(/NOT_FOUND|FORBIDDEN/);
    const rest = await patient.get(`/prescription/${rx}`);
    expect(rest.body.prescription.medicines[0].refills).toBe(1);
    expect(rest.body.prescription.dispensing[0]).toMatchObject({ allowed: 6, remaining: 6 });
  });

  it("reads a page of prescriptions' ledgers, and a page of orders' lines, in a constant number of statements", async () => {
    const page = (n: number) => patient.gql(`{ myPrescriptions(pageSize: ${n}) { items { id dispensing { remaining } } } }`);
    const [a, b] = [await countQueries(() => page(1)), await countQueries(() => page(20))];
    expect(a.count).toBe(b.count);
    expect(b.result.data!.myPrescriptions.items.length).toBeGreaterThan(1);
    const orders = (n: number) => patient.gql(`{ myOrders(pageSize: ${n}) { items { id paperPrescription { id lines { remaining } } items { prescriptionLine { remaining } } } } }`);
    const [c, d] = [await countQueries(() => orders(1)), await countQueries(() => orders(20))];
    expect(c.count).toBe(d.count);
  });
});
