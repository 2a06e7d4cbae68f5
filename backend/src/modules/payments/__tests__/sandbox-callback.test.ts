import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { randomBytes } from 'node:crypto';
import { createTestApp, type TestApp } from '../../../../test/app.js';
import { pathOf } from '../../../../test/payments.js';
import type { NagadKeys } from '../providers/nagad.crypto.js';
import { NagadProvider } from '../providers/nagad.provider.js';
import type { GatewayTransport } from '../providers/transport.js';
import { SandboxTransaction } from '../sandbox/sandbox-transaction.entity.js';

/**
 * The sandbox gateway is reachable with published credentials, so it must not send a payer anywhere
 * but back to Nirog: a checkout whose callback is on another origin is refused with the provider's
 * own error (bKash 2049, Nagad 16_0006_059), and the hosted page checks again before redirecting.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ seed: false });
});
afterAll(async () => {
  await t.close();
});

const EVIL = 'https://evil.example/cb';
const em = () => t.orm.em.fork();
const own = (path = '/api/payments/bkash/callback') => `${t.config.payments.publicUrl}${path}`;
const invoice = () => `NRGT${randomBytes(6).toString('hex').toUpperCase()}`;
const BKASH = '/sandbox/bkash/v1.2.0-beta/tokenized/checkout';

/** Whoever knows the published sandbox credentials: grant, then create with the callback they like. */
async function bkashCreate(callbackURL: string, merchantInvoiceNumber = invoice()) {
  const b = t.config.payments.bkash;
  const grant = await t.http().post(`${BKASH}/token/grant`).set({ username: b.username, password: b.password })
    .send({ app_key: b.appKey, app_secret: b.appSecret });
  expect(grant.body.statusCode).toBe('0000');
  const res = await t.http().post(`${BKASH}/create`).set({ Authorization: grant.body.id_token, 'X-APP-Key': b.appKey })
    .send({ mode: '0011', payerReference: '01712345678', callbackURL, amount: '700.00', currency: 'BDT', intent: 'sale', merchantInvoiceNumber });
  return { res, merchantInvoiceNumber };
}

/** Nagad's checkout as Nirog's own adapter does it, over the sandbox's HTTP routes. */
function nagad(): NagadProvider {
  const keys = (t.services.payments.sandbox as unknown as { nagadKeys: () => NagadKeys }).nagadKeys;
  const transport: GatewayTransport = async (req) => {
    const path = pathOf(req.url);
    const res = req.method === 'GET' ? await t.http().get(path).set(req.headers) : await t.http().post(path).set(req.headers).send(req.body as object);
    return { status: res.status, body: res.body as Record<string, unknown> };
  };
  return new NagadProvider(t.config.payments.nagad, keys, transport);
}

const decide = (redirectUrl: string, decision = 'approve') => t.http().post(pathOf(redirectUrl)).type('form').send({ decision });

describe('bKash sandbox callbacks', () => {
  it('refuses a checkout whose callback is on another origin with 2049, and stores nothing', async () => {
    const hosts = [EVIL, 'https://evil.example/api/payments/bkash/callback', `${new URL(own()).protocol}//${new URL(own()).hostname}:1/cb`,
      `${new URL(own()).protocol}//${new URL(own()).hostname}.evil.example/cb`, `http://${new URL(own()).host}@evil.example/cb`,
      `http://user:pw@${new URL(own()).host}/cb`, '//evil.example/cb', 'javascript:alert(1)', `data:text/html,<a href="${own()}">x</a>`];
    for (const callbackURL of hosts) {
      const { res, merchantInvoiceNumber } = await bkashCreate(callbackURL);
      expect({ callbackURL, status: res.status, body: res.body }).toEqual({
        callbackURL, status: 200, body: { statusCode: '2049', statusMessage: 'Invalid Merchant Callback URL' },
      });
      expect(await em().count(SandboxTransaction, { merchantOrderId: merchantInvoiceNumber })).toBe(0);
    }
  });

  it('accepts a callback on Nirog\'s own origin and redirects the payer there', async () => {
    const { res } = await bkashCreate(own('/api/payments/bkash/callback?from=test'));
    expect(res.body).toMatchObject({ statusCode: '0000', transactionStatus: 'Initiated' });
    const decided = await decide(res.body.bkashURL);
    expect(decided.status).toBe(303);
    const back = new URL(decided.headers.location as string);
    expect(back.origin).toBe(new URL(t.config.payments.publicUrl).origin);
    expect(back.searchParams.get('status')).toBe('success');
  });
});

