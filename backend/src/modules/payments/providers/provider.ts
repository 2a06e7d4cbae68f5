import type { Payment, PaymentProvider } from '../payment.entity.js';

/**
 * One adapter per payment provider. PaymentService speaks only this interface; each adapter turns
 * it into the provider's own calls (see /work/shared/reference/PAYMENTS.md for the shapes).
 */
export interface CheckoutRequest {
  tranId: string;
  amountPoisha: number;
  /** Where the provider sends the browser back to (our API's callback path for this provider). */
  callbackUrl: string;
  /** The payer's phone or id, shown by the provider; never used to decide anything. */
  payerReference: string;
  clientIp: string;
}

export interface CheckoutSession {
  providerPaymentId: string;
  redirectUrl: string;
}

/** What the browser told us on its way back. Only a hint: the verdict comes from the provider. */
export interface CallbackHint {
  providerPaymentId?: string;
  tranId?: string;
  status: 'success' | 'failure' | 'cancel' | 'unknown';
}

/**
 * The provider's answer about one payment. 'completed' carries what the provider says was paid so
 * that PaymentService can match it against what we asked for; 'pending' means not final yet.
 */
export type ProviderVerdict =
  | { outcome: 'completed'; providerTrxId: string; amountPoisha: number; currency: string; merchantOrderId: string }
  | { outcome: 'failed' | 'cancelled'; reason: string }
  | { outcome: 'pending'; reason: string };

/** One refund as the adapter sends it: our refund id goes to the provider as its reference (bKash sku, Nagad referenceNo). */
export interface RefundRequest {
  /** Alphanumeric, ≤ 32 characters: the provider echoes it (bKash's refund status lists it as `sku`). */
  reference: string;
  amountPoisha: number;
  reason: string;
}

/**
 * The provider's answer to a refund: 'completed' with its refund transaction id; 'refused' will not
 * be done (the money goes back by hand); 'unknown' (a timeout, a 5xx, a lost answer) is settled later
 * by refundStatus; 'absent' (refundStatus only) means the provider has no such refund: sending it
 * again is safe.
 */
export type RefundVerdict =
  | { outcome: 'completed'; providerRefundId: string }
  | { outcome: 'refused'; reason: string }
  | { outcome: 'unknown'; reason: string }
  | { outcome: 'absent' };

export interface PaymentProviderAdapter {
  readonly name: PaymentProvider;
  createCheckout(req: CheckoutRequest): Promise<CheckoutSession>;
  readCallback(query: Record<string, unknown>): CallbackHint;
  /** After a callback: bKash executes (querying when that fails), Nagad verifies. */
  confirm(payment: Payment, hint: CallbackHint): Promise<ProviderVerdict>;
  /** Without a callback (reconciliation): ask the provider where the payment stands. */
  check(payment: Payment): Promise<ProviderVerdict>;
  /** Sends money back for a completed payment (bKash refund v2, Nagad purchase/cancel). */
  refund(payment: Payment, req: RefundRequest): Promise<RefundVerdict>;
  /**
   * Whether the refund `req` reached the provider after its answer was lost. `known`: the provider
   * refund ids of this payment's refunds already recorded (one refund of a payment is sent at a time).
   */
  refundStatus(payment: Payment, req: RefundRequest, known: string[]): Promise<RefundVerdict>;
}

export class ProviderUnavailableError extends Error {
  constructor(readonly provider: string, detail: string) {
    super(`${provider} unavailable: ${detail}`);
    this.name = 'ProviderUnavailableError';
  }
}

/** "123.50" ↔ 12350 poisha, without floats. */
export function poishaToAmount(poisha: number): string {
  return `${Math.floor(poisha / 100)}.${String(poisha % 100).padStart(2, '0')}`;
}

export function amountToPoisha(amount: unknown): number | null {
  const s = typeof amount === 'number' ? String(amount) : typeof amount === 'string' ? amount.trim() : '';
  const m = /^(\d{1,9})(?:\.(\d{1,2}))?$/.exec(s);
  if (!m) return null;
  return Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0'));
}

export const str = (v: unknown): string | undefined => (typeof v === 'string' && v.length <= 500 ? v : undefined);
