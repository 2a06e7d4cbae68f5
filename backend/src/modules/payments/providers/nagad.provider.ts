import type { Config } from '../../../config.js';
import { PaymentProvider, type Payment } from '../payment.entity.js';
import type { GatewayResponse, GatewayTransport } from './transport.js';
import { challenge, nagadDateTime, openJson, sealJson, type NagadKeys } from './nagad.crypto.js';
import {
  ProviderUnavailableError, amountToPoisha, poishaToAmount, str,
  type CallbackHint, type CheckoutRequest, type CheckoutSession, type PaymentProviderAdapter, type ProviderVerdict,
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
