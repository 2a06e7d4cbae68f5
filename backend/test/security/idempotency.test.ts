import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { asPatient, asVisitor, createTestApp, pngImage, type Client, type TestApp } from '../app.js';
import { newMedicine, SHIPPING, stockOf } from '../fixtures.js';
import { graphqlOperations, restKey } from './operations.js';
import { IDEMPOTENT_OPERATIONS } from './access-table.js';
import { IdempotencyStore, isIdempotent } from '../../src/common/idempotency.js';
import { requestContext } from '../../src/common/request-context.js';
import { Medicine } from '../../src/modules/medicines/medicine.entity.js';
import { buildNirogSchema } from '../../src/schema.js';

/**
 * Idempotency keys (common/idempotency.ts): a write sent again with its key answers the first result
 * and does nothing more, through both doors, under concurrent repeats; another request under the same
 * key is refused; refusals that changed nothing are not kept; a claim whose process died is taken
 * over only when none of its work committed. Two replicas and a real crash: scripts/reliability.mjs
 * (step `idempotency`).
 */
let t: TestApp;
let patient: Client;
let karim: Client;

beforeAll(async () => {
  // The repeats below outnumber one patient's unpaid-order cap only when something is done twice.
  t = await createTestApp({ env: { DATABASE_POOL_MAX: '20', OPEN_UNPAID_ORDERS_PER_PATIENT: '1000' } });
  [patient, karim] = await Promise.all([asPatient(t), asPatient(t, 'karim@nirog.test')]);
});
afterAll(async () => {
  await t?.close();
});

const CREATE_ORDER = 'mutation($input: CreateOrderInput!) { createOrder(input: $input) { order { id status totalPoisha } paymentUrl tranId } }';
const orderInput = (medicineId: string, quantity = 1) => ({ shippingInfo: SHIPPING, orderItems: [{ medicineId, quantity }], paymentMethod: 'Bkash' });

function gql(client: Client, query: string, variables: Record<string, unknown>, key?: string) {
  let req = t.http().post('/graphql').set('Content-Type', 'application/json');
  if (client.token) req = req.set('Authorization', `Bearer ${client.token}`);
  if (key !== undefined) req = req.set('Idempotency-Key', key);
  return req.send({ query, variables });
}

function rest(client: Client, path: string, body: object, key?: string) {
  let req = t.http().post(`/api${path}`);
  if (client.token) req = req.set('Authorization', `Bearer ${client.token}`);
  if (key !== undefined) req = req.set('Idempotency-Key', key);
  return req.send(body);
}

const restOrder = (medicineId: string, quantity = 1) => ({ shippingInfo: SHIPPING, orderItems: [{ _id: medicineId, cartQuantity: quantity }], paymentMethod: 'Bkash' });

async function ordersOf(medicineId: string) {
  const [row] = await t.sql<{ orders: number; payments: number }>(`select count(distinct o.id)::int as orders,
    (select count(*)::int from payments p where p.purpose_id in (select order_id from order_items where medicine_id = ?)) as payments
    from orders o join order_items i on i.order_id = o.id where i.medicine_id = ?`, [medicineId, medicineId]);
  return row!;
}

describe('declared on each operation', () => {
  it('declares exactly the writes that create or move money, stock or a booking (GraphQL and REST), and says so in the schema', async () => {
    const schema = await buildNirogSchema();
    const graphql = graphqlOperations(schema).filter((op) => isIdempotent(op.field)).map((op) => op.key);
    const rest = t.restRoutes.filter((r) => r.idempotent).map(restKey);
    expect([...graphql, ...rest].sort()).toEqual([...IDEMPOTENT_OPERATIONS].sort());
    for (const op of graphqlOperations(schema).filter((o) => isIdempotent(o.field))) expect(op.field.description).toContain('Idempotency-Key');
  });
});