describe('Nagad sandbox callbacks', () => {
  it('refuses to complete a checkout whose merchantCallbackURL is on another origin (16_0006_059), then accepts its own', async () => {
    const provider = nagad();
    const tranId = invoice();
    await expect(provider.createCheckout({ tranId, amountPoisha: 70000, callbackUrl: EVIL, payerReference: '01712345678', clientIp: '127.0.0.1' }))
      .rejects.toThrow(/complete: 16_0006_059 Invalid merchant callback URL/);
    const refused = await em().findOneOrFail(SandboxTransaction, { provider: 'nagad', merchantOrderId: tranId });
    expect(refused).toMatchObject({ status: 'Initiated', callbackUrl: null });

    const session = await provider.createCheckout({
      tranId: invoice(), amountPoisha: 70000, callbackUrl: own('/api/payments/nagad/callback'), payerReference: '01712345678', clientIp: '127.0.0.1',
    });
    const decided = await decide(session.redirectUrl);
    expect(decided.status).toBe(303);
    expect(new URL(decided.headers.location as string).origin).toBe(new URL(t.config.payments.publicUrl).origin);
  });
});

describe('the hosted page checks the callback again before redirecting', () => {
  it('does not redirect (nor record a decision) for a checkout stored with a foreign callback', async () => {
    for (const provider of ['bkash', 'nagad'] as const) {
      const e = em();
      const stored = e.create(SandboxTransaction, {
        provider, reference: `OLD${randomBytes(8).toString('hex').toUpperCase()}`, merchantOrderId: invoice(), amount: '700.00', currency: 'BDT',
        callbackUrl: EVIL, status: provider === 'bkash' ? 'Initiated' : 'Ready',
      });
      await e.flush();
      const res = await decide(`${t.config.payments.sandbox.baseUrl}/${provider}/checkout/${stored.reference}`);
      expect(res.status).toBe(400);
      expect(res.headers.location).toBeUndefined();
      expect(res.text).not.toContain('evil.example');
      expect(await em().findOneOrFail(SandboxTransaction, stored.id)).toMatchObject({ status: stored.status, decision: null });
    }
  });
});

describe('a payer who taps again, or comes back to the hosted page, finds the way back', () => {
  it('a second tap on a decided payment, whichever button, leads where the first did and changes nothing', async () => {
    const { res } = await bkashCreate(own());
    const first = await decide(res.body.bkashURL, 'approve');
    expect(first.status).toBe(303);
    for (const again of ['approve', 'cancel', 'fail']) {
      const second = await decide(res.body.bkashURL, again);
      expect({ again, status: second.status, location: second.headers.location }).toEqual({ again, status: 303, location: first.headers.location });
    }
    expect(await em().findOneOrFail(SandboxTransaction, { reference: res.body.paymentID })).toMatchObject({ decision: 'approved', status: 'Initiated' });

    const session = await nagad().createCheckout({
      tranId: invoice(), amountPoisha: 70000, callbackUrl: own('/api/payments/nagad/callback'), payerReference: '01712345678', clientIp: '127.0.0.1',
    });
    const cancelled = await decide(session.redirectUrl, 'cancel');
    const again = await decide(session.redirectUrl, 'approve');
    expect(again.status).toBe(303);
    expect(new URL(again.headers.location as string).searchParams.get('status')).toBe('Aborted');
    expect(new URL(again.headers.location as string).searchParams.get('payment_ref_id')).toBe(new URL(cancelled.headers.location as string).searchParams.get('payment_ref_id'));
  });

  it("the page of a decided payment says so and links back, without the buttons", async () => {
    const { res } = await bkashCreate(own());
    const decided = await decide(res.body.bkashURL, 'cancel');
    const page = await t.http().get(pathOf(res.body.bkashURL));
    expect(page.status).toBe(200);
    expect(page.text).toContain('This payment is already cancelled');
    expect(page.text).not.toContain('name="decision"');
    expect(page.text).toContain(`href="${(decided.headers.location as string).replace(/&/g, '&#38;')}"`);
  });

  it("lets the hosted page's form lead to every origin a payment can land on, and nowhere else", async () => {
    const other = await createTestApp({ seed: false, env: { PUBLIC_URL: 'http://localhost:4000', CORS_ORIGINS: 'https://client.example' } });
    try {
      const b = other.config.payments.bkash;
      const grant = await other.http().post(`${BKASH}/token/grant`).set({ username: b.username, password: b.password }).send({ app_key: b.appKey, app_secret: b.appSecret });
      const created = await other.http().post(`${BKASH}/create`).set({ Authorization: grant.body.id_token, 'X-APP-Key': b.appKey })
        .send({ mode: '0011', payerReference: '01712345678', callbackURL: 'http://localhost:4000/api/payments/bkash/callback', amount: '700.00', currency: 'BDT', intent: 'sale', merchantInvoiceNumber: invoice() });
      const page = await other.http().get(pathOf(created.body.bkashURL));
      const formAction = /form-action ([^;]+)/.exec(page.headers['content-security-policy'] as string)?.[1]?.split(' ');
      expect(formAction?.sort()).toEqual(["'self'", 'http://127.0.0.1:4000', 'http://localhost:4000', 'https://client.example'].sort());
      // Nirog's own pages keep theirs.
      expect((await other.http().get('/healthz')).headers['content-security-policy']).toContain("form-action 'self';");
    } finally {
      await other.close();
    }
  });
});
