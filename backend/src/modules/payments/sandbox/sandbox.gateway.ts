import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import express, { type Router } from 'express';
import type { Orm } from '../../../common/orm.js';
import type { EntityManager } from '@mikro-orm/sql';
import type { Config } from '../../../config.js';
import { amountToPoisha, poishaToAmount } from '../providers/provider.js';
import type { GatewayRequest, GatewayResponse } from '../providers/transport.js';
import { nagadDateTime, openJson, sealJson, challenge as newChallenge, type NagadKeys } from '../providers/nagad.crypto.js';
import { SandboxRefund, SandboxTransaction } from './sandbox-transaction.entity.js';

type Json = Record<string, unknown>;
interface ApiCall {
  method: string;
  path: string;
  headers: Record<string, string | undefined>;
  body: Json;
  /** The query string (Nagad's purchase/cancel names the payment there). */
  query?: Record<string, string>;
}

const BKASH_API = '/bkash/v1.2.0-beta/tokenized/checkout/';
/** Refund v2 sits beside the checkout (PAYMENTS.md §1, Refund v2). */
const BKASH_REFUND_API = '/bkash/v1.2.0-beta/v2/tokenized-checkout/refund/payment/';
const NAGAD_API = '/nagad/api/dfs/';
/** bKash allows at most 10 partial refunds of one payment (PAYMENTS.md §1 [R]). */
const MAX_BKASH_REFUNDS = 10;

const esc = (s: unknown) => String(s ?? '').replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
const ok = (body: Json, status = 200): GatewayResponse => ({ status, body });
const bkashError = (code: string, message: string): GatewayResponse => ok({ statusCode: code, statusMessage: message });
const nagadError = (reason: string, message: string, status = 400): GatewayResponse => ok({ reason, message }, status);

/** "2024-07-25T19:35:17:574 GMT+0600", the way bKash writes times. */
function bkashTime(d = new Date()): string {
  const iso = new Date(d.getTime() + 6 * 3600_000).toISOString();
  return `${iso.slice(0, 19)}:${iso.slice(20, 23)} GMT+0600`;
}

/**
 * The sandbox payment gateway that Nirog serves itself (on by default outside production): bKash's
 * tokenized checkout and Nagad's checkout with their request and response shapes, and a hosted page
 * where the "payer" picks Approve, Fail or Cancel. Nirog's payment code reaches it exactly as it
 * would reach the real providers: through their base URLs (config.payments.*.baseUrl).
 */
export class SandboxGateway {
  private orm?: Orm;

  constructor(private readonly config: Config, private readonly nagadKeys: () => NagadKeys) {}

  /** Called by createApp (and the CLI) with the ORM; the sandbox keeps its ledger in the database. */
  attach(orm: Orm): void {
    this.orm = orm;
  }

  get enabled(): boolean {
    return this.config.payments.sandbox.enabled && !!this.orm;
  }

  private em(): EntityManager {
    if (!this.orm) throw new Error('sandbox gateway used before attach(orm)');
    return this.orm.em.fork();
  }

  private hmac(data: string): string {
    return createHmac('sha256', this.config.payments.sandbox.secret).update(data).digest('base64url');
  }

  private get base() {
    return this.config.payments.sandbox.baseUrl;
  }

  /**
   * The origins a checkout may send the payer back to: Nirog's own (PUBLIC_URL). The sandbox is
   * reachable with published credentials, so a callback elsewhere would turn its hosted page into an
   * open redirect on Nirog's origin.
   */
  private get callbackOrigins(): Set<string> {
    return new Set([this.config.payments.publicUrl, this.config.publicUrl].map((u) => new URL(u).origin));
  }

  /** The callback URL when it is an http(s) URL on one of Nirog's origins, without user info; null otherwise. */
  ownCallbackUrl(raw: unknown): string | null {
    if (typeof raw !== 'string' || raw.length > 2000) return null;
    let u: URL;
    try {
      u = new URL(raw);
    } catch {
      return null;
    }
    if ((u.protocol !== 'https:' && u.protocol !== 'http:') || u.username || u.password) return null;
    return this.callbackOrigins.has(u.origin) ? u.toString() : null;
  }