describe('the same key, the same request', () => {
  it('GraphQL: a checkout sent twice places one order with one payment, and the second answer is the first, marked replayed', async () => {
    const m = await newMedicine(t, 10);
    const key = randomUUID();
    const first = await gql(patient, CREATE_ORDER, { input: orderInput(m.id) }, key);
    const second = await gql(patient, CREATE_ORDER, { input: orderInput(m.id) }, key);
    expect(first.status).toBe(200);
    expect(first.body.errors).toBeUndefined();
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    expect(second.status).toBe(200);
    expect(second.headers['idempotent-replayed']).toBe('true');
    expect(second.body).toEqual(first.body);
    expect(await ordersOf(m.id)).toEqual({ orders: 1, payments: 1 });
    expect(await stockOf(t, m.id)).toBe(9);
  });

  it('REST: the earlier checkout path sent twice places one order', async () => {
    const m = await newMedicine(t, 10);
    const key = randomUUID();
    const first = await rest(patient, '/create/order', restOrder(m.id), key);
    const second = await rest(patient, '/create/order', restOrder(m.id), key);
    expect(first.status).toBe(200);
    expect(second.status).toBe(200);
    expect(second.headers['idempotent-replayed']).toBe('true');
    expect(second.body).toEqual(first.body);
    expect(await ordersOf(m.id)).toEqual({ orders: 1, payments: 1 });
  });

  it('20 concurrent repeats make one order and one payment, and every one of them gets its answer', async () => {
    const m = await newMedicine(t, 50);
    const key = randomUUID();
    const answers = await Promise.all(Array.from({ length: 20 }, () => gql(patient, CREATE_ORDER, { input: orderInput(m.id, 2) }, key)
      .then((r) => ({ status: r.status, order: r.body.data?.createOrder?.order.id as string | undefined, replayed: r.headers['idempotent-replayed'] }))));
    expect(answers.map((a) => a.status)).toEqual(Array(20).fill(200));
    expect(new Set(answers.map((a) => a.order)).size).toBe(1);
    expect(answers.filter((a) => a.replayed === 'true')).toHaveLength(19);
    expect(await ordersOf(m.id)).toEqual({ orders: 1, payments: 1 });
    expect(await stockOf(t, m.id)).toBe(48);
  });

  it('sends nothing different without a key: two sends are two orders, as before', async () => {
    const m = await newMedicine(t, 10);
    await gql(patient, CREATE_ORDER, { input: orderInput(m.id) });
    await gql(patient, CREATE_ORDER, { input: orderInput(m.id) });
    expect(await ordersOf(m.id)).toEqual({ orders: 2, payments: 2 });
  });

  it('keeps keys apart per caller: another patient\'s identical key is another intent', async () => {
    const m = await newMedicine(t, 10);
    const key = randomUUID();
    expect((await gql(patient, CREATE_ORDER, { input: orderInput(m.id) }, key)).body.errors).toBeUndefined();
    const other = await gql(karim, CREATE_ORDER, { input: orderInput(m.id) }, key);
    expect(other.body.errors).toBeUndefined();
    expect(other.headers['idempotent-replayed']).toBeUndefined();
    expect(await ordersOf(m.id)).toEqual({ orders: 2, payments: 2 });
  });

  it('keeps the answer sealed: the table holds neither the key nor the answer in clear', async () => {
    const m = await newMedicine(t, 10);
    const key = randomUUID();
    const res = await gql(patient, CREATE_ORDER, { input: orderInput(m.id) }, key);
    const orderId = res.body.data.createOrder.order.id as string;
    const rows = await t.sql<{ key_hash: string; answer: Buffer; operation: string; status: number }>(`select key_hash, answer, operation, status from idempotency_keys where operation = 'Mutation.createOrder' order by created_at desc limit 1`);
    expect(rows[0]!.status).toBe(200);
    expect(rows[0]!.key_hash).not.toContain(key);
    expect(Buffer.from(rows[0]!.answer).toString('latin1')).not.toContain(orderId);
  });
});

