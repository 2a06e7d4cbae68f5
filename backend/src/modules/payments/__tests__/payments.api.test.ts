import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import { asAdmin, asPatient, asVisitor, createTestApp, type TestApp } from '../../../../test/app.js';
import { loadConfig } from '../../../config.js';
import { newMedicine, SHIPPING } from '../../../../test/fixtures.js';
import { decideInSandbox, followCallback, pathOf, payInSandbox } from '../../../../test/payments.js';
import { User } from '../../accounts/index.js';
import { Payment, PaymentProvider, PaymentPurpose, PaymentStatus } from '../payment.entity.js';

/**
 * The payments module on its own, with the consultation purpose as its client: a handler registry
 * like the one the consultation module plugs into, and the built-in sandbox as the provider.
 */
let t: TestApp;
const seen: { status: string; tranId: string }[] = [];

beforeAll(async () => {
  t = await createTestApp();
  t.services.payments.onCompleted('consultation', (_em, p) => void seen.push({ status: 'completed', tranId: p.tranId }));
  t.services.payments.onFailed('consultation', (_em, p) => void seen.push({ status: 'failed', tranId: p.tranId }));
  t.services.payments.onCancelled('consultation', (_em, p) => void seen.push({ status: 'cancelled', tranId: p.tranId }));
});
afterAll(async () => {
  await t.close();
});

const em = () => t.orm.em.fork();

async function newPayment(provider: PaymentProvider, amountPoisha = 70000, email = 'patient@nirog.test') {
  const e = em();
  const user = await e.findOneOrFail(User, { email });
  const payment = t.services.payments.create(e, {
    purpose: PaymentPurpose.Consultation, purposeId: randomUUID(), userId: user.id, amountPoisha, provider,
  });
  await e.flush();
  const redirectUrl = await t.services.payments.startCheckout(e, payment, { payerReference: '01712345678', payer: { ip: '127.0.0.1' } });
  return { payment, redirectUrl };
}

const statusOf = async (id: string) => (await em().findOneOrFail(Payment, id)).status;
const notices = (tranId: string) => seen.filter((s) => s.tranId === tranId).map((s) => s.status);