  /**
   * In-process calls for URLs under the sandbox base: the same handler the HTTP routes use, with the
   * body serialised both ways, so nothing differs but the socket. A server cannot always reach its
   * own public URL (tests never listen; containers behind a proxy), and it does not need to.
   */
  loopback(req: GatewayRequest): Promise<GatewayResponse> | null {
    if (!this.enabled || !req.url.startsWith(`${this.base}/`)) return null;
    const url = new URL(req.url);
    const headers: Record<string, string> = {};
    for (const [k, v] of Object.entries(req.headers)) headers[k.toLowerCase()] = v;
    const body = req.body === undefined ? {} : JSON.parse(JSON.stringify(req.body));
    return this.handleApi({ method: req.method, path: url.pathname.slice(new URL(this.base).pathname.length), headers, body, query: Object.fromEntries(url.searchParams) })
      .then((res) => ({ status: res.status, body: JSON.parse(JSON.stringify(res.body)) }));
  }

  async handleApi(call: ApiCall): Promise<GatewayResponse> {
    if (call.path.startsWith(BKASH_API)) return this.bkash(call.path.slice(BKASH_API.length), call);
    if (call.path.startsWith(BKASH_REFUND_API)) return this.bkashRefund(call.path.slice(BKASH_REFUND_API.length), call);
    if (call.path.startsWith(NAGAD_API)) return this.nagad(call.path.slice(NAGAD_API.length), call);
    return ok({ message: 'Not found' }, 404);
  }

  // ---------------------------------------------------------------- bKash
  private issueToken(): Json {
    const exp = Date.now() + 3600_000;
    return {
      statusCode: '0000', statusMessage: 'Successful', id_token: `sbx.${exp}.${this.hmac(`id.${exp}`)}`, token_type: 'Bearer',
      expires_in: 3600, refresh_token: `sbr.${exp}.${this.hmac(`refresh.${exp}`)}`,
    };
  }

  private tokenProblem(headers: ApiCall['headers']): GatewayResponse | null {
    const b = this.config.payments.bkash;
    if (headers['x-app-key'] !== b.appKey) return ok({ message: 'Unauthorized' }, 401);
    const m = /^sbx\.(\d+)\.([\w-]+)$/.exec(headers.authorization ?? '');
    if (!m || !safeEqual(m[2]!, this.hmac(`id.${m[1]}`))) return ok({ message: 'Unauthorized' }, 401);
    if (Number(m[1]) < Date.now()) return ok({ message: 'The incoming token has expired' }, 401);
    return null;
  }

  private bkashPayment(t: SandboxTransaction): Json {
    return {
      paymentID: t.reference, trxID: t.trxId ?? undefined, transactionStatus: t.status, amount: t.amount, currency: t.currency,
      intent: 'sale', merchantInvoiceNumber: t.merchantOrderId, payerReference: t.payerReference,
      customerMsisdn: t.executed ? '01770618575' : undefined,
      paymentExecuteTime: t.completedAt ? bkashTime(t.completedAt) : undefined,
      statusCode: '0000', statusMessage: 'Successful',
    };
  }

