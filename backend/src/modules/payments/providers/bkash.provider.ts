import type { Config } from '../../../config.js';
import { PaymentProvider, type Payment } from '../payment.entity.js';
import type { GatewayResponse, GatewayTransport } from './transport.js';
import {
  ProviderUnavailableError, amountToPoisha, poishaToAmount, str,
  type CallbackHint, type CheckoutRequest, type CheckoutSession, type PaymentProviderAdapter, type ProviderVerdict,
  type RefundRequest, type RefundVerdict,
} from './provider.js';

type BkashConfig = Config['payments']['bkash'];

/** Codes after which the payment may well be completed already: ask with Query instead of guessing. */
const ASK_AGAIN = new Set(['2056', '2062', '2068', '2117']);
/** Refund answers that are not a "no": maintenance and bKash's own faults; the refund status decides later. */
const REFUND_TRY_LATER = new Set(['503', '9999']);

/**
 * bKash tokenized checkout: grant token → create → browser to bkashURL → callback with paymentID and
 * status → execute on our server → Query when execute fails, times out or says "already done".
 * Paid only with statusCode 0000, transactionStatus Completed and a trxID, amount and invoice
 * matched by PaymentService (the official plugin's rules).
 */
export class BkashProvider implements PaymentProviderAdapter {
  readonly name = PaymentProvider.Bkash;
  private token?: { idToken: string; expiresAt: number };

  constructor(private readonly cfg: BkashConfig, private readonly transport: GatewayTransport) {}

  private async grant(): Promise<string> {
    const res = await this.transport({
      method: 'POST',
      url: `${this.cfg.baseUrl}/token/grant`,
      headers: { username: this.cfg.username, password: this.cfg.password },
      body: { app_key: this.cfg.appKey, app_secret: this.cfg.appSecret },
    });
    const idToken = str(res.body.id_token);
    if (res.status !== 200 || res.body.statusCode !== '0000' || !idToken) {
      throw new ProviderUnavailableError('bkash', `grant token: ${String(res.body.statusMessage ?? res.body.message ?? res.status)}`);
    }
    const ttl = typeof res.body.expires_in === 'number' ? res.body.expires_in : 3600;
    // Renewed a minute early so that a token never expires between two calls of one checkout.
    this.token = { idToken, expiresAt: Date.now() + Math.max(60, ttl - 60) * 1000 };
    return idToken;
  }

  /**
   * Refund v2 lives beside the checkout, not under it: …/v1.2.0-beta/v2/tokenized-checkout/refund/…
   * (PAYMENTS.md §1 [R]); the checkout base ends in /tokenized/checkout.
   */
  private get refundBase(): string {
    return `${this.cfg.baseUrl.replace(/\/tokenized\/checkout$/, '')}/v2/tokenized-checkout/refund/payment`;
  }

  /** An authorised call; on 401 or an expired-token message it grants a new token and tries once more. */
  private async call(path: string, body: Record<string, unknown>): Promise<GatewayResponse> {
    const send = async (token: string) => this.transport({
      method: 'POST',
      url: /^https?:/.test(path) ? path : `${this.cfg.baseUrl}/${path}`,
      headers: { Authorization: token, 'X-APP-Key': this.cfg.appKey },
      body,
    });
    const token = this.token && this.token.expiresAt > Date.now() ? this.token.idToken : await this.grant();
    let res = await send(token);
    if (res.status === 401 || (typeof res.body.message === 'string' && /token/i.test(res.body.message))) {
      this.token = undefined;
      res = await send(await this.grant());
    }
    return res;
  }

  async createCheckout(req: CheckoutRequest): Promise<CheckoutSession> {
    const res = await this.call('create', {
      mode: '0011',
      payerReference: req.payerReference,
      callbackURL: req.callbackUrl,
      amount: poishaToAmount(req.amountPoisha),
      currency: 'BDT',
      intent: 'sale',
      merchantInvoiceNumber: req.tranId,
    });
    const paymentID = str(res.body.paymentID);
    const bkashURL = str(res.body.bkashURL);
    if (res.status !== 200 || res.body.statusCode !== '0000' || !paymentID || !bkashURL) {
      throw new ProviderUnavailableError('bkash', `create: ${String(res.body.statusCode ?? '')} ${String(res.body.statusMessage ?? res.body.message ?? res.status)}`);
    }
    return { providerPaymentId: paymentID, redirectUrl: bkashURL };
  }

  readCallback(query: Record<string, unknown>): CallbackHint {
    const status = str(query.status);
    return {
      providerPaymentId: str(query.paymentID),
      status: status === 'success' ? 'success' : status === 'failure' ? 'failure' : status === 'cancel' ? 'cancel' : 'unknown',
    };
  }