describe('payments with bKash (sandbox)', () => {
  it('completes after approval, executed and checked on the server, and lands on the consultation success page', async () => {
    const { payment, redirectUrl } = await newPayment(PaymentProvider.Bkash);
    expect(redirectUrl).toMatch(/\/sandbox\/bkash\/checkout\/TR0011/);
    expect(payment.tranId).toMatch(/^NRG\d{8}[A-Z2-9]{10}$/);
    const landing = await payInSandbox(t, redirectUrl, 'approve');
    expect(landing).toBe(`${t.config.payments.publicUrl}/payment/successfull/${payment.tranId}`);
    const saved = await em().findOneOrFail(Payment, payment.id);
    expect(saved).toMatchObject({ status: PaymentStatus.Completed, amountPoisha: 70000, currency: 'BDT' });
    expect(saved.providerTrxId).toMatch(/^SBX/);
    expect(notices(payment.tranId)).toEqual(['completed']);
  });

  it('gives every payment its own transaction id', async () => {
    const ids = new Set(Array.from({ length: 1000 }, () => t.services.payments.newTranId()));
    expect(ids.size).toBe(1000);
  });

  it('records a callback replayed ten times, one after another, once', async () => {
    const { payment, redirectUrl } = await newPayment(PaymentProvider.Bkash);
    const callback = await decideInSandbox(t, redirectUrl, 'approve');
    for (let i = 0; i < 10; i++) expect(await followCallback(t, callback)).toContain(`/payment/successfull/${payment.tranId}`);
    expect(notices(payment.tranId)).toEqual(['completed']);
  });

  it('records a callback sent ten times at once, once', async () => {
    const { payment, redirectUrl } = await newPayment(PaymentProvider.Bkash);
    const callback = await decideInSandbox(t, redirectUrl, 'approve');
    const landings = await Promise.all(Array.from({ length: 10 }, () => followCallback(t, callback)));
    for (const l of landings) expect(l).toContain(`/payment/successfull/${payment.tranId}`);
    expect(await statusOf(payment.id)).toBe(PaymentStatus.Completed);
    expect(notices(payment.tranId)).toEqual(['completed']);
  });

  it('refuses a forged success callback for a payment the payer never approved', async () => {
    const { payment } = await newPayment(PaymentProvider.Bkash);
    const forged = `/api/payments/bkash/callback?paymentID=${payment.providerPaymentId}&status=success&signature=forged`;
    const landing = await followCallback(t, forged);
    expect(landing).toContain(`/payment/failed/${payment.tranId}?status=pending`);
    expect(await statusOf(payment.id)).toBe(PaymentStatus.Initiated);
    expect(notices(payment.tranId)).toEqual([]);
  });

  it('refuses a callback for a payment id it does not know', async () => {
    const landing = await followCallback(t, '/api/payments/bkash/callback?paymentID=TR0011FORGED&status=success');
    expect(landing).toContain('/payment/failed/unknown');
  });

  it.each([
    ['cancel', PaymentStatus.Cancelled, 'cancelled'],
    ['fail', PaymentStatus.Failed, 'failed'],
  ] as const)('records a payer who chose %s and tells the purpose owner', async (decision, status, notice) => {
    const { payment, redirectUrl } = await newPayment(PaymentProvider.Bkash);
    const landing = await payInSandbox(t, redirectUrl, decision);
    expect(landing).toContain(`/payment/failed/${payment.tranId}?status=${status}`);
    expect(await statusOf(payment.id)).toBe(status);
    expect(notices(payment.tranId)).toEqual([notice]);
  });

  it('asks with Query when the answer to execute is lost, and completes', async () => {
    const { payment, redirectUrl } = await newPayment(PaymentProvider.Bkash);
    const landing = await payInSandbox(t, redirectUrl, 'approve', 'execute-lost');
    expect(landing).toContain(`/payment/successfull/${payment.tranId}`);
    expect(notices(payment.tranId)).toEqual(['completed']);
  });

  it('fails a payment that execute refuses for insufficient balance (2023)', async () => {
    const { payment, redirectUrl } = await newPayment(PaymentProvider.Bkash);
    await payInSandbox(t, redirectUrl, 'approve', 'insufficient-balance');
    const saved = await em().findOneOrFail(Payment, payment.id);
    expect(saved).toMatchObject({ status: PaymentStatus.Failed, failureReason: 'BKASH_2023' });
  });

  it('refuses a provider answer whose amount differs from ours', async () => {
    const { payment } = await newPayment(PaymentProvider.Bkash, 50000);
    const recorded = await t.services.payments.record(em(), payment.id, {
      outcome: 'completed', providerTrxId: 'X1', amountPoisha: 100, currency: 'BDT', merchantOrderId: payment.tranId,
    });
    expect(recorded).toBe(true);
    expect(await em().findOneOrFail(Payment, payment.id)).toMatchObject({ status: PaymentStatus.Failed, failureReason: 'AMOUNT_MISMATCH' });
    expect(notices(payment.tranId)).toEqual(['failed']);
  });
});

