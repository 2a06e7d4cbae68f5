import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { asAdmin, createTestApp, type TestApp } from '../../../../test/app.js';
import { startFakeSmsNetBd, type FakeSmsNetBd } from '../../../../test/sms-gateway.js';
import { loadConfig } from '../../../config.js';

/**
 * The sms.net.bd adapter over real HTTP, against a local server speaking the provider's shapes
 * (test/sms-gateway.ts): texts leave from the SMS outbox with their form fields, failures are
 * retried or given up by the provider's error code, and delivery is read back from the report.
 */
const API_KEY = 'test-api-key-2026';
let gateway: FakeSmsNetBd;
let t: TestApp;
beforeAll(async () => {
  gateway = await startFakeSmsNetBd(API_KEY);
  t = await createTestApp({
    env: {
      SMS_PROVIDER: 'smsnetbd', SMS_API_KEY: API_KEY, SMS_API_URL: gateway.url, SMS_SENDER: 'NIROG', SMS_HTTP_TIMEOUT_MS: '300',
      SMS_DELIVERY_CHECK_SECONDS: '1',
    },
  });
});
afterAll(async () => {
  await t?.close();
  await gateway?.stop();
});

const rowTo = async (phone: string) => (await t.sql('select * from sms_outbox where to_phone = ? order by created_at desc limit 1', [phone]))[0]!;
/** Queues a text the way the app does (the outbox), for a fresh number. */
let serial = 0;
async function queue(body = 'Nirog: your booking #AB12CD34 is now Confirmed.', template = 'appointment-status', language: 'en' | 'bn' = 'en') {
  const phone = `+8801812${String(++serial).padStart(6, '0')}`;
  await t.sql(
    `insert into sms_outbox (id, dedupe_key, to_phone, language, template, body, status, created_at, updated_at, next_attempt_at, attempts)
     values (gen_random_uuid(), ?, ?, ?, ?, ?, 'pending', now(), now(), now(), 0)`, [`test:${phone}`, phone, language, template, body]);
  return phone;
}
/** Due again at once (the retry's backoff passed). */
const dueNow = (phone: string) => t.sql(`update sms_outbox set next_attempt_at = now() where to_phone = ?`, [phone]);

