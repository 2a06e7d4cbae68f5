import type { Config } from '../../../config.js';
import { PaymentProvider, type Payment } from '../payment.entity.js';
import type { GatewayResponse, GatewayTransport } from './transport.js';
import { challenge, nagadDateTime, openJson, sealJson, type NagadKeys } from './nagad.crypto.js';
import {
  ProviderUnavailableError, amountToPoisha, poishaToAmount, str,
  type CallbackHint, type CheckoutRequest, type CheckoutSession, type PaymentProviderAdapter, type ProviderVerdict,
  type RefundRequest, type RefundVerdict,
} from './provider.js';

type NagadConfig = Config['payments']['nagad'];

/**
 * Nagad online checkout: initialize (encrypted challenge) → complete (amount, callback URL) → browser
 * to callBackUrl → callback → verify/payment decides. The callback's status is never used: only
 * Verify's `status: Success` with our orderId and amount means paid.
 */
export class NagadProvider implements PaymentProviderAdapter {
  readonly name = PaymentProvider.Nagad;

  constructor(private readonly cfg: NagadConfig, private readonly keys: () => NagadKeys, private readonly transport: GatewayTransport) {}

  private headers(clientIp: string) {
    return { 'X-KM-Api-Version': 'v-0.2.0', 'X-KM-IP-V4': clientIp || '127.0.0.1', 'X-KM-Client-Type': 'PC_WEB' };
  }

  private fail(step: string, res: GatewayResponse): never {
    throw new ProviderUnavailableError('nagad', `${step}: ${String(res.body.reason ?? '')} ${String(res.body.message ?? res.status)}`);
  }

  async createCheckout(req: CheckoutRequest): Promise<CheckoutSession> {
    const keys = this.keys();
    const dateTime = nagadDateTime();
    const init = await this.transport({
      method: 'POST',
      url: `${this.cfg.baseUrl}/check-out/initialize/${this.cfg.merchantId}/${req.tranId}`,
      headers: this.headers(req.clientIp),
      body: {
        accountNumber: this.cfg.merchantNumber,
        dateTime,
        ...sealJson({ merchantId: this.cfg.merchantId, datetime: dateTime, orderId: req.tranId, challenge: challenge() }, keys.nagadPublic, keys.merchantPrivate),
      },
    });
    if (init.status !== 200) this.fail('initialize', init);
    const opened = openJson(init.body.sensitiveData, init.body.signature, keys.merchantPrivate, keys.nagadPublic);
    const paymentReferenceId = str(opened?.paymentReferenceId);
    const nagadChallenge = str(opened?.challenge);
    if (!paymentReferenceId || !nagadChallenge) this.fail('initialize (unreadable answer)', init);

    const complete = await this.transport({
      method: 'POST',
      url: `${this.cfg.baseUrl}/check-out/complete/${paymentReferenceId}`,
      headers: this.headers(req.clientIp),
      body: {
        ...sealJson({
          merchantId: this.cfg.merchantId, orderId: req.tranId, currencyCode: '050', amount: poishaToAmount(req.amountPoisha), challenge: nagadChallenge,
        }, keys.nagadPublic, keys.merchantPrivate),
        merchantCallbackURL: req.callbackUrl,
        additionalMerchantInfo: { payerReference: req.payerReference },
      },
    });
    const callBackUrl = str(complete.body.callBackUrl);
    if (complete.status !== 200 || complete.body.status !== 'Success' || !callBackUrl) this.fail('complete', complete);
    return { providerPaymentId: paymentReferenceId, redirectUrl: callBackUrl };
  }

  readCallback(query: Record<string, unknown>): CallbackHint {
    const status = str(query.status);
    return {
      providerPaymentId: str(query.payment_ref_id),
      tranId: str(query.order_id),
      status: status === 'Success' ? 'success' : status === 'Aborted' ? 'cancel' : status ? 'failure' : 'unknown',
    };
  }