describe('the same key, another request', () => {
  it('is refused with 422 IDEMPOTENCY_KEY_REUSED through both doors, and does nothing', async () => {
    const m = await newMedicine(t, 10);
    const key = randomUUID();
    await gql(patient, CREATE_ORDER, { input: orderInput(m.id) }, key);
    const other = await gql(patient, CREATE_ORDER, { input: orderInput(m.id, 3) }, key);
    expect(other.status).toBe(422);
    expect(other.body.errors[0].extensions).toMatchObject({ code: 'UNPROCESSABLE_CONTENT', reason: 'IDEMPOTENCY_KEY_REUSED' });

    const restKeyUsed = randomUUID();
    await rest(patient, '/create/order', restOrder(m.id), restKeyUsed);
    const otherRest = await rest(patient, '/create/order', restOrder(m.id, 2), restKeyUsed);
    expect(otherRest.status).toBe(422);
    expect(otherRest.body).toMatchObject({ success: false, code: 'UNPROCESSABLE_CONTENT', reason: 'IDEMPOTENCY_KEY_REUSED' });
    expect(await ordersOf(m.id)).toEqual({ orders: 2, payments: 2 });
  });

  it('refuses a key that is no key with 400 IDEMPOTENCY_KEY_INVALID', async () => {
    const m = await newMedicine(t, 10);
    for (const bad of ['', ' ', 'x'.repeat(256), 'caf\u00e9']) {
      const res = await rest(patient, '/create/order', restOrder(m.id), bad);
      expect([res.status, res.body.reason]).toEqual([400, 'IDEMPOTENCY_KEY_INVALID']);
    }
    expect((await gql(patient, CREATE_ORDER, { input: orderInput(m.id) }, 'a\tb')).body.errors[0].extensions.reason).toBe('IDEMPOTENCY_KEY_INVALID');
    // The draft's spelling, a structured-field string, is the same key as the bare one.
    const key = randomUUID();
    await rest(patient, '/create/order', restOrder(m.id), `"${key}"`);
    expect((await rest(patient, '/create/order', restOrder(m.id), key)).headers['idempotent-replayed']).toBe('true');
    expect(await ordersOf(m.id)).toEqual({ orders: 1, payments: 1 });
  });
});

describe('refusals and expiry', () => {
  it('does not keep a refusal that changed nothing: the same key succeeds once the stock is back', async () => {
    const m = await newMedicine(t, 0);
    const key = randomUUID();
    const refused = await gql(patient, CREATE_ORDER, { input: orderInput(m.id) }, key);
    expect(refused.body.errors[0].extensions.reason).toBe('OUT_OF_STOCK');
    await t.orm.em.fork().nativeUpdate(Medicine, { id: m.id }, { stock: 5 });
    const again = await gql(patient, CREATE_ORDER, { input: orderInput(m.id) }, key);
    expect(again.body.errors).toBeUndefined();
    expect(again.headers['idempotent-replayed']).toBeUndefined();
    expect(await ordersOf(m.id)).toEqual({ orders: 1, payments: 1 });
  });

  it('forgets a key after its time: the hourly purge deletes it and the key may be used again', async () => {
    const m = await newMedicine(t, 10);
    const key = randomUUID();
    await rest(patient, '/create/order', restOrder(m.id), key);
    await t.sql(`update idempotency_keys set expires_at = now() - interval '1 second' where expires_at > now() - interval '1 second' and operation = 'POST /create/order'`);
    const purged = await t.services.idempotency.purgeExpired(t.orm.em.fork());
    expect(purged.idempotencyKeys).toBeGreaterThanOrEqual(1);
    const again = await rest(patient, '/create/order', restOrder(m.id), key);
    expect(again.headers['idempotent-replayed']).toBeUndefined();
    expect(await ordersOf(m.id)).toEqual({ orders: 2, payments: 2 });
    const [kept] = await t.sql<{ hours: number }>(`select round(extract(epoch from expires_at - created_at) / 3600)::int as hours from idempotency_keys where operation = 'POST /create/order' order by created_at desc limit 1`);
    expect(kept!.hours).toBe(24);
  });
});