  private async bkash(path: string, call: ApiCall): Promise<GatewayResponse> {
    const b = this.config.payments.bkash;
    const body = call.body;
    if (call.method !== 'POST') return ok({ message: 'Method not allowed' }, 405);
    if (path === 'token/grant' || path === 'token/refresh') {
      if (call.headers.username !== b.username || call.headers.password !== b.password || body.app_key !== b.appKey || body.app_secret !== b.appSecret) {
        return bkashError('2001', 'Invalid App Key');
      }
      return ok(this.issueToken());
    }
    const denied = this.tokenProblem(call.headers);
    if (denied) return denied;
    const em = this.em();
    if (path === 'create') {
      const amount = typeof body.amount === 'string' ? body.amount : '';
      if (!body.callbackURL || !body.merchantInvoiceNumber || !body.payerReference || body.mode !== '0011' || body.intent !== 'sale') {
        return bkashError('2065', 'Mandatory field missing');
      }
      if (!amountToPoisha(amount)) return bkashError('2006', 'Invalid amount');
      if (body.currency !== 'BDT') return bkashError('2065', 'Mandatory field missing');
      const callbackUrl = this.ownCallbackUrl(body.callbackURL);
      if (!callbackUrl) return bkashError('2049', 'Invalid Merchant Callback URL');
      const invoice = String(body.merchantInvoiceNumber).slice(0, 100);
      if (await em.count(SandboxTransaction, { provider: 'bkash', merchantOrderId: invoice })) return bkashError('2029', 'Duplicate for all transactions');
      const t = em.create(SandboxTransaction, {
        provider: 'bkash', reference: `TR0011${randomBytes(8).toString('hex').toUpperCase()}`, merchantOrderId: invoice, amount, currency: 'BDT',
        callbackUrl, payerReference: String(body.payerReference).slice(0, 100), status: 'Initiated',
      });
      await em.flush();
      const cb = t.callbackUrl!;
      return ok({
        paymentID: t.reference, bkashURL: `${this.base}/bkash/checkout/${t.reference}`, callbackURL: cb,
        successCallbackURL: `${cb}?paymentID=${t.reference}&status=success`, failureCallbackURL: `${cb}?paymentID=${t.reference}&status=failure`,
        cancelledCallbackURL: `${cb}?paymentID=${t.reference}&status=cancel`, amount, intent: 'sale', currency: 'BDT',
        paymentCreateTime: bkashTime(t.createdAt), transactionStatus: 'Initiated', merchantInvoiceNumber: invoice,
        statusCode: '0000', statusMessage: 'Successful',
      });
    }
    const paymentID = typeof body.paymentID === 'string' ? body.paymentID : '';
    if (path === 'execute') {
      const t = await em.findOne(SandboxTransaction, { provider: 'bkash', reference: paymentID });
      if (!t) return bkashError('2002', 'Invalid Payment ID');
      if (t.decision === 'approved' && t.scenario === 'insufficient-balance') {
        await em.nativeUpdate(SandboxTransaction, { id: t.id, status: 'Initiated' }, { status: 'Failed' });
        return bkashError('2023', 'Insufficient Balance');
      }
      // Executed at most once, even when two executes race.
      const trxId = `SBX${randomBytes(5).toString('hex').toUpperCase()}`;
      const won = await em.nativeUpdate(SandboxTransaction,
        { id: t.id, decision: 'approved', executed: false, status: 'Initiated' },
        { executed: true, status: 'Completed', trxId, completedAt: new Date() });
      if (!won) {
        const now = await em.findOneOrFail(SandboxTransaction, t.id, { refresh: true });
        if (now.executed) return bkashError('2117', 'Payment execution already been called before');
        if (now.status === 'Cancelled') return bkashError('2069', 'Transaction already cancelled');
        return bkashError('2056', 'Invalid Payment State');
      }
      const done = await em.findOneOrFail(SandboxTransaction, t.id, { refresh: true });
      if (t.scenario === 'execute-lost') return ok({ message: 'Internal Server Error' }, 502);
      return ok(this.bkashPayment(done));
    }
    if (path === 'payment/status') {
      const t = await em.findOne(SandboxTransaction, { provider: 'bkash', reference: paymentID });
      return t ? ok(this.bkashPayment(t)) : bkashError('2002', 'Invalid Payment ID');
    }
    if (path === 'general/searchTransaction') {
      const t = await em.findOne(SandboxTransaction, { provider: 'bkash', trxId: String(body.trxID ?? '') });
      if (!t) return bkashError('2002', 'Invalid Payment ID');
      return ok({
        trxID: t.trxId, transactionStatus: t.status, transactionType: 'bKash Tokenized Checkout via API', amount: t.amount, currency: t.currency,
        customerMsisdn: '01770618575', completedTime: t.completedAt ? bkashTime(t.completedAt) : undefined, statusCode: '0000', statusMessage: 'Successful',
      });
    }
    return ok({ message: 'Not found' }, 404);
  }

  /** The refunds of a sandbox payment, oldest first, and what they add up to in poisha. */
  private async refundsOf(em: EntityManager, t: SandboxTransaction): Promise<{ refunds: SandboxRefund[]; refundedPoisha: number }> {
    const refunds = await em.find(SandboxRefund, { transactionId: t.id }, { orderBy: { createdAt: 'asc', id: 'asc' } });
    return { refunds, refundedPoisha: refunds.reduce((sum, r) => sum + (amountToPoisha(r.amount) ?? 0), 0) };
  }