describe('sending through sms.net.bd', () => {
  it('posts the form the provider documents, Bangla intact, and keeps its request_id as the reference', async () => {
    const phone = await queue('নীরোগ: আপনার বুকিং #AB12CD34 এখন নিশ্চিত।', 'appointment-status', 'bn');
    expect((await t.worker.tick()).sms).toBe(1);
    const req = gateway.sent.at(-1)!;
    expect(req).toMatchObject({ apiKey: API_KEY, to: phone.slice(1), msg: 'নীরোগ: আপনার বুকিং #AB12CD34 এখন নিশ্চিত।', senderId: 'NIROG' });
    expect(req.contentType).toMatch(/^application\/x-www-form-urlencoded/);
    expect(await rowTo(phone)).toMatchObject({ status: 'sent', attempts: 1, provider_ref: String(req.requestId), last_error: null, delivery_status: 'pending' });
  });

  it('reads delivery back from the report until it is known, once per check interval, by one worker', async () => {
    const phone = await queue();
    await t.worker.tick(); // sent, and asked at once: still pending
    const ref = (await rowTo(phone)).provider_ref as string;
    expect(gateway.reports.filter((r) => r === ref)).toHaveLength(1);
    expect((await rowTo(phone)).delivery_status).toBe('pending');
    gateway.setStatus(ref, 'Sent');
    await t.worker.tick(); // asked less than a second ago: not again yet
    expect(gateway.reports.filter((r) => r === ref)).toHaveLength(1);
    await t.sql(`update sms_outbox set delivery_checked_at = now() - interval '2 seconds' where to_phone = ?`, [phone]);
    await Promise.all([t.services.sms.checkDeliveries(t.orm.em.fork()), t.services.sms.checkDeliveries(t.orm.em.fork())]);
    expect(gateway.reports.filter((r) => r === ref)).toHaveLength(2);
    expect((await rowTo(phone)).delivery_status).toBe('delivered');

    const failing = await queue();
    await t.worker.tick();
    const failingRef = (await rowTo(failing)).provider_ref as string;
    gateway.setStatus(failingRef, 'Failed');
    await t.sql(`update sms_outbox set delivery_checked_at = now() - interval '2 seconds' where to_phone = ?`, [failing]);
    await t.worker.tick();
    expect((await rowTo(failing)).delivery_status).toBe('failed');
  });

  it('retries what an operator can fix (no balance, a bad key, a timeout, a proxy error) and gives up on what names the text (no valid number)', async () => {
    gateway.failWith(417, 'Insufficient balance');
    const broke = await queue();
    await t.worker.tick();
    expect(await rowTo(broke)).toMatchObject({ status: 'pending', attempts: 1, last_error: 'sms.net.bd error 417: Insufficient balance' });

    gateway.failWith(416, 'No valid number found');
    const invalid = await queue();
    await t.worker.tick();
    expect(await rowTo(invalid)).toMatchObject({ status: 'failed', attempts: 1, last_error: 'sms.net.bd error 416: No valid number found' });
    gateway.failWith(null);

    gateway.hang(true);
    const slow = await queue();
    await t.worker.tick();
    gateway.hang(false);
    const timedOut = await rowTo(slow);
    expect(timedOut).toMatchObject({ status: 'pending', attempts: 1 });
    expect(timedOut.last_error).toMatch(/^sms\.net\.bd unreachable \(127\.0\.0\.1:\d+\)/);
    expect(timedOut.last_error).not.toContain(API_KEY);

    gateway.badGateway(true);
    const proxied = await queue();
    await t.worker.tick();
    gateway.badGateway(false);
    expect((await rowTo(proxied)).last_error).toMatch(/HTTP 502 without JSON/);

    // Once the operator tops up, the queued text goes out on its next attempt.
    await dueNow(broke);
    await t.worker.tick();
    expect(await rowTo(broke)).toMatchObject({ status: 'sent', attempts: 2 });
  });

  it('masks a one-time code in the stored text once the provider has it (the phone has it, the row needs it no more)', async () => {
    const res = await t.http().post('/graphql').send({ query: 'mutation($i: PhoneNumberInput!) { sendLoginCode(input: $i) { phone } }', variables: { i: { phone: '01712345678' } } });
    expect(res.body.errors).toBeUndefined();
    await t.worker.tick();
    const req = gateway.sent.at(-1)!;
    expect(req.msg).toMatch(/^\d{6} is your Nirog code\./);
    const code = req.msg.slice(0, 6);
    const row = await rowTo('+8801712345678');
    expect(row.body).not.toContain(code);
    expect(row.body).toMatch(/^••• is your Nirog code\./);
    // The development sandbox of texts is not there with a real gateway.
    const sandbox = await t.http().post('/graphql').send({ query: '{ smsSandbox(phone: "01712345678") { body } }' });
    expect(sandbox.body.data.smsSandbox).toBeNull();
    const admin = await asAdmin(t);
    const list = await admin.gql('{ smsOutbox(pageSize: 50) { items { toPhone deliveryStatus providerRef } } }');
    expect(list.data!.smsOutbox.items.find((s: { toPhone: string }) => s.toPhone === '+8801712345678')).toMatchObject({ deliveryStatus: 'pending', providerRef: String(req.requestId) });
  });
});

describe('configuration', () => {
  it('needs the API key, and never shows sandbox texts with a real gateway or in production', () => {
    expect(() => loadConfig({ NODE_ENV: 'test', SMS_PROVIDER: 'smsnetbd' })).toThrow(/SMS_API_KEY/);
    expect(() => loadConfig({ NODE_ENV: 'test', SMS_PROVIDER: 'smsnetbd', SMS_API_KEY: 'k', SMS_DEV_INBOX: 'true' })).toThrow(/SMS_DEV_INBOX/);
    expect(() => loadConfig({ NODE_ENV: 'test', SMS_PROVIDER: 'whatsapp' })).toThrow(/SMS_PROVIDER/);
    const prod = { NODE_ENV: 'production', JWT_SECRET: '9f2c7e1a4b8d3f60e5a7c2b9d1f4e8a3-test', PAYMENT_SANDBOX: 'false' };
    expect(loadConfig(prod).sms.devInbox).toBe(false);
    expect(() => loadConfig({ ...prod, SMS_DEV_INBOX: 'true' })).toThrow(/SMS_DEV_INBOX/);
    expect(loadConfig({ NODE_ENV: 'test', SMS_PROVIDER: 'smsnetbd', SMS_API_KEY: 'k' }).sms).toMatchObject({ apiUrl: 'https://api.sms.net.bd', sender: undefined, devInbox: false });
  });
});