describe('a request still running, and one whose process died', () => {
  const request = (key: string) => ({ caller: 'user:test', key, operation: 'Mutation.test', fingerprint: 'f'.repeat(64) });
  const store = () => t.services.idempotency;

  it('tells a repeat 409 IDEMPOTENCY_KEY_IN_USE while the first runs past the wait, then answers the first result', async () => {
    const key = randomUUID();
    const first = await store().begin(t.orm.em.fork(), request(key));
    expect('claim' in first).toBe(true);
    const quick = new IdempotencyStore({ ...t.config, idempotency: { ...t.config.idempotency, waitMs: 300 } });
    await expect(quick.begin(t.orm.em.fork(), request(key))).rejects.toMatchObject({ reason: 'IDEMPOTENCY_KEY_IN_USE', retryAfterSeconds: 1 });
    const waiting = store().begin(t.orm.em.fork(), request(key));
    if ('claim' in first) await first.claim.finish({ status: 200, body: '{"data":{"ok":true}}' }, true);
    await expect(waiting).resolves.toEqual({ replay: { status: 200, body: '{"data":{"ok":true}}' } });
  });

  it('lets a repeat take over a claim whose lease ran out before its work committed; the old claim can then commit nothing', async () => {
    const key = randomUUID();
    const m = await newMedicine(t, 10);
    const first = await store().begin(t.orm.em.fork(), request(key));
    if (!('claim' in first)) throw new Error('not claimed');
    await t.sql(`update idempotency_keys set lease_until = now() - interval '1 second' where id = ?`, [first.claim.fence.id]);
    const second = await store().begin(t.orm.em.fork(), request(key));
    expect('claim' in second).toBe(true);
    // The first request's process was only slow: its transaction now finds its claim gone and rolls back.
    const late = requestContext.run({ requestId: 'late', ip: '', idempotency: first.claim.fence }, () =>
      t.orm.em.fork().transactional(async (em) => {
        await em.nativeUpdate(Medicine, { id: m.id }, { stock: 1 });
      }));
    await expect(late).rejects.toMatchObject({ reason: 'IDEMPOTENCY_KEY_IN_USE' });
    expect(await stockOf(t, m.id)).toBe(10);
    if ('claim' in second) await second.claim.finish({ status: 200, body: '{}' }, true);
    await first.claim.finish(null, false);
  });

  it('never runs again work that committed under a claim whose process died: the repeat is told IDEMPOTENT_ANSWER_LOST', async () => {
    const key = randomUUID();
    const m = await newMedicine(t, 10);
    const first = await store().begin(t.orm.em.fork(), request(key));
    if (!('claim' in first)) throw new Error('not claimed');
    await requestContext.run({ requestId: 'crashing', ip: '', idempotency: first.claim.fence }, () =>
      t.orm.em.fork().transactional(async (em) => {
        await em.nativeUpdate(Medicine, { id: m.id }, { stock: 9 });
      }));
    // ...and the process dies before it answers: its lease runs out.
    await t.sql(`update idempotency_keys set lease_until = now() - interval '1 second' where id = ?`, [first.claim.fence.id]);
    await expect(store().begin(t.orm.em.fork(), request(key))).rejects.toMatchObject({ reason: 'IDEMPOTENT_ANSWER_LOST' });
    expect(await stockOf(t, m.id)).toBe(9);
    const lost = await rest(patient, '/create/order', restOrder(m.id), randomUUID());
    expect(lost.status).toBe(200);
    // The "dead" claim still renews its lease on a timer in this process: stop it, or it would query
    // the database after the app has closed.
    await first.claim.finish(null, false);
  });

  it('answers IDEMPOTENT_ANSWER_LOST as 409 through the API', async () => {
    const m = await newMedicine(t, 10);
    const key = randomUUID();
    await rest(patient, '/create/order', restOrder(m.id), key);
    await t.sql(`update idempotency_keys set status = null, answer = null, lease_until = now() where status is not null and operation = 'POST /create/order' and created_at > now() - interval '5 seconds'`);
    const res = await rest(patient, '/create/order', restOrder(m.id), key);
    expect([res.status, res.body.reason]).toEqual([409, 'IDEMPOTENT_ANSWER_LOST']);
    expect(await ordersOf(m.id)).toEqual({ orders: 1, payments: 1 });
  });
});