  /**
   * Purchase cancel (PAYMENTS.md §2, Refund): `purchase/cancel?paymentRefId&orderId` with
   * sensitiveDataCancelRequest = enc({merchantId, originalRequestDate (Ymd, the payment's day),
   * originalAmount, cancelAmount, referenceNo, referenceMessage}) and its signature; the answer's
   * sensitiveData opens to {status Refunded | PartialRefunded | Cancelled | PartialCancelled, code,
   * originalAmount, cancelAmount, cancelTrxId}. An error answer ({reason, message}, HTTP 4xx) will not be done.
   */
  async refund(payment: Payment, req: RefundRequest): Promise<RefundVerdict> {
    const keys = this.keys();
    const data = {
      merchantId: this.cfg.merchantId, originalRequestDate: nagadDateTime(payment.createdAt).slice(0, 8),
      originalAmount: poishaToAmount(payment.amountPoisha), cancelAmount: poishaToAmount(req.amountPoisha),
      referenceNo: req.reference, referenceMessage: req.reason.slice(0, 100),
    };
    const sealed = sealJson(data, keys.nagadPublic, keys.merchantPrivate);
    let res: GatewayResponse;
    try {
      const q = new URLSearchParams({ paymentRefId: payment.providerPaymentId ?? '', orderId: payment.tranId });
      res = await this.transport({
        method: 'POST', url: `${this.cfg.baseUrl}/purchase/cancel?${q}`, headers: this.headers(''),
        body: { sensitiveDataCancelRequest: sealed.sensitiveData, signature: sealed.signature },
      });
    } catch (e) {
      if (!(e instanceof ProviderUnavailableError)) throw e;
      return { outcome: 'unknown', reason: 'PROVIDER_UNREACHABLE' };
    }
    if (res.status >= 400 && res.status < 500 && typeof res.body.reason === 'string') return { outcome: 'refused', reason: `NAGAD_${res.body.reason}`.slice(0, 200) };
    if (res.status !== 200) return { outcome: 'unknown', reason: `NAGAD_REFUND_${res.status}` };
    const opened = openJson(res.body.sensitiveData, res.body.signature, keys.merchantPrivate, keys.nagadPublic);
    const status = str(opened?.status);
    const cancelTrxId = str(opened?.cancelTrxId);
    if (cancelTrxId && status && ['Refunded', 'PartialRefunded', 'Cancelled', 'PartialCancelled'].includes(status)) {
      return { outcome: 'completed', providerRefundId: cancelTrxId };
    }
    return { outcome: 'unknown', reason: `NAGAD_REFUND_${(status ?? 'UNREADABLE').toUpperCase()}` };
  }

  /**
   * Nagad publishes no refund status call: Verify shows the payment's last cancel (`cancelIssuerRefNo`).
   * One refund of a payment is sent at a time, so a cancel reference not yet recorded is this one's.
   */
  async refundStatus(payment: Payment, _req: RefundRequest, known: string[]): Promise<RefundVerdict> {
    let res: GatewayResponse;
    try {
      res = await this.transport({
        method: 'GET', url: `${this.cfg.baseUrl}/verify/payment/${encodeURIComponent(payment.providerPaymentId ?? '')}`, headers: this.headers(''),
      });
    } catch (e) {
      if (!(e instanceof ProviderUnavailableError)) throw e;
      return { outcome: 'unknown', reason: 'PROVIDER_UNREACHABLE' };
    }
    if (res.status !== 200) return { outcome: 'unknown', reason: `NAGAD_VERIFY_${String(res.body.reason ?? res.status)}` };
    const last = str(res.body.cancelIssuerRefNo);
    return last && !known.includes(last) ? { outcome: 'completed', providerRefundId: last } : { outcome: 'absent' };
  }

  confirm(payment: Payment): Promise<ProviderVerdict> {
    return this.check(payment);
  }

  async check(payment: Payment): Promise<ProviderVerdict> {
    let res: GatewayResponse;
    try {
      res = await this.transport({
        method: 'GET',
        url: `${this.cfg.baseUrl}/verify/payment/${encodeURIComponent(payment.providerPaymentId ?? '')}`,
        headers: this.headers(''),
      });
    } catch (e) {
      if (!(e instanceof ProviderUnavailableError)) throw e;
      return { outcome: 'pending', reason: 'PROVIDER_UNREACHABLE' };
    }
    if (res.status !== 200) return { outcome: 'pending', reason: `NAGAD_VERIFY_${String(res.body.reason ?? res.status)}` };
    const status = str(res.body.status);
    if (status === 'Success') {
      return {
        outcome: 'completed',
        providerTrxId: str(res.body.issuerPaymentRefNo) ?? str(res.body.paymentRefId) ?? '',
        amountPoisha: amountToPoisha(res.body.amount) ?? -1,
        // Nagad takes taka only (currencyCode 050) and its Verify carries no currency field.
        currency: 'BDT',
        merchantOrderId: str(res.body.orderId) ?? '',
      };
    }
    if (status === 'Aborted' || status === 'Cancelled') return { outcome: 'cancelled', reason: 'CANCELLED_BY_PAYER' };
    if (status === 'Failed' || status === 'Expired' || status === 'Declined') return { outcome: 'failed', reason: `NAGAD_${status.toUpperCase()}` };
    return { outcome: 'pending', reason: `NAGAD_${(status ?? 'UNKNOWN').toUpperCase()}` };
  }
}