describe('payments with Nagad (sandbox)', () => {
  it('completes after approval and a server-side verify', async () => {
    const { payment, redirectUrl } = await newPayment(PaymentProvider.Nagad, 123450);
    expect(redirectUrl).toContain('/sandbox/nagad/checkout/');
    const landing = await payInSandbox(t, redirectUrl, 'approve');
    expect(landing).toContain(`/payment/successfull/${payment.tranId}`);
    expect(await statusOf(payment.id)).toBe(PaymentStatus.Completed);
    expect(notices(payment.tranId)).toEqual(['completed']);
  });

  it('cancels a payment the payer aborted', async () => {
    const { payment, redirectUrl } = await newPayment(PaymentProvider.Nagad);
    await payInSandbox(t, redirectUrl, 'cancel');
    expect(await statusOf(payment.id)).toBe(PaymentStatus.Cancelled);
  });

  it('refuses a forged Success callback: Verify decides', async () => {
    const { payment } = await newPayment(PaymentProvider.Nagad);
    const forged = `/api/payments/nagad/callback?merchant=x&order_id=${payment.tranId}&payment_ref_id=${payment.providerPaymentId}&status=Success&status_code=00_0000_000`;
    expect(await followCallback(t, forged)).toContain('status=pending');
    expect(await statusOf(payment.id)).toBe(PaymentStatus.Initiated);
  });

  it('refuses a request with a bad signature (16_0006_058)', async () => {
    const res = await t.http().post('/sandbox/nagad/api/dfs/check-out/initialize/683002007104225/NRGX1')
      .set({ 'X-KM-Api-Version': 'v-0.2.0', 'X-KM-IP-V4': '127.0.0.1', 'X-KM-Client-Type': 'PC_WEB' })
      .send({ accountNumber: '01711428036', dateTime: '20261122100000', sensitiveData: 'AAAA', signature: 'AAAA' });
    expect(res.status).toBe(400);
    expect(res.body.reason).toBe('16_0006_058');
  });
});

describe('reconciling payments stuck in initiated', () => {
  it('completes a payment whose callback never arrived, and cancels one abandoned too long', async () => {
    const approved = await newPayment(PaymentProvider.Bkash);
    await decideInSandbox(t, approved.redirectUrl, 'approve'); // the browser never comes back
    const abandoned = await newPayment(PaymentProvider.Nagad);
    await em().nativeUpdate(Payment, { id: abandoned.payment.id }, { createdAt: new Date(Date.now() - 3 * 3600_000) });

    const summary = await t.services.payments.reconcile(em(), { olderThanMinutes: 0 });
    expect(summary.checked).toBeGreaterThanOrEqual(2);
    // bKash needs our execute: a never-executed approval stays pending until the payer returns or it is abandoned.
    const a = await em().findOneOrFail(Payment, approved.payment.id);
    expect([PaymentStatus.Initiated, PaymentStatus.Completed]).toContain(a.status);
    expect(await em().findOneOrFail(Payment, abandoned.payment.id)).toMatchObject({ status: PaymentStatus.Cancelled, failureReason: 'ABANDONED' });
    expect(notices(abandoned.payment.tranId)).toEqual(['cancelled']);
  });

  it('flags a payment the payer completed after it was abandoned, for a refund', async () => {
    const { payment, redirectUrl } = await newPayment(PaymentProvider.Nagad);
    await em().nativeUpdate(Payment, { id: payment.id }, { createdAt: new Date(Date.now() - 3 * 3600_000) });
    await t.services.payments.reconcile(em(), { olderThanMinutes: 0 });
    expect(await statusOf(payment.id)).toBe(PaymentStatus.Cancelled);
    await payInSandbox(t, redirectUrl, 'approve');
    const saved = await em().findOneOrFail(Payment, payment.id);
    expect(saved).toMatchObject({ status: PaymentStatus.Cancelled, failureReason: 'PAID_AFTER_CLOSE_REFUND_DUE' });
    expect(saved.providerTrxId).toMatch(/^NG/);
    expect(notices(payment.tranId)).toEqual(['cancelled']);
  });

  it('completes an approved Nagad payment whose callback never arrived', async () => {
    const { payment, redirectUrl } = await newPayment(PaymentProvider.Nagad);
    await decideInSandbox(t, redirectUrl, 'approve');
    await t.services.payments.reconcile(em(), { olderThanMinutes: 0 });
    expect(await statusOf(payment.id)).toBe(PaymentStatus.Completed);
    expect(notices(payment.tranId)).toEqual(['completed']);
  });
});