describe('every declared write', () => {
  it('a visitor\'s blood request (GraphQL and REST) and insurance application, sent twice, are recorded once', async () => {
    const before = await t.sql<{ n: number }>('select count(*)::int as n from blood_requests');
    const blood = { name: 'Rahima', phone: '01712345678', email: 'rahima@example.com', group: 'APositive', area: 'Dhanmondi' };
    const key = randomUUID();
    const q = 'mutation($input: BloodRequestInput!) { requestBlood(input: $input) { request { id } } }';
    const a = await gql(asVisitor(t), q, { input: blood }, key);
    const b = await gql(asVisitor(t), q, { input: blood }, key);
    expect(b.body).toEqual(a.body);
    const restKeyUsed = randomUUID();
    const c = await rest(asVisitor(t), '/blood/booking', { ...blood, group: 'A+' }, restKeyUsed);
    const d = await rest(asVisitor(t), '/blood/booking', { ...blood, group: 'A+' }, restKeyUsed);
    expect([c.status, d.status, d.headers['idempotent-replayed']]).toEqual([200, 200, 'true']);
    const after = await t.sql<{ n: number }>('select count(*)::int as n from blood_requests');
    expect(after[0]!.n - before[0]!.n).toBe(2);

    const applicationsBefore = await t.sql<{ n: number }>('select count(*)::int as n from insurance_applications');
    const application = { name: 'Rahim Uddin', email: 'rahim@example.com', phone: '01712345678', gender: 'Male' };
    const applyKey = randomUUID();
    const apply = 'mutation($input: InsuranceApplicationInput!) { applyInsurance(input: $input) { id } }';
    const e = await gql(asVisitor(t), apply, { input: application }, applyKey);
    const f = await gql(asVisitor(t), apply, { input: application }, applyKey);
    expect(e.body.errors).toBeUndefined();
    expect(f.body).toEqual(e.body);
    const applicationsAfter = await t.sql<{ n: number }>('select count(*)::int as n from insurance_applications');
    expect(applicationsAfter[0]!.n - applicationsBefore[0]!.n).toBe(1);
  });

  it('a sign-up with a picture through both doors (multipart), sent twice, makes one account; another picture under the key is refused', async () => {
    const email = `twice${Date.now()}@example.com`;
    const key = randomUUID();
    const png = await pngImage();
    const send = (file: Buffer) => t.http().post('/api/register').set('Idempotency-Key', key)
      .field('name', 'Twice Sent').field('email', email).field('password', 'Str0ng!pass').attach('avatar', file, 'me.png');
    const first = await send(png);
    const second = await send(png);
    expect([first.status, second.status, second.headers['idempotent-replayed']]).toEqual([200, 200, 'true']);
    expect(second.body).toEqual(first.body);
    expect((await send(await pngImage(9, 9))).status).toBe(422);
    expect((await t.sql<{ n: number }>('select count(*)::int as n from users where email = ?', [email]))[0]!.n).toBe(1);

    const gqlEmail = `twice-gql${Date.now()}@example.com`;
    const gqlKey = randomUUID();
    const operations = JSON.stringify({ query: 'mutation($input: SignupInput!, $avatar: Upload) { signup(input: $input, avatar: $avatar) { id } }',
      variables: { input: { name: 'Twice Sent', email: gqlEmail, password: 'Str0ng!pass' }, avatar: null } });
    const upload = (file: Buffer) => t.http().post('/graphql').set('apollo-require-preflight', 'true').set('Idempotency-Key', gqlKey)
      .field('operations', operations).field('map', JSON.stringify({ 0: ['variables.avatar'] })).attach('0', file, 'me.png');
    const one = await upload(png);
    const two = await upload(png);
    expect(one.body.errors).toBeUndefined();
    expect(two.headers['idempotent-replayed']).toBe('true');
    expect(two.body).toEqual(one.body);
    expect((await upload(await pngImage(9, 9))).status).toBe(422);
    expect((await t.sql<{ n: number }>('select count(*)::int as n from users where email = ?', [gqlEmail]))[0]!.n).toBe(1);
  });
});
