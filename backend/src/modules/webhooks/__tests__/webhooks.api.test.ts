import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import { asAdmin, createTestApp, type Client, type TestApp } from '../../../../test/app.js';
import { DEMO_KEY } from '../../integrators/index.js';
import { WebhookDelivery, WebhookSubscription } from '../webhook.entity.js';
import { verifySignature } from '../webhook.signer.js';

/**
 * Webhooks over real HTTP: an app subscribes with its key and webhooks:manage, an admin moves an
 * order, the outbox worker POSTs a signed delivery to a real local receiver (the signature checked
 * here as a receiver would), a failing receiver is retried, two workers racing send once, an admin
 * resends.
 */
let t: TestApp;
let admin: Client;
let receiver: Server;
let receiverUrl: string;
/** What the receiver answers next (a queue of statuses; 200 once it is empty). */
let answers: number[] = [];
let received: { id: string; timestamp: string; signature: string; body: string; verified?: boolean }[] = [];

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

async function subscribe(key: string, events: string[] = ['ORDER_STATUS_CHANGED'], url = receiverUrl) {
  const r = await asApp(key, SUBSCRIBE, { input: { url, events } });
  expect(r.errors).toBeUndefined();
  return r.data.subscribeWebhook as { secret: string; subscription: { id: string } };
}

async function moveAnOrder(): Promise<string> {
  const page = await admin.gql('{ adminOrders(pageSize: 50) { items { id status } } }');
  const order = page.data!.adminOrders.items.find((o: { status: string }) => o.status === 'Processing');
  const r = await admin.gql('mutation($id: ID!) { updateOrderStatus(id: $id, status: Confirmed) { id } }', { id: order.id });
  expect(r.errors).toBeUndefined();
  return order.id;
}

const bodyOf = (req: IncomingMessage) => new Promise<string>((resolve) => {
  const chunks: Buffer[] = [];
  req.on('data', (c: Buffer) => chunks.push(c));
  req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
});

const deliveriesTo = (subscriptionId: string) => t.orm.em.fork().find(WebhookDelivery, { subscription: subscriptionId });

