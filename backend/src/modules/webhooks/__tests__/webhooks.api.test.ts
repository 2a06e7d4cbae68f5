import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { asAdmin, createTestApp, type Client, type TestApp } from '../../../../test/app.js';
import { DEMO_KEY } from '../../integrators/index.js';
import { WebhookDelivery, WebhookSubscription } from '../webhook.entity.js';
import { verifySignature } from '../webhook.signer.js';
import { postWebhook } from '../webhook.http.js';

/**
 * Webhooks over real HTTP: an app subscribes with its key and webhooks:manage, an admin moves an
 * order, the outbox worker POSTs a signed delivery to a real local receiver (the signature checked
 * here as a receiver would), a failing receiver is retried, concurrent workers send each delivery
 * once, an admin resends. Each test subscribes at its own path of the one receiver, so deliveries
 * for earlier tests' subscriptions never answer for this one.
 */
let t: TestApp;
let admin: Client;
let receiver: Server;
let base: string;
let nextPath = 0;

interface Received { path: string; id: string; timestamp: string; signature: string; body: string }
const received: Received[] = [];
/** What the receiver answers at a path next (a queue of statuses; 200 once it is empty). */
const answers = new Map<string, number[]>();

const bodyOf = (req: IncomingMessage) => new Promise<string>((resolve) => {
  const chunks: Buffer[] = [];
  req.on('data', (c: Buffer) => chunks.push(c));
  req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
});

/** A fresh receiver path: its URL, and what arrived there. */
function endpoint(statuses: number[] = []) {
  const path = `/hooks/${++nextPath}`;
  answers.set(path, [...statuses]);
  return { url: `${base}${path}`, got: () => received.filter((r) => r.path === path) };
}

async function appKey(scopes: string[], extra: Record<string, unknown> = {}): Promise<string> {
  const r = await admin.gql(`mutation($input: IntegratorAppInput!) { createIntegratorApp(input: $input) { key } }`, {
    input: { name: 'webhook app', contactEmail: 'hooks@apps.example', scopes, ...extra },
  });
  expect(r.errors).toBeUndefined();
  return r.data!.createIntegratorApp.key;
}

async function asApp(key: string, query: string, variables?: Record<string, unknown>) {
  const res = await t.http().post('/graphql').set('Authorization', `Bearer ${key}`).set('Content-Type', 'application/json').send({ query, variables });
  return { status: res.status, data: res.body.data, errors: res.body.errors, code: res.body.errors?.[0]?.extensions?.code, reason: res.body.errors?.[0]?.extensions?.reason };
}

const SUBSCRIBE = 'mutation($input: WebhookSubscriptionInput!) { subscribeWebhook(input: $input) { secret subscription { id url events } } }';

async function subscribe(key: string, url: string, events: string[] = ['ORDER_STATUS_CHANGED']) {
  const r = await asApp(key, SUBSCRIBE, { input: { url, events } });
  expect(r.errors).toBeUndefined();
  return r.data.subscribeWebhook as { secret: string; subscription: { id: string } };
}


/** An admin confirms a paid order (set up as paid and processing first, so any seeded order serves). */
async function moveAnOrder(): Promise<string> {
  const [order] = await t.sql<{ id: string }>(`select id from orders order by random() limit 1`);
  await t.sql(`update orders set status = 'Processing', payment_status = 'paid' where id = ?`, [order!.id]);
  const r = await admin.gql('mutation($id: ID!) { updateOrderStatus(id: $id, status: Confirmed) { id } }', { id: order!.id });
  expect(r.errors).toBeUndefined();
  return order!.id;
}

/**
 * Worker passes until this subscription has nothing left to try now (other tests' deliveries, the
 * demo app's to a receiver that is not running among them, share the passes).
 */
async function settle(subscriptionId: string): Promise<void> {
  for (let pass = 0; pass < 200; pass++) {
    const [due] = await t.sql<{ n: number }>(`select count(*)::int as n from webhook_deliveries where subscription_id = ? and status in ('pending', 'sending') and next_attempt_at <= now()`, [subscriptionId]);
    if (!due!.n) return;
    await t.worker.tick();
  }
}