  /**
   * Records one refund of a paid transaction, serialised per transaction (row lock), within what
   * was paid. Answers the new refund, or why not.
   */
  private async recordRefund(t: SandboxTransaction, amount: string, reference: string, reason: string, trxPrefix: string, maxRefunds: number):
    Promise<{ refund: SandboxRefund; refundedPoisha: number; first: boolean } | 'amount' | 'too-many'> {
    return this.em().transactional(async (tx) => {
      await tx.getConnection().execute('select id from payment_sandbox_transactions where id = ? for update', [t.id], 'all', tx.getTransactionContext());
      const { refunds, refundedPoisha } = await this.refundsOf(tx, t);
      const poisha = amountToPoisha(amount);
      if (!poisha || refundedPoisha + poisha > (amountToPoisha(t.amount) ?? 0)) return 'amount';
      if (refunds.length >= maxRefunds) return 'too-many';
      const refund = tx.create(SandboxRefund, {
        transactionId: t.id, provider: t.provider, refundTrxId: `${trxPrefix}${randomBytes(5).toString('hex').toUpperCase()}`,
        amount: poishaToAmount(poisha), reference: reference.slice(0, 255), reason: reason.slice(0, 255),
      });
      await tx.flush();
      return { refund, refundedPoisha: refundedPoisha + poisha, first: refunds.length === 0 };
    });
  }

  private refundError(code: string, en: string, bn: string): GatewayResponse {
    return ok({ errorCode: code, errorMessageEn: en, errorMessageBn: bn });
  }

  /** bKash refund v2: `transaction` refunds (whole or part), `status` lists the payment's refunds. */
  private async bkashRefund(path: string, call: ApiCall): Promise<GatewayResponse> {
    if (call.method !== 'POST') return ok({ message: 'Method not allowed' }, 405);
    const denied = this.tokenProblem(call.headers);
    if (denied) return denied;
    const body = call.body;
    const em = this.em();
    if (path === 'transaction') {
      const t = await em.findOne(SandboxTransaction, { provider: 'bkash', reference: String(body.paymentId ?? '') });
      if (!t || !t.trxId || body.trxId !== t.trxId) return this.refundError('2002', 'Invalid Payment ID', 'অবৈধ পেমেন্ট আইডি');
      if (t.status !== 'Completed') return this.refundError('2127', 'Transaction not yet completed', 'লেনদেন এখনো সম্পন্ন হয়নি');
      if (typeof body.sku !== 'string' || !body.sku || typeof body.reason !== 'string') return this.refundError('2065', 'Mandatory field missing', 'প্রয়োজনীয় তথ্য নেই');
      const done = await this.recordRefund(t, typeof body.refundAmount === 'string' ? body.refundAmount : '', body.sku, body.reason, 'SBR', MAX_BKASH_REFUNDS);
      if (done === 'amount') return this.refundError('2072', 'Refund amount not valid', 'ফেরতের পরিমাণ সঠিক নয়');
      if (done === 'too-many') return this.refundError('2073', 'Refund limit exceeded', 'ফেরতের সীমা পার হয়েছে');
      // The first refund of a payment whose payer chose "refund answer lost": done, but the answer never arrives.
      if (t.scenario === 'refund-lost' && done.first) return ok({ message: 'Internal Server Error' }, 502);
      return ok({
        statusCode: '0000', statusMessage: 'Successful', paymentID: t.reference, trxID: t.trxId, refundTrxID: done.refund.refundTrxId,
        refundAmount: done.refund.amount, sku: done.refund.reference, reason: done.refund.reason,
        maxRefundableAmount: poishaToAmount((amountToPoisha(t.amount) ?? 0) - done.refundedPoisha), organizationShortCode: '00001',
        transactionStatus: 'Completed', initiationTime: bkashTime(done.refund.createdAt), completedTime: bkashTime(done.refund.createdAt),
      });
    }
    if (path === 'status') {
      const t = await em.findOne(SandboxTransaction, { provider: 'bkash', reference: String(body.paymentID ?? '') });
      if (!t || !t.trxId || body.trxID !== t.trxId) return this.refundError('2002', 'Invalid Payment ID', 'অবৈধ পেমেন্ট আইডি');
      const { refunds } = await this.refundsOf(em, t);
      return ok({
        statusCode: '0000', statusMessage: 'Successful', paymentID: t.reference, trxID: t.trxId, amount: t.amount, currency: t.currency,
        transactionStatus: t.status,
        refundTransactions: refunds.map((r) => ({
          refundTrxID: r.refundTrxId, refundAmount: r.amount, refundTime: bkashTime(r.createdAt), transactionStatus: 'Completed', sku: r.reference, reason: r.reason,
        })),
      });
    }
    return ok({ message: 'Not found' }, 404);
  }