  async confirm(payment: Payment, hint: CallbackHint): Promise<ProviderVerdict> {
    if (hint.status !== 'success') {
      const now = await this.check(payment);
      // bKash only moves money when the merchant executes, and we have not: a payment the payer
      // cancelled or failed on bKash's page can safely be closed, unless Query says otherwise.
      if (now.outcome !== 'pending') return now;
      return hint.status === 'cancel'
        ? { outcome: 'cancelled', reason: 'CANCELLED_BY_PAYER' }
        : { outcome: 'failed', reason: hint.status === 'failure' ? 'FAILED_AT_PROVIDER' : 'UNKNOWN_CALLBACK_STATUS' };
    }
    let res: GatewayResponse;
    try {
      res = await this.call('execute', { paymentID: payment.providerPaymentId });
    } catch (e) {
      if (!(e instanceof ProviderUnavailableError)) throw e;
      return this.check(payment);
    }
    if (res.status !== 200 || typeof res.body.message === 'string') return this.check(payment);
    const code = String(res.body.statusCode ?? '');
    if (code === '0000') return this.verdictOf(res.body);
    if (ASK_AGAIN.has(code)) return this.check(payment);
    return { outcome: 'failed', reason: `BKASH_${code}`.slice(0, 200) };
  }

  async check(payment: Payment): Promise<ProviderVerdict> {
    let res: GatewayResponse;
    try {
      res = await this.call('payment/status', { paymentID: payment.providerPaymentId });
    } catch (e) {
      if (!(e instanceof ProviderUnavailableError)) throw e;
      return { outcome: 'pending', reason: 'PROVIDER_UNREACHABLE' };
    }
    if (res.status !== 200 || res.body.statusCode !== '0000') {
      return { outcome: 'pending', reason: `BKASH_QUERY_${String(res.body.statusCode ?? res.status)}` };
    }
    return this.verdictOf(res.body);
  }

  /**
   * Refund v2 (`refund/payment/transaction`): paymentId, trxId, refundAmount, sku (ours: the refund's
   * reference), reason → refundTrxID, transactionStatus Completed. A refusal carries errorCode and
   * errorMessageEn/Bn (2071 past the refund window, 2072 amount not valid…): it will not be done.
   */
  async refund(payment: Payment, req: RefundRequest): Promise<RefundVerdict> {
    let res: GatewayResponse;
    try {
      res = await this.call(`${this.refundBase}/transaction`, {
        paymentId: payment.providerPaymentId, trxId: payment.providerTrxId, refundAmount: poishaToAmount(req.amountPoisha),
        sku: req.reference, reason: req.reason.slice(0, 255),
      });
    } catch (e) {
      if (!(e instanceof ProviderUnavailableError)) throw e;
      return { outcome: 'unknown', reason: 'PROVIDER_UNREACHABLE' };
    }
    const refundTrxID = str(res.body.refundTrxID);
    if (res.status === 200 && refundTrxID && res.body.transactionStatus === 'Completed') return { outcome: 'completed', providerRefundId: refundTrxID };
    const code = str(res.body.errorCode) ?? (res.body.statusCode !== undefined && res.body.statusCode !== '0000' ? String(res.body.statusCode) : undefined);
    if (res.status === 200 && code && !REFUND_TRY_LATER.has(code)) return { outcome: 'refused', reason: `BKASH_${code}`.slice(0, 200) };
    return { outcome: 'unknown', reason: `BKASH_REFUND_${code ?? res.status}` };
  }

  /**
   * Refund status (`refund/payment/status`: paymentID, trxID) lists the payment's refunds
   * (`refundTransactions`, each with its sku; a single refund may come as top-level fields): ours is
   * the one whose sku is our reference.
   */
  async refundStatus(payment: Payment, req: RefundRequest): Promise<RefundVerdict> {
    let res: GatewayResponse;
    try {
      res = await this.call(`${this.refundBase}/status`, { paymentID: payment.providerPaymentId, trxID: payment.providerTrxId });
    } catch (e) {
      if (!(e instanceof ProviderUnavailableError)) throw e;
      return { outcome: 'unknown', reason: 'PROVIDER_UNREACHABLE' };
    }
    if (res.status !== 200 || str(res.body.errorCode) || (res.body.statusCode !== undefined && res.body.statusCode !== '0000')) {
      return { outcome: 'unknown', reason: `BKASH_REFUND_STATUS_${String(res.body.errorCode ?? res.body.statusCode ?? res.status)}` };
    }
    const listed = Array.isArray(res.body.refundTransactions) ? res.body.refundTransactions as Record<string, unknown>[]
      : res.body.refundTrxID ? [res.body] : [];
    const ours = listed.find((r) => r && r.sku === req.reference && str(r.refundTrxID));
    if (!ours) return { outcome: 'absent' };
    return ours.transactionStatus === 'Completed' ? { outcome: 'completed', providerRefundId: str(ours.refundTrxID)! } : { outcome: 'unknown', reason: `BKASH_REFUND_${String(ours.transactionStatus)}` };
  }

  private verdictOf(body: Record<string, unknown>): ProviderVerdict {
    const status = str(body.transactionStatus);
    const trxID = str(body.trxID);
    if (status === 'Completed' && trxID) {
      return {
        outcome: 'completed',
        providerTrxId: trxID,
        amountPoisha: amountToPoisha(body.amount) ?? -1,
        currency: str(body.currency) ?? '',
        merchantOrderId: str(body.merchantInvoiceNumber) ?? '',
      };
    }
    if (status === 'Cancelled') return { outcome: 'cancelled', reason: 'CANCELLED_BY_PAYER' };
    if (status === 'Failed' || status === 'Expired') return { outcome: 'failed', reason: `BKASH_${status.toUpperCase()}` };
    return { outcome: 'pending', reason: `BKASH_${(status ?? 'UNKNOWN').toUpperCase()}` };
  }
}