/** Worker passes until the subscription's first delivery is sent or given up. */
async function finish(subscriptionId: string): Promise<void> {
  for (let pass = 0; pass < 300; pass++) {
    const [first] = await deliveriesTo(subscriptionId);
    if (first!.status === 'sent' || first!.status === 'failed') return;
    await t.worker.tick();
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

const deliveriesTo = (subscriptionId: string) => t.orm.em.fork().find(WebhookDelivery, { subscription: subscriptionId }, { orderBy: { createdAt: 'asc', id: 'asc' } });

beforeAll(async () => {
  t = await createTestApp({ env: { WEBHOOK_RETRY_BASE_MS: '1' } });
  admin = await asAdmin(t);
  receiver = createServer((req, res) => {
    bodyOf(req).then((body) => {
      const path = req.url ?? '';
      received.push({ path, id: String(req.headers['nirog-webhook-id']), timestamp: String(req.headers['nirog-webhook-timestamp']), signature: String(req.headers['nirog-signature']), body });
      res.statusCode = answers.get(path)?.shift() ?? 200;
      res.end();
    }, (err: Error) => res.destroy(err));
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise((resolve) => receiver?.close(resolve));
  await t?.close();
});

describe('webhook subscriptions', () => {
  it('subscribes, lists and unsubscribes with webhooks:manage; the secret is shown once and kept sealed', async () => {
    const key = await appKey(['WEBHOOKS_MANAGE', 'ORDERS_READ']);
    const { url } = endpoint();
    const { secret, subscription } = await subscribe(key, url, ['ORDER_PLACED', 'ORDER_STATUS_CHANGED']);
    expect(secret).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);
    const [row] = await t.sql<{ secret_sealed: string }>('select secret_sealed from webhook_subscriptions where id = ?', [subscription.id]);
    expect(row!.secret_sealed).not.toContain(secret.slice(6));
    const list = await asApp(key, '{ webhookSubscriptions { id url events } }');
    expect(list.data.webhookSubscriptions).toEqual([{ id: subscription.id, url, events: ['ORDER_PLACED', 'ORDER_STATUS_CHANGED'] }]);
    // Another app neither sees nor removes it.
    const other = await appKey(['WEBHOOKS_MANAGE', 'ORDERS_READ']);
    expect((await asApp(other, '{ webhookSubscriptions { id } }')).data.webhookSubscriptions).toEqual([]);
    expect((await asApp(other, 'mutation($id: ID!) { unsubscribeWebhook(id: $id) { id } }', { id: subscription.id })).code).toBe('NOT_FOUND');
    const gone = await asApp(key, 'mutation($id: ID!) { unsubscribeWebhook(id: $id) { id } }', { id: subscription.id });
    expect(gone.errors).toBeUndefined();
    expect((await asApp(key, '{ webhookSubscriptions { id } }')).data.webhookSubscriptions).toEqual([]);
  });

  it('refuses an app without webhooks:manage, an event its scopes cannot read, and a person', async () => {
    const { url } = endpoint();
    const noScope = await appKey(['ORDERS_READ']);
    const refused = await asApp(noScope, SUBSCRIBE, { input: { url, events: ['ORDER_PLACED'] } });
    expect(refused).toMatchObject({ code: 'FORBIDDEN', reason: 'MISSING_SCOPE' });
    expect(refused.data ?? null).toBeNull();
    expect(await asApp(noScope, '{ webhookSubscriptions { id } }')).toMatchObject({ code: 'FORBIDDEN', reason: 'MISSING_SCOPE' });
    const hooksOnly = await appKey(['WEBHOOKS_MANAGE']);
    expect(await asApp(hooksOnly, SUBSCRIBE, { input: { url, events: ['ORDER_PLACED'] } })).toMatchObject({ code: 'FORBIDDEN', reason: 'EVENT_SCOPE_MISSING' });
    expect((await admin.gql(SUBSCRIBE, { input: { url, events: ['ORDER_PLACED'] } })).code).toBe('FORBIDDEN');
    expect(await t.sql('select id from webhook_subscriptions where url = ?', [url])).toEqual([]);
  });

  it.each([
    ['http://hooks.example.com/in', 'plain http off this machine'],
    ['ftp://127.0.0.1/in', 'another scheme'],
    ['not a url', 'no URL at all'],
    ['https://user:pw@hooks.example.com/in', 'credentials in the URL'],
  ])('refuses %s (%s) with a coded error', async (url) => {
    const key = await appKey(['WEBHOOKS_MANAGE', 'ORDERS_READ']);
    const r = await asApp(key, SUBSCRIBE, { input: { url, events: ['ORDER_PLACED'] } });
    expect(r).toMatchObject({ code: 'BAD_USER_INPUT' });
    expect(r.data ?? null).toBeNull();
  });
});

describe('webhook deliveries', () => {
  it('POSTs a signed delivery to the receiver after an admin moves an order', async () => {
    const key = await appKey(['WEBHOOKS_MANAGE', 'ORDERS_READ']);
    const hook = endpoint();
    const { secret, subscription } = await subscribe(key, hook.url);
    const orderId = await moveAnOrder();
    const [queued] = await deliveriesTo(subscription.id);
    expect(queued).toMatchObject({ status: 'pending', objectId: orderId, event: 'order.statusChanged' });
    await settle(subscription.id);
    expect(hook.got()).toHaveLength(1);
    const got = hook.got()[0]!;
    expect(verifySignature(secret, got, got.body)).toBe(true);
    expect(verifySignature(secret, got, got.body.replace(orderId, '00000000-0000-4000-8000-000000000000'))).toBe(false);
    expect(verifySignature(secret, { ...got, timestamp: String(Number(got.timestamp) + 1) }, got.body)).toBe(false);
    expect(verifySignature('whsec_wrong', got, got.body)).toBe(false);
    expect(JSON.parse(got.body)).toEqual({ id: got.id, type: 'order.statusChanged', createdAt: expect.any(String), object: { type: 'Order', id: orderId } });
    const list = await asApp(key, '{ webhookDeliveries { total items { eventId event objectId status attempts responseStatus lastError appName history { responseStatus error } } } }');
    expect(list.data.webhookDeliveries).toEqual({
      total: 1,
      items: [{ eventId: got.id, event: 'ORDER_STATUS_CHANGED', objectId: orderId, status: 'Sent', attempts: 1, responseStatus: 200, lastError: null, appName: 'webhook app', history: [{ responseStatus: 200, error: null }] }],
    });
    // The receiver reads the order it names with its key.
    const order = await asApp(key, 'query($id: ID!) { order(id: $id) { id status } }', { id: orderId });
    expect(order.data.order).toEqual({ id: orderId, status: 'Confirmed' });
  });

  it('retries a failing receiver with backoff until it answers 2xx, keeping every attempt', async () => {
    const key = await appKey(['WEBHOOKS_MANAGE', 'ORDERS_READ']);
    const hook = endpoint([500, 503]);
    const { secret, subscription } = await subscribe(key, hook.url);
    await moveAnOrder();
    await finish(subscription.id);
    const [delivery] = await deliveriesTo(subscription.id);
    expect(delivery).toMatchObject({ status: 'sent', attempts: 3, responseStatus: 200, lastError: null });
    expect(hook.got().map((r) => r.id)).toEqual([delivery!.eventId, delivery!.eventId, delivery!.eventId]);
    expect(hook.got().every((r) => verifySignature(secret, r, r.body))).toBe(true);
    const list = await asApp(key, '{ webhookDeliveries(pageSize: 5) { items { history { responseStatus error durationMs } } } }');
    expect(list.errors).toBeUndefined();
    expect(list.data.webhookDeliveries.items[0].history.map((a: { responseStatus: number; error: string }) => [a.responseStatus, a.error]))
      .toEqual([[500, 'HTTP 500'], [503, 'HTTP 503'], [200, null]]);
  });

  it('gives up after the last attempt', async () => {
    const key = await appKey(['WEBHOOKS_MANAGE', 'ORDERS_READ']);
    const hook = endpoint(Array(8).fill(502));
    const { subscription } = await subscribe(key, hook.url);
    await moveAnOrder();
    await finish(subscription.id);
    const [last] = await deliveriesTo(subscription.id);
    expect(last).toMatchObject({ status: 'failed', attempts: 8, responseStatus: 502 });
    expect(hook.got()).toHaveLength(8);
  });

  it('delivers each event once per subscription when three workers race', async () => {
    const key = await appKey(['WEBHOOKS_MANAGE', 'ORDERS_READ']);
    const hooks = [endpoint(), endpoint()];
    const subs = [await subscribe(key, hooks[0]!.url), await subscribe(key, hooks[1]!.url)];
    for (let i = 0; i < 5; i++) await moveAnOrder();
    await Promise.all([1, 2, 3].map(() => t.services.webhooks.deliverDue(t.orm.em.fork(), 50)));
    for (const [i, s] of subs.entries()) {
      const mine = await deliveriesTo(s.subscription.id);
      expect(mine.map((d) => d.status)).toEqual(['sent', 'sent', 'sent', 'sent', 'sent']);
      expect(hooks[i]!.got().map((r) => r.id).sort()).toEqual(mine.map((d) => d.eventId).sort());
    }
    // One event id per event, the same for both subscriptions.
    const ids = (await deliveriesTo(subs[0]!.subscription.id)).map((d) => d.eventId).sort();
    expect((await deliveriesTo(subs[1]!.subscription.id)).map((d) => d.eventId).sort()).toEqual(ids);
    // The same event queued again for the same subscription is one row (the unique key).
    const d = (await deliveriesTo(subs[0]!.subscription.id))[0]!;
    const inserted = await t.sql(
      `insert into webhook_deliveries (id, dedupe_key, subscription_id, app_id, event_id, event, object_id, payload, url, status, attempts, next_attempt_at, created_at, updated_at)
        values (gen_random_uuid(), ?, ?, ?, ?, 'order.statusChanged', ?, '{}', ?, 'pending', 0, now(), now(), now()) on conflict (dedupe_key) do nothing returning id`,
      [`${d.eventId}:${subs[0]!.subscription.id}`, subs[0]!.subscription.id, d.app.id, d.eventId, d.objectId, hooks[0]!.url]);
    expect(inserted).toEqual([]);
  });

  it('queues nothing for a change that did not happen', async () => {
    const key = await appKey(['WEBHOOKS_MANAGE', 'ORDERS_READ']);
    const { subscription } = await subscribe(key, endpoint().url);
    const [order] = await t.sql<{ id: string }>(`select id from orders order by created_at desc limit 1`);
    await t.sql(`update orders set status = 'Delivered' where id = ?`, [order!.id]);
    const r = await admin.gql('mutation($id: ID!) { updateOrderStatus(id: $id, status: Confirmed) { id } }', { id: order!.id });
    expect(r.errors?.[0]?.extensions?.reason).toBe('ILLEGAL_TRANSITION');
    expect(await deliveriesTo(subscription.id)).toEqual([]);
  });

  it('lets an admin list every app\'s deliveries and resend one, with the same event id', async () => {
    const key = await appKey(['WEBHOOKS_MANAGE', 'ORDERS_READ']);
    const hook = endpoint();
    const { secret, subscription } = await subscribe(key, hook.url);
    await moveAnOrder();
    await settle(subscription.id);
    const [delivery] = await deliveriesTo(subscription.id);
    const all = await admin.gql('{ webhookDeliveries(pageSize: 100) { total items { id appName } } }');
    expect(all.data!.webhookDeliveries.items.map((i: { id: string }) => i.id)).toContain(delivery!.id);
    expect(new Set(all.data!.webhookDeliveries.items.map((i: { appName: string }) => i.appName)).size).toBeGreaterThan(1);
    // An app may not resend; an admin may.
    expect((await asApp(key, 'mutation($id: ID!) { resendWebhookDelivery(id: $id) { id } }', { id: delivery!.id })).reason).toBe('MISSING_SCOPE');
    const r = await admin.gql('mutation($id: ID!) { resendWebhookDelivery(id: $id) { id status attempts } }', { id: delivery!.id });
    expect(r.data!.resendWebhookDelivery).toEqual({ id: delivery!.id, status: 'Pending', attempts: 0 });
    await settle(subscription.id);
    expect(hook.got().map((x) => x.id)).toEqual([delivery!.eventId, delivery!.eventId]);
    expect(verifySignature(secret, hook.got()[1]!, hook.got()[1]!.body)).toBe(true);
    const again = await admin.gql('query($app: ID) { webhookDeliveries(appId: $app) { total items { status history { responseStatus } } } }', { app: delivery!.app.id });
    expect(again.data!.webhookDeliveries).toEqual({ total: 1, items: [{ status: 'Sent', history: [{ responseStatus: 200 }, { responseStatus: 200 }] }] });
    expect((await admin.gql('mutation { resendWebhookDelivery(id: "nope") { id } }')).code).toBe('NOT_FOUND');
  });

  it('sends medicine.stockLow once when a change takes the stock to 10 or below', async () => {
    const key = await appKey(['WEBHOOKS_MANAGE', 'CATALOG_READ', 'STOCK_WRITE'], { organisationKind: 'PHARMACY' });
    const { subscription } = await subscribe(key, endpoint().url, ['MEDICINE_STOCK_LOW']);
    const med = (await asApp(key, '{ medicines(pageSize: 20) { items { id stock } } }')).data.medicines.items.find((m: { stock: number }) => m.stock > 10);
    const set = (stock: number) => asApp(key, 'mutation($id: ID!, $stock: Int!) { updateMedicineStock(id: $id, input: { stock: $stock }) { id } }', { id: med.id, stock });
    expect((await set(50)).errors).toBeUndefined();
    expect(await deliveriesTo(subscription.id)).toHaveLength(0);
    await set(4);
    await set(3);
    expect((await deliveriesTo(subscription.id)).map((d) => [d.event, d.objectId])).toEqual([['medicine.stockLow', med.id]]);
  });

  it('sends medicine.stockLow when checkouts take the stock below the line, once however many race', async () => {
    const key = await appKey(['WEBHOOKS_MANAGE', 'CATALOG_READ']);
    const { subscription } = await subscribe(key, endpoint().url, ['MEDICINE_STOCK_LOW']);
    const [med] = await t.sql<{ id: string }>(`select id from medicines where is_active order by name limit 1`);
    await t.sql('update medicines set stock = 12 where id = ?', [med!.id]);
    const { asPatient } = await import('../../../../test/app.js');
    const buyers = await Promise.all(['patient@nirog.test', 'karim@nirog.test', 'nusrat@nirog.test'].map((email) => asPatient(t, email)));
    const checkout = 'mutation($input: CreateOrderInput!) { createOrder(input: $input) { order { id } } }';
    const input = { orderItems: [{ medicineId: med!.id, quantity: 1 }], shippingInfo: { name: 'Rahim', phone: '01712345678', address: 'House 1, Road 2', city: 'Dhaka' } };
    const placed = await Promise.all(buyers.map((b) => b.gql(checkout, { input })));
    expect(placed.map((p) => p.errors)).toEqual([undefined, undefined, undefined]);
    const deliveries = await deliveriesTo(subscription.id);
    expect(deliveries.map((d) => [d.event, d.objectId])).toEqual([['medicine.stockLow', med!.id]]);
    expect(JSON.parse(deliveries[0]!.payload).object).toEqual({ type: 'Medicine', id: med!.id });
  });

  it("sends appointment events only to the hospital apps an admin linked to the visit's doctor, never by a name", async () => {
    const [visit] = await t.sql<{ id: string; work: string; doctor_id: string }>(
      `select a.id, d.work, a.doctor_id from appointments a join doctors d on d.id = a.doctor_id where a.kind = 'hospital' order by a.created_at limit 1`);
    const [video] = await t.sql<{ id: string; work: string }>(
      `select a.id, d.work from appointments a join doctors d on d.id = a.doctor_id where a.kind = 'video' and d.id = ? limit 1`, [visit!.doctor_id]);
    const ownKey = await appKey(['WEBHOOKS_MANAGE', 'APPOINTMENTS_READ'], { organisationKind: 'HOSPITAL', organisationName: 'Linked Hospital', hospitalDoctorIds: [visit!.doctor_id] });
    // Named exactly as the doctor gives their work place, but not linked: it hears nothing.
    const otherKey = await appKey(['WEBHOOKS_MANAGE', 'APPOINTMENTS_READ'], { organisationKind: 'HOSPITAL', organisationName: visit!.work });
    const own = await subscribe(ownKey, endpoint().url, ['APPOINTMENT_STATUS_CHANGED']);
    const other = await subscribe(otherKey, endpoint().url, ['APPOINTMENT_STATUS_CHANGED']);
    await t.sql(`update appointments set status = 'Processing', visit_date = current_date + 3 where id = ?`, [visit!.id]);
    const moved = await admin.gql('mutation($id: ID!) { changeAppointmentStatus(id: $id, input: { status: Confirmed }) { id } }', { id: visit!.id });
    expect(moved.errors).toBeUndefined();
    if (video) {
      await t.sql(`update appointments set status = 'Processing', payment_status = 'paid' where id = ?`, [video.id]);
      expect((await admin.gql('mutation($id: ID!) { changeAppointmentStatus(id: $id, input: { status: Confirmed }) { id } }', { id: video.id })).errors).toBeUndefined();
    }
    expect((await deliveriesTo(own.subscription.id)).map((d) => [d.event, d.objectId])).toEqual([['appointment.statusChanged', visit!.id]]);
    expect(await deliveriesTo(other.subscription.id)).toEqual([]);
  });

  it('tells apps with orders:read of a refunded order payment, as the order', async () => {
    const key = await appKey(['WEBHOOKS_MANAGE', 'ORDERS_READ']);
    const { subscription } = await subscribe(key, endpoint().url, ['PAYMENT_REFUNDED']);
    const [orderPayment] = await t.sql<{ id: string; purpose_id: string; user_id: string }>(`select id, purpose_id, user_id from payments where purpose = 'order' limit 1`);
    const [consultationPayment] = await t.sql<{ id: string; purpose_id: string; user_id: string }>(`select id, purpose_id, user_id from payments where purpose = 'consultation' limit 1`);
    const em = t.orm.em.fork();
    await em.transactional(async (tx) => {
      await t.services.events.publish(tx as never, { type: 'payment.refunded', paymentId: orderPayment!.id, purpose: 'order', purposeId: orderPayment!.purpose_id, userId: orderPayment!.user_id });
      if (consultationPayment) {
        await t.services.events.publish(tx as never, {
          type: 'payment.refunded', paymentId: consultationPayment.id, purpose: 'consultation', purposeId: consultationPayment.purpose_id, userId: consultationPayment.user_id,
        });
      }
    });
    const deliveries = await deliveriesTo(subscription.id);
    expect(deliveries.map((d) => [d.event, JSON.parse(d.payload).object])).toEqual([['payment.refunded', { type: 'Order', id: orderPayment!.purpose_id }]]);
  });

  it('queues nothing for a revoked app, and does not send what was queued before', async () => {
    const key = await appKey(['WEBHOOKS_MANAGE', 'ORDERS_READ']);
    const hook = endpoint();
    const { subscription } = await subscribe(key, hook.url);
    await moveAnOrder();
    const appId = (await t.orm.em.fork().findOneOrFail(WebhookSubscription, { id: subscription.id })).app.id;
    expect((await admin.gql('mutation($id: ID!) { revokeIntegratorApp(id: $id) { id } }', { id: appId })).errors).toBeUndefined();
    await moveAnOrder();
    await settle(subscription.id);
    const deliveries = await deliveriesTo(subscription.id);
    expect(deliveries.map((d) => [d.status, d.lastError])).toEqual([['failed', 'the app was revoked']]);
    expect(hook.got()).toEqual([]);
  });

  it('does not send what was queued for a subscription that has ended since', async () => {
    const key = await appKey(['WEBHOOKS_MANAGE', 'ORDERS_READ']);
    const hook = endpoint();
    const { subscription } = await subscribe(key, hook.url);
    await moveAnOrder();
    expect((await asApp(key, 'mutation($id: ID!) { unsubscribeWebhook(id: $id) { id } }', { id: subscription.id })).errors).toBeUndefined();
    await settle(subscription.id);
    expect((await deliveriesTo(subscription.id)).map((d) => [d.status, d.lastError])).toEqual([['failed', 'the subscription has ended']]);
    expect(hook.got()).toEqual([]);
  });

  it('keeps the demo app subscribed to the example integrator\'s receiver', async () => {
    const r = await asApp(DEMO_KEY.key, '{ webhookSubscriptions { url events } webhookDeliveries { total } }');
    expect(r.errors).toBeUndefined();
    expect(r.data.webhookSubscriptions).toEqual([{ url: 'http://127.0.0.1:8787/webhooks', events: ['ORDER_PLACED', 'ORDER_PAID', 'ORDER_STATUS_CHANGED'] }]);
    expect(r.data.webhookDeliveries.total).toBeGreaterThanOrEqual(2);
  });
});

// Every reserved block, address by address: webhook-addresses.test.ts.
describe('receivers a production server refuses to call', () => {
  it('refuses a reserved address, by literal or by a name that resolves to it, before sending anything', async () => {
    const hook = endpoint();
    await expect(postWebhook(hook.url, '{}', {}, { timeoutMs: 2000, publicOnly: true })).rejects.toThrow(/not a public address/);
    const byName = hook.url.replace('127.0.0.1', 'localhost');
    await expect(postWebhook(byName, '{}', {}, { timeoutMs: 2000, publicOnly: true })).rejects.toThrow(/not a public address/);
    expect(hook.got()).toEqual([]);
    // Outside production the same receiver is called.
    expect(await postWebhook(byName.replace('localhost', '127.0.0.1'), '{}', {}, { timeoutMs: 2000, publicOnly: false })).toEqual({ status: 200 });
    expect(hook.got()).toHaveLength(1);
  });
});