  // ---------------------------------------------------------------- Nagad
  private async nagad(path: string, call: ApiCall): Promise<GatewayResponse> {
    const n = this.config.payments.nagad;
    const keys = this.nagadKeys();
    if (!keys.nagadPrivate) return nagadError('16_0006_000', 'Sandbox has no Nagad key (NAGAD_SANDBOX_PRIVATE_KEY)', 500);
    if (!call.headers['x-km-api-version'] || !call.headers['x-km-client-type'] || !call.headers['x-km-ip-v4']) {
      return nagadError('16_0006_064', 'Mandatory header missing');
    }
    const em = this.em();
    const init = /^check-out\/initialize\/([^/]+)\/([^/]+)$/.exec(path);
    if (init && call.method === 'POST') {
      const [, merchantId, orderId] = init;
      const data = openJson(call.body.sensitiveData, call.body.signature, keys.nagadPrivate, keys.merchantPublic);
      if (!data) return nagadError('16_0006_058', 'Signature verification failed');
      if (merchantId !== n.merchantId || data.merchantId !== merchantId || data.orderId !== orderId) return nagadError('16_0006_059', 'Invalid sensitive data');
      if (!/^[A-Za-z0-9]{1,40}$/.test(orderId!)) return nagadError('16_0006_068', 'Invalid order id');
      if (await em.count(SandboxTransaction, { provider: 'nagad', merchantOrderId: orderId! })) return nagadError('16_0006_083', 'Duplicate order id');
      const t = em.create(SandboxTransaction, {
        provider: 'nagad', reference: `NGD${nagadDateTime()}${randomBytes(6).toString('hex').toUpperCase()}`, merchantOrderId: orderId!,
        challenge: newChallenge(), status: 'Initiated',
      });
      await em.flush();
      return ok(sealJson({ paymentReferenceId: t.reference, challenge: t.challenge, acceptDateTime: nagadDateTime() }, keys.merchantPublic, keys.nagadPrivate));
    }
    const complete = /^check-out\/complete\/([^/]+)$/.exec(path);
    if (complete && call.method === 'POST') {
      const t = await em.findOne(SandboxTransaction, { provider: 'nagad', reference: complete[1]! });
      if (!t) return nagadError('16_0006_069', 'Invalid payment reference');
      const data = openJson(call.body.sensitiveData, call.body.signature, keys.nagadPrivate, keys.merchantPublic);
      if (!data) return nagadError('16_0006_058', 'Signature verification failed');
      if (data.challenge !== t.challenge || data.orderId !== t.merchantOrderId || data.merchantId !== n.merchantId) {
        return nagadError('16_0006_059', 'Invalid sensitive data');
      }
      if (data.currencyCode !== '050' || !amountToPoisha(data.amount)) return nagadError('16_0006_059', 'Invalid sensitive data');
      if (t.status !== 'Initiated' || typeof call.body.merchantCallbackURL !== 'string') return nagadError('16_0006_059', 'Invalid payment state');
      const callbackUrl = this.ownCallbackUrl(call.body.merchantCallbackURL);
      if (!callbackUrl) return nagadError('16_0006_059', 'Invalid merchant callback URL');
      t.amount = String(data.amount);
      t.callbackUrl = callbackUrl;
      t.status = 'Ready';
      await em.flush();
      return ok({ status: 'Success', callBackUrl: `${this.base}/nagad/checkout/${t.reference}` });
    }
    const verify = /^verify\/payment\/([^/]+)$/.exec(path);
    if (verify && call.method === 'GET') {
      const t = await em.findOne(SandboxTransaction, { provider: 'nagad', reference: decodeURIComponent(verify[1]!) });
      if (!t) return nagadError('16_0006_069', 'Invalid payment reference');
      const last = (await this.refundsOf(em, t)).refunds.at(-1);
      return ok({
        merchantId: n.merchantId, orderId: t.merchantOrderId, paymentRefId: t.reference, amount: t.amount, clientMobileNo: '016****5678',
        merchantMobileNo: n.merchantNumber, orderDateTime: nagadDateTime(t.createdAt), issuerPaymentDateTime: t.completedAt ? nagadDateTime(t.completedAt) : null,
        issuerPaymentRefNo: t.trxId ?? null, additionalMerchantInfo: null, status: t.status,
        statusCode: t.status === 'Success' ? '000' : t.status === 'Aborted' ? '001' : '002',
        cancelIssuerDateTime: last ? nagadDateTime(last.createdAt) : null, cancelIssuerRefNo: last?.refundTrxId ?? null,
      });
    }
    if (path === 'purchase/cancel' && call.method === 'POST') {
      const t = await em.findOne(SandboxTransaction, { provider: 'nagad', reference: String(call.query?.paymentRefId ?? '') });
      if (!t || call.query?.orderId !== t.merchantOrderId) return nagadError('16_0006_069', 'Invalid payment reference');
      const data = openJson(call.body.sensitiveDataCancelRequest, call.body.signature, keys.nagadPrivate, keys.merchantPublic);
      if (!data) return nagadError('16_0006_058', 'Signature verification failed');
      if (data.merchantId !== n.merchantId || data.originalAmount !== t.amount || typeof data.referenceNo !== 'string' || !data.referenceNo) {
        return nagadError('16_0006_059', 'Invalid sensitive data');
      }
      if (t.status !== 'Success') return nagadError('16_0006_072', 'Invalid transaction state');
      const done = await this.recordRefund(t, String(data.cancelAmount ?? ''), data.referenceNo, String(data.referenceMessage ?? ''), 'NGC', Number.MAX_SAFE_INTEGER);
      if (done === 'amount' || done === 'too-many') return nagadError('16_0006_073', 'Invalid cancel amount');
      if (t.scenario === 'refund-lost' && done.first) return ok({ message: 'Internal Server Error' }, 502);
      const whole = done.refundedPoisha === amountToPoisha(t.amount);
      return ok(sealJson({
        status: whole ? 'Refunded' : 'PartialRefunded', code: '00_0000_000', originalAmount: t.amount, cancelAmount: done.refund.amount,
        cancelTrxId: done.refund.refundTrxId,
      }, keys.merchantPublic, keys.nagadPrivate));
    }
    return nagadError('16_0006_404', 'Not found', 404);
  }