beforeAll(async () => {
  t = await createTestApp({ env: { WEBHOOK_RETRY_BASE_MS: '1' } });
  admin = await asAdmin(t);
  receiver = createServer(async (req, res) => {
    const body = await bodyOf(req);
    received.push({ id: String(req.headers['nirog-webhook-id']), timestamp: String(req.headers['nirog-webhook-timestamp']), signature: String(req.headers['nirog-signature']), body });
    res.statusCode = answers.shift() ?? 200;
    res.end();
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks`;
});
beforeEach(() => {
  answers = [];
  received = [];
});
afterAll(async () => {
  await new Promise((resolve) => receiver?.close(resolve));
  await t?.close();
});

describe('webhook subscriptions', () => {
  it('subscribes, lists and unsubscribes with webhooks:manage; the secret is shown once and kept sealed', async () => {
    const key = await appKey(['WEBHOOKS_MANAGE', 'ORDERS_READ']);
    const { secret, subscription } = await subscribe(key, ['ORDER_PLACED', 'ORDER_STATUS_CHANGED']);
    expect(secret).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);
    const [row] = await t.orm.em.fork().getConnection().execute<{ secret_sealed: string }[]>('select secret_sealed from webhook_subscriptions where id = ?', [subscription.id]);
    expect(row!.secret_sealed).not.toContain(secret.slice(6));
    const list = await asApp(key, '{ webhookSubscriptions { id url events } }');
    expect(list.data.webhookSubscriptions).toEqual([{ id: subscription.id, url: receiverUrl, events: ['ORDER_PLACED', 'ORDER_STATUS_CHANGED'] }]);
    // Another app neither sees nor removes it.
    const other = await appKey(['WEBHOOKS_MANAGE', 'ORDERS_READ']);
    expect((await asApp(other, '{ webhookSubscriptions { id } }')).data.webhookSubscriptions).toEqual([]);
    expect((await asApp(other, 'mutation($id: ID!) { unsubscribeWebhook(id: $id) { id } }', { id: subscription.id })).code).toBe('NOT_FOUND');
    const gone = await asApp(key, 'mutation($id: ID!) { unsubscribeWebhook(id: $id) { id } }', { id: subscription.id });
    expect(gone.errors).toBeUndefined();
    expect((await asApp(key, '{ webhookSubscriptions { id } }')).data.webhookSubscriptions).toEqual([]);
  });

  it('refuses an app without webhooks:manage, an event its scopes cannot read, and a person', async () => {
    const noScope = await appKey(['ORDERS_READ']);
    expect(await asApp(noScope, SUBSCRIBE, { input: { url: receiverUrl, events: ['ORDER_PLACED'] } })).toMatchObject({ code: 'FORBIDDEN', reason: 'MISSING_SCOPE', data: null });
    expect(await asApp(noScope, '{ webhookSubscriptions { id } }')).toMatchObject({ code: 'FORBIDDEN', reason: 'MISSING_SCOPE' });
    const hooksOnly = await appKey(['WEBHOOKS_MANAGE']);
    expect(await asApp(hooksOnly, SUBSCRIBE, { input: { url: receiverUrl, events: ['ORDER_PLACED'] } })).toMatchObject({ code: 'FORBIDDEN', reason: 'MISSING_SCOPE' });
    expect((await admin.gql(SUBSCRIBE, { input: { url: receiverUrl, events: ['ORDER_PLACED'] } })).code).toBe('FORBIDDEN');
    expect(await t.orm.em.fork().getConnection().execute('select id from webhook_subscriptions where url = ?', [receiverUrl])).toEqual([]);
  });

  it.each([
    ['http://hooks.example.com/in', 'plain http off this machine'],
    ['ftp://127.0.0.1/in', 'another scheme'],
    ['not a url', 'no URL at all'],
    ['https://user:pw@hooks.example.com/in', 'credentials in the URL'],
  ])('refuses %s (%s) with a coded error', async (url) => {
    const key = await appKey(['WEBHOOKS_MANAGE', 'ORDERS_READ']);
    const r = await asApp(key, SUBSCRIBE, { input: { url, events: ['ORDER_PLACED'] } });
    expect(r).toMatchObject({ code: 'BAD_USER_INPUT', data: null });
  });
});

describe('webhook deliveries', () => {
  it('POSTs a signed delivery to the receiver after an admin moves an order', async () => {
    const key = await appKey(['WEBHOOKS_MANAGE', 'ORDERS_READ']);
    const { secret, subscription } = await subscribe(key);
    const orderId = await moveAnOrder();
    const [queued] = await deliveriesTo(subscription.id);
    expect(queued).toMatchObject({ status: 'pending', objectId: orderId, event: 'order.statusChanged' });
    await t.worker.tick();
    expect(received).toHaveLength(1);
    const got = received[0]!;
    expect(verifySignature(secret, got, got.body)).toBe(true);
    expect(verifySignature(secret, got, got.body.replace(orderId, orderId.replace(/^./, '0')))).toBe(false);
    expect(verifySignature('whsec_wrong', got, got.body)).toBe(false);
    expect(JSON.parse(got.body)).toEqual({ id: got.id, type: 'order.statusChanged', createdAt: expect.any(String), object: { type: 'Order', id: orderId } });
    const list = await asApp(key, '{ webhookDeliveries { total items { eventId event objectId status attempts responseStatus lastError appName } } }');
    expect(list.data.webhookDeliveries).toEqual({ total: 1, items: [{ eventId: got.id, event: 'ORDER_STATUS_CHANGED', objectId: orderId, status: 'sent', attempts: 1, responseStatus: 200, lastError: null, appName: 'webhook app' }] });
  });

  it('retries a failing receiver with backoff until it answers 2xx', async () => {
    const key = await appKey(['WEBHOOKS_MANAGE', 'ORDERS_READ']);
    const { secret, subscription } = await subscribe(key);
    await moveAnOrder();
    answers = [500, 503];
    for (let pass = 0; pass < 10 && (await deliveriesTo(subscription.id))[0]!.status !== 'sent'; pass++) await t.worker.tick();
    const [delivery] = await deliveriesTo(subscription.id);
    expect(delivery).toMatchObject({ status: 'sent', attempts: 3, responseStatus: 200, lastError: null });
    expect(received.map((r) => r.id)).toEqual([delivery!.eventId, delivery!.eventId, delivery!.eventId]);
    expect(received.every((r) => verifySignature(secret, r, r.body))).toBe(true);
  });

  it('records the failure and the status of each attempt', async () => {
    const key = await appKey(['WEBHOOKS_MANAGE', 'ORDERS_READ']);
    const { subscription } = await subscribe(key);
    await moveAnOrder();
    answers = [502, 502, 502, 502, 502, 502, 502, 502];
    await t.worker.tick();
    const [delivery] = await deliveriesTo(subscription.id);
    expect(delivery).toMatchObject({ status: 'pending', attempts: 1, responseStatus: 502, lastError: 'HTTP 502' });
  });

  it('delivers once per event and subscription when two workers race', async () => {
    const key = await appKey(['WEBHOOKS_MANAGE', 'ORDERS_READ']);
    const { subscription } = await subscribe(key);
    for (let i = 0; i < 3; i++) await moveAnOrder();
    await Promise.all([
      t.services.webhooks.deliverDue(t.orm.em.fork() as never, 20),
      t.services.webhooks.deliverDue(t.orm.em.fork() as never, 20),
    ]);
    const mine = await deliveriesTo(subscription.id);
    expect(mine.map((d) => d.status)).toEqual(['sent', 'sent', 'sent']);
    const ids = received.map((r) => r.id).filter((id) => mine.some((d) => d.eventId === id));
    expect(ids.sort()).toEqual(mine.map((d) => d.eventId).sort());
    // The same event queued again for the same subscription is one row (the unique key).
    const d = mine[0]!;
    const inserted = await t.orm.em.fork().getConnection().execute(
      `insert into webhook_deliveries (id, dedupe_key, subscription_id, app_id, event_id, event, object_id, payload, url, status, attempts, next_attempt_at, created_at, updated_at)
        values (gen_random_uuid(), ?, ?, ?, ?, 'order.statusChanged', ?, '{}', ?, 'pending', 0, now(), now(), now()) on conflict (dedupe_key) do nothing returning id`,
      [`${d.eventId}:${subscription.id}`, subscription.id, d.app.id, d.eventId, d.objectId, receiverUrl]);
    expect(inserted).toEqual([]);
  });

  it('lets an admin list every app\'s deliveries and resend one, with the same event id', async () => {
    const key = await appKey(['WEBHOOKS_MANAGE', 'ORDERS_READ']);
    const { secret, subscription } = await subscribe(key);
    await moveAnOrder();
    await t.worker.tick();
    const [delivery] = await deliveriesTo(subscription.id);
    const all = await admin.gql('{ webhookDeliveries(pageSize: 100) { total items { id appName } } }');
    expect(all.data!.webhookDeliveries.items.map((i: { id: string }) => i.id)).toContain(delivery!.id);
    expect(new Set(all.data!.webhookDeliveries.items.map((i: { appName: string }) => i.appName)).size).toBeGreaterThan(1);
    received = [];
    // An app may not resend; an admin may.
    expect((await asApp(key, 'mutation($id: ID!) { resendWebhookDelivery(id: $id) { id } }', { id: delivery!.id })).reason).toBe('MISSING_SCOPE');
    const r = await admin.gql('mutation($id: ID!) { resendWebhookDelivery(id: $id) { id status attempts } }', { id: delivery!.id });
    expect(r.data!.resendWebhookDelivery).toEqual({ id: delivery!.id, status: 'pending', attempts: 0 });
    await t.worker.tick();
    expect(received.map((x) => x.id)).toEqual([delivery!.eventId]);
    expect(verifySignature(secret, received[0]!, received[0]!.body)).toBe(true);
    expect((await admin.gql('mutation { resendWebhookDelivery(id: "nope") { id } }')).code).toBe('NOT_FOUND');
  });

  it('sends medicine.stockLow when a change takes the stock to 10 or below', async () => {
    const key = await appKey(['WEBHOOKS_MANAGE', 'CATALOG_READ', 'STOCK_WRITE'], { organisationKind: 'PHARMACY' });
    const { subscription } = await subscribe(key, ['MEDICINE_STOCK_LOW']);
    const med = (await asApp(key, '{ medicines(pageSize: 20) { items { id stock } } }')).data.medicines.items.find((m: { stock: number }) => m.stock > 10);
    const set = (stock: number) => asApp(key, 'mutation($id: ID!, $stock: Int!) { updateMedicineStock(id: $id, input: { stock: $stock }) { id } }', { id: med.id, stock });
    expect((await set(50)).errors).toBeUndefined();
    expect(await deliveriesTo(subscription.id)).toHaveLength(0);
    await set(4);
    await set(3);
    expect((await deliveriesTo(subscription.id)).map((d) => [d.event, d.objectId])).toEqual([['medicine.stockLow', med.id]]);
  });

  it('queues nothing for a revoked app', async () => {
    const key = await appKey(['WEBHOOKS_MANAGE', 'ORDERS_READ']);
    const { subscription } = await subscribe(key);
    const appId = (await t.orm.em.fork().findOneOrFail(WebhookSubscription, { id: subscription.id })).app.id;
    expect((await admin.gql('mutation($id: ID!) { revokeIntegratorApp(id: $id) { id } }', { id: appId })).errors).toBeUndefined();
    await moveAnOrder();
    expect(await deliveriesTo(subscription.id)).toHaveLength(0);
  });

  it('keeps the demo app subscribed to the example integrator\'s receiver', async () => {
    const demo = DEMO_KEY.key;
    const r = await asApp(demo, '{ webhookSubscriptions { url events } webhookDeliveries { total } }');
    expect(r.errors).toBeUndefined();
    expect(r.data.webhookSubscriptions).toEqual([{ url: 'http://127.0.0.1:8787/webhooks', events: ['ORDER_PLACED', 'ORDER_PAID', 'ORDER_STATUS_CHANGED'] }]);
    expect(r.data.webhookDeliveries.total).toBeGreaterThanOrEqual(2);
  });
});