describe('who sees a payment', () => {
  it('shows a payment to its payer and admins only', async () => {
    const { payment } = await newPayment(PaymentProvider.Bkash);
    const q = 'query($id: String!) { payment(tranId: $id) { tranId status amountPoisha purpose } }';
    const owner = await asPatient(t);
    expect((await owner.gql(q, { id: payment.tranId })).data!.payment).toMatchObject({ tranId: payment.tranId, status: 'Initiated', amountPoisha: 70000 });
    expect((await (await asAdmin(t)).gql(q, { id: payment.tranId })).data!.payment.tranId).toBe(payment.tranId);
    expect((await (await asPatient(t, 'karim@nirog.test')).gql(q, { id: payment.tranId })).code).toBe('NOT_FOUND');
    expect((await asVisitor(t).gql(q, { id: payment.tranId })).code).toBe('UNAUTHENTICATED');

    expect((await owner.get(`/payment/${payment.tranId}`)).body.payment).toMatchObject({ amount: 700, status: 'initiated' });
    expect((await (await asPatient(t, 'karim@nirog.test')).get(`/payment/${payment.tranId}`)).status).toBe(404);
    expect((await asVisitor(t).get(`/payment/${payment.tranId}`)).status).toBe(401);
    expect(pathOf('http://x/a?b=1')).toBe('/a?b=1');
  });
});

describe('where the payer lands after paying', () => {
  const CREATE = `mutation($input: CreateOrderInput!) { createOrder(input: $input) { paymentUrl tranId } }`;
  async function orderFrom(origin: string) {
    const patient = await asPatient(t, 'nusrat@nirog.test');
    const m = await newMedicine(t, 5);
    const res = await t.http().post('/graphql').set('Authorization', `Bearer ${patient.token}`).set('Origin', origin)
      .send({ query: CREATE, variables: { input: { shippingInfo: SHIPPING, orderItems: [{ medicineId: m.id, quantity: 1 }], paymentMethod: 'Bkash' } } });
    expect(res.body.errors).toBeUndefined();
    return res.body.data.createOrder as { paymentUrl: string; tranId: string };
  }

  it('returns a payer to the origin of this app the checkout started from (127.0.0.1 beside localhost), logged in there', async () => {
    expect(t.config.payments.publicUrl).toBe('http://localhost:4000');
    const placed = await orderFrom('http://127.0.0.1:4000');
    expect(await payInSandbox(t, placed.paymentUrl)).toBe(`http://127.0.0.1:4000/order/payment/successfull/${placed.tranId}`);
  });

  it('sends a payer from any other origin to PUBLIC_URL', async () => {
    const placed = await orderFrom('https://evil.example');
    expect(await payInSandbox(t, placed.paymentUrl, 'cancel')).toMatch(new RegExp(`^http://localhost:4000/order/payment/failed/${placed.tranId}\\?status=cancelled$`));
  });

  it('is recorded by the service that opens the checkout, whichever door (or none) asked', async () => {
    const user = await em().findOneOrFail(User, { email: 'nusrat@nirog.test' });
    const actor = { id: user.id, role: user.role, sessionId: randomUUID() };
    const order = async (origin: string | null) => {
      const m = await newMedicine(t, 5);
      const placed = await t.services.orders.place(em(), actor, { shippingInfo: SHIPPING, orderItems: [{ medicineId: m.id, quantity: 1 }], paymentMethod: PaymentProvider.Bkash } as never,
        { ip: '127.0.0.1', origin });
      return (await em().findOneOrFail(Payment, { tranId: placed.tranId! })).returnOrigin ?? null;
    };
    expect(await order('http://127.0.0.1:4000')).toBe('http://127.0.0.1:4000');
    expect(await order('https://evil.example')).toBeNull();
    expect(await order(null)).toBeNull();
  });

  it('reads APP_ORIGINS as exact origins, and adds the localhost twin only outside production', () => {
    const live = loadConfig({ NODE_ENV: 'test', PUBLIC_URL: 'https://nirog.com.bd', APP_ORIGINS: 'https://www.nirog.com.bd' });
    expect(live.payments.appOrigins).toEqual(['https://nirog.com.bd', 'https://www.nirog.com.bd']);
    expect(loadConfig({ NODE_ENV: 'test', PUBLIC_URL: 'http://localhost:4173' }).payments.appOrigins).toEqual(['http://localhost:4173', 'http://127.0.0.1:4173']);
    expect(() => loadConfig({ NODE_ENV: 'test', APP_ORIGINS: 'https://www.nirog.com.bd/path' })).toThrow(/APP_ORIGINS/);
  });
});