  // ---------------------------------------------------------------- hosted pages
  // The focus ring is explicit (issue 16): the browser's own is a 1px line, lost on the pink Approve button.
  private page(title: string, inner: string): string {
    return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${esc(title)}</title><style>body{font-family:system-ui,sans-serif;background:#f5f5f5;margin:0;padding:24px}
main{max-width:420px;margin:auto;background:#fff;border-radius:12px;padding:24px;box-shadow:0 2px 8px #0002}
h1{font-size:20px}dl{display:grid;grid-template-columns:auto 1fr;gap:6px 12px}dt{color:#666}
button{display:block;width:100%;padding:12px;margin:8px 0;border:0;border-radius:8px;font-size:16px;cursor:pointer}
.approve{background:#e2136e;color:#fff}.fail{background:#555;color:#fff}.cancel{background:#ddd}
.note{color:#a15c00;font-size:13px}select{width:100%;padding:8px;margin:8px 0}
.back{display:inline-block;padding:12px 16px;border-radius:8px;background:#0b7a5c;color:#fff;text-decoration:none}
:focus-visible{outline:3px solid #1d4ed8;outline-offset:2px}</style></head><body><main>${inner}</main></body></html>`;
  }

  private checkoutPage(provider: 'bkash' | 'nagad', t: SandboxTransaction): string {
    const name = provider === 'bkash' ? 'bKash' : 'Nagad';
    const scenarios = provider === 'bkash'
      ? `<label for="scenario">Simulate</label><select id="scenario" name="scenario"><option value="">Nothing special</option>
<option value="execute-lost">Execute answer lost (merchant must Query)</option><option value="insufficient-balance">Insufficient balance (2023)</option>
<option value="refund-lost">Refund answer lost (merchant must ask refund status)</option></select>`
      : `<label for="scenario">Simulate</label><select id="scenario" name="scenario"><option value="">Nothing special</option>
<option value="refund-lost">Refund answer lost (merchant must verify)</option></select>`;
    return this.page(`${name} sandbox payment`, `<h1>${name} sandbox payment</h1>
<p class="note">Nirog's built-in test gateway. No real money moves.</p>
<dl><dt>Invoice</dt><dd>${esc(t.merchantOrderId)}</dd><dt>Amount</dt><dd>৳ ${esc(t.amount)} ${esc(t.currency)}</dd><dt>Reference</dt><dd>${esc(t.reference)}</dd></dl>
<form method="post" action="${esc(`${this.base}/${provider}/checkout/${t.reference}`)}">${scenarios}
<button class="approve" name="decision" value="approve" type="submit">Approve</button>
<button class="fail" name="decision" value="fail" type="submit">Fail</button>
<button class="cancel" name="decision" value="cancel" type="submit">Cancel</button></form>`);
  }

  /**
   * The payer's choice on the hosted page; answers with the URL the browser goes to next, 'closed'
   * when the payment cannot be decided, or 'bad-callback' when its callback is not on Nirog's own
   * origin (checked again here, for a checkout stored before creation checked it): then nothing is
   * recorded and nobody is redirected. A payment already decided answers the way back its decision
   * gave, whatever is pressed now: a second tap (the first one's page never left, a Back button)
   * takes the payer where the first would have, and changes nothing.
   */
  async decide(provider: 'bkash' | 'nagad', reference: string, decision: string, scenario?: string): Promise<string | 'closed' | 'bad-callback'> {
    const em = this.em();
    const t = await em.findOne(SandboxTransaction, { provider, reference });
    if (!t) return 'closed';
    const open = provider === 'bkash' ? t.status === 'Initiated' && !t.decision : t.status === 'Ready';
    if (!open) return this.wayBack(provider, t) ?? 'closed';
    if (!['approve', 'fail', 'cancel'].includes(decision)) return 'closed';
    if (!this.ownCallbackUrl(t.callbackUrl)) return 'bad-callback';
    if (provider === 'bkash') {
      t.decision = decision === 'approve' ? 'approved' : decision === 'fail' ? 'failed' : 'cancelled';
      if (decision === 'fail') t.status = 'Failed';
      if (decision === 'cancel') t.status = 'Cancelled';
      t.scenario = scenario === 'execute-lost' || scenario === 'insufficient-balance' || scenario === 'refund-lost' ? scenario : null;
    } else {
      t.decision = decision;
      t.scenario = scenario === 'refund-lost' ? scenario : null;
      t.status = decision === 'approve' ? 'Success' : decision === 'fail' ? 'Failed' : 'Aborted';
      if (decision === 'approve') {
        t.trxId = `NG${randomBytes(5).toString('hex').toUpperCase()}`;
        t.completedAt = new Date();
      }
    }
    await em.flush();
    return this.wayBack(provider, t) ?? 'bad-callback';
  }

  /**
   * The payer's way back to Nirog's callback once the payment is decided, as the provider writes it;
   * null when it is not decided or its callback is not on Nirog's own origin.
   */
  private wayBack(provider: 'bkash' | 'nagad', t: SandboxTransaction): string | null {
    const callback = this.ownCallbackUrl(t.callbackUrl);
    if (!callback || !t.decision) return null;
    const u = new URL(callback);
    if (provider === 'bkash') {
      const status = t.decision === 'approved' ? 'success' : t.decision === 'failed' ? 'failure' : 'cancel';
      u.searchParams.set('paymentID', t.reference);
      u.searchParams.set('status', status);
      u.searchParams.set('signature', this.hmac(`${t.reference}.${status}`));
      return u.toString();
    }
    const approved = t.decision === 'approve';
    const params: Record<string, string> = {
      merchant: this.config.payments.nagad.merchantId, order_id: t.merchantOrderId, payment_ref_id: t.reference, status: t.status,
      status_code: approved ? '00_0000_000' : '00_1111_001',
      message: approved ? 'Successful Transaction' : t.decision === 'fail' ? 'Transaction Failed' : 'Aborted by customer',
      payment_dt: nagadDateTime(t.completedAt ?? t.updatedAt), issuer_payment_ref: t.trxId ?? '',
    };
    for (const [k, v] of Object.entries(params)) u.searchParams.set(k, v);
    return u.toString();
  }

  /**
   * The hosted page's own policy: like Nirog's pages, but its form may lead the payer (through the
   * callback's redirect) to every origin a payment can land on: Nirog's (PUBLIC_URL and its twins,
   * APP_ORIGINS) and the allowed clients' (CORS_ORIGINS). With the pages' `form-action 'self'`, a
   * payer who opened Nirog at 127.0.0.1 while PUBLIC_URL says localhost paid, and stayed on this page:
   * the browser refused the last redirect. A real provider's page carries no policy of ours.
   */
  private pagePolicy(): string {
    const landings = [...new Set([...this.config.payments.appOrigins, ...this.config.cors.origins])];
    return ["default-src 'none'", "style-src 'unsafe-inline'", `form-action 'self' ${landings.join(' ')}`, "frame-ancestors 'none'", "base-uri 'none'"].join('; ');
  }

  /** The hosted page of a payment already decided: what was decided, and the way back. */
  private decidedPage(provider: 'bkash' | 'nagad', t: SandboxTransaction): string {
    const name = provider === 'bkash' ? 'bKash' : 'Nagad';
    const back = this.wayBack(provider, t);
    const outcome = t.decision === 'approved' || t.decision === 'approve' ? 'approved' : t.decision === 'failed' || t.decision === 'fail' ? 'failed' : t.decision ? 'cancelled' : 'closed';
    return this.page(`${name} sandbox payment`, `<h1>This payment is ${outcome === 'closed' ? 'no longer open' : `already ${outcome}`}</h1>
<p>Invoice ${esc(t.merchantOrderId)}</p>${back ? `<p><a class="back" href="${esc(back)}">Return to Nirog</a></p>` : `<p><a class="back" href="${esc(this.config.publicUrl)}/">Return to Nirog</a></p>`}`);
  }

  router(): Router {
    const r = express.Router();
    r.use(express.json({ limit: '100kb' }));
    r.use(express.urlencoded({ extended: false, limit: '10kb' }));
    r.use(async (req, res, next) => {
      if (!req.path.startsWith(BKASH_API) && !req.path.startsWith(BKASH_REFUND_API) && !req.path.startsWith(NAGAD_API)) return next();
      try {
        const headers: Record<string, string | undefined> = {};
        for (const [k, v] of Object.entries(req.headers)) headers[k] = Array.isArray(v) ? v[0] : v;
        const query = Object.fromEntries(Object.entries(req.query).filter(([, v]) => typeof v === 'string')) as Record<string, string>;
        const out = await this.handleApi({ method: req.method, path: req.path, headers, body: (req.body ?? {}) as Json, query });
        res.status(out.status).json(out.body);
      } catch (e) {
        next(e);
      }
    });
    // The sandbox's own books for one of our payments (by its invoice, our tranId): what it was paid
    // and every refund it paid out. For people and tests checking that a refund happened exactly once.
    r.get('/ledger/:invoice', async (req, res, next) => {
      try {
        const em = this.em();
        const t = await em.findOne(SandboxTransaction, { merchantOrderId: String(req.params.invoice) });
        if (!t) {
          res.status(404).json({ message: 'No such payment' });
          return;
        }
        const { refunds, refundedPoisha } = await this.refundsOf(em, t);
        res.setHeader('Cache-Control', 'no-store');
        res.json({
          provider: t.provider, reference: t.reference, invoice: t.merchantOrderId, status: t.status, amount: t.amount, trxId: t.trxId ?? null,
          refunded: poishaToAmount(refundedPoisha),
          refunds: refunds.map((x) => ({ refundTrxId: x.refundTrxId, amount: x.amount, reference: x.reference, reason: x.reason, at: x.createdAt })),
        });
      } catch (e) {
        next(e);
      }
    });
    for (const provider of ['bkash', 'nagad'] as const) {
      r.get(`/${provider}/checkout/:reference`, async (req, res, next) => {
        try {
          const t = await this.em().findOne(SandboxTransaction, { provider, reference: String(req.params.reference) });
          if (!t) {
            res.status(404).type('html').send(this.page('Not found', '<h1>No such payment</h1>'));
            return;
          }
          res.setHeader('Cache-Control', 'no-store');
          res.setHeader('Content-Security-Policy', this.pagePolicy());
          const open = provider === 'bkash' ? t.status === 'Initiated' && !t.decision : t.status === 'Ready';
          res.type('html').send(open ? this.checkoutPage(provider, t) : this.decidedPage(provider, t));
        } catch (e) {
          next(e);
        }
      });
      r.post(`/${provider}/checkout/:reference`, async (req, res, next) => {
        try {
          const body = (req.body ?? {}) as Record<string, string>;
          const next_ = await this.decide(provider, String(req.params.reference), String(body.decision ?? ''), body.scenario);
          if (next_ === 'closed') {
            res.setHeader('Content-Security-Policy', this.pagePolicy());
            res.status(409).type('html').send(this.page('Already decided', `<h1>This payment is no longer open</h1><p><a class="back" href="${esc(this.config.publicUrl)}/">Return to Nirog</a></p>`));
            return;
          }
          if (next_ === 'bad-callback') {
            res.status(400).type('html').send(this.page('Refused', "<h1>This payment's return address is not on this site</h1>"));
            return;
          }
          res.redirect(303, next_);
        } catch (e) {
          next(e);
        }
      });
    }
    return r;
  }
}

function safeEqual(a: string, b: string): boolean {
  const ab = Buffer.from(a);
  const bb = Buffer.from(b);
  return ab.length === bb.length && timingSafeEqual(ab, bb);
}
