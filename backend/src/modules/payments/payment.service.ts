import { randomBytes } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/sql';
import type { Config } from '../../config.js';
import type { Logger } from '../../common/logger.js';
import type { AuthUser } from '../../common/roles.js';
import { notFound, unavailable } from '../../common/errors.js';
import { paymentOutcomes, refundsDue } from '../../common/metrics.js';
import { Payment, PaymentProvider, PaymentPurpose, PaymentStatus } from './payment.entity.js';
import { canViewPayment } from './payment.policy.js';
import { BkashProvider } from './providers/bkash.provider.js';
import { NagadProvider } from './providers/nagad.provider.js';
import { resolveNagadKeys } from './providers/nagad.crypto.js';
import { fetchTransport, type GatewayTransport } from './providers/transport.js';
import { ProviderUnavailableError, type PaymentProviderAdapter, type ProviderVerdict } from './providers/provider.js';
import { SandboxGateway } from './sandbox/sandbox.gateway.js';
import { DomainEvents } from '../../common/events.js';
import { RefundService } from './refund.service.js';

/** Runs inside the transaction that records the payment's result: its writes commit with it. */
export type PaymentHandler = (em: EntityManager, payment: Payment) => Promise<void> | void;
/** A failure reason as a metrics label: Nirog's and the providers' codes; free text becomes 'other'. */
const reasonLabel = (reason: string | null | undefined) => (!reason ? '' : /^[A-Z][A-Z0-9_]{0,39}$/.test(reason) ? reason : 'other');

type FinalStatus = PaymentStatus.Completed | PaymentStatus.Failed | PaymentStatus.Cancelled;

export interface NewPayment {
  purpose: PaymentPurpose;
  purposeId: string;
  userId: string;
  amountPoisha: number;
  provider: PaymentProvider;
}

export interface CallbackResult {
  payment: Payment | null;
  /** Where the browser goes next: the success page or the failure page of the purpose. */
  redirectUrl: string;
}

/** How payment callbacks are limited (their declared limit, common/limits.ts). */
export const CALLBACK_LIMIT = 'a callback is only a hint: only a payment the provider itself confirms changes anything, once (conditional update), with one mail per payment';

const ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

/**
 * Payments for anything Nirog sells. The owner of a purpose (orders, consultations) creates a
 * payment inside its own transaction, opens the checkout after commit, and learns the result from
 * the handlers it registered (onCompleted/onFailed/onCancelled). A callback from the browser is only
 * a hint: the result comes from the provider (bKash execute/query, Nagad verify), must match our
 * amount, currency and transaction id, and is recorded once by an atomic conditional update.
 *
 * Plugging a purpose in (what OrderService does; consultations do the same with 'consultation'):
 *
 *   payments.onCompleted('consultation', (tx, p) => markAppointmentPaid(tx, p.purposeId, p));
 *   payments.onFailed('consultation', (tx, p) => releaseSlot(tx, p.purposeId));
 *   payments.onCancelled('consultation', (tx, p) => releaseSlot(tx, p.purposeId));
 *
 *   const payment = await em.transactional(async (tx) => {
 *     const appointment = ...;                       // price it from our own data
 *     const p = payments.create(tx, { purpose: PaymentPurpose.Consultation, purposeId: appointment.id,
 *       userId, amountPoisha: doctor.feePoisha, provider });
 *     await tx.flush();
 *     return p;
 *   });
 *   const url = await payments.startCheckout(em, payment, { payerReference: phone, payer }); // after commit
 *
 * The browser then lands on /payment/successfull/:tranId (or /payment/failed/:tranId?status=…).
 * Handlers run inside the recording transaction: write rows and publish events there, nothing slow.
 */
/**
 * Who opens a checkout, as the door saw them: the address (given to the provider) and the origin the
 * browser came from (the payer lands back there when it is one of Nirog's or an allowed client's).
 */
export interface Payer { ip: string; origin?: string | null }

export class PaymentService {
  readonly sandbox: SandboxGateway;
  /** Money going back (refund.service.ts): asked for in a cause's transaction, sent after it commits. */
  readonly refunds: RefundService;
  private readonly providers: Record<PaymentProvider, PaymentProviderAdapter>;
  private readonly handlers: Record<FinalStatus, Map<PaymentPurpose, PaymentHandler[]>> = {
    [PaymentStatus.Completed]: new Map(),
    [PaymentStatus.Failed]: new Map(),
    [PaymentStatus.Cancelled]: new Map(),
  };

  constructor(private readonly config: Config, private readonly log: Logger, transport?: GatewayTransport, events = new DomainEvents()) {
    const nagadKeys = resolveNagadKeys(config.payments.nagad);
    this.sandbox = new SandboxGateway(config, nagadKeys);
    const network = transport ?? fetchTransport(config.payments.httpTimeoutMs);
    const send: GatewayTransport = (req) => this.sandbox.loopback(req) ?? network(req);
    this.providers = {
      [PaymentProvider.Bkash]: new BkashProvider(config.payments.bkash, send),
      [PaymentProvider.Nagad]: new NagadProvider(config.payments.nagad, nagadKeys, send),
    };
    this.refunds = new RefundService(this.providers, events, log);
  }

  onCompleted(purpose: `${PaymentPurpose}`, handler: PaymentHandler): void {
    this.on(PaymentStatus.Completed, purpose, handler);
  }

  onFailed(purpose: `${PaymentPurpose}`, handler: PaymentHandler): void {
    this.on(PaymentStatus.Failed, purpose, handler);
  }

  onCancelled(purpose: `${PaymentPurpose}`, handler: PaymentHandler): void {
    this.on(PaymentStatus.Cancelled, purpose, handler);
  }

  private on(status: FinalStatus, purpose: `${PaymentPurpose}`, handler: PaymentHandler): void {
    const map = this.handlers[status];
    map.set(purpose as PaymentPurpose, [...(map.get(purpose as PaymentPurpose) ?? []), handler]);
  }

  /** NRG + Dhaka date + 10 random characters: alphanumeric for Nagad, ≤ 30 for SSLCommerz, unguessable. */
  newTranId(now = new Date()): string {
    const day = new Date(now.getTime() + 6 * 3600_000).toISOString().slice(0, 10).replace(/-/g, '');
    const bytes = randomBytes(10);
    return `NRG${day}${Array.from(bytes, (b) => ALPHABET[b % ALPHABET.length]).join('')}`;
  }

  /** The payment row, in the caller's transaction (flushed with it). The checkout opens after commit. */
  create(em: EntityManager, p: NewPayment): Payment {
    return em.create(Payment, {
      tranId: this.newTranId(), purpose: p.purpose, purposeId: p.purposeId, user: p.userId, amountPoisha: p.amountPoisha,
      currency: 'BDT', provider: p.provider, status: PaymentStatus.Initiated,
    });
  }

  callbackUrl(provider: PaymentProvider): string {
    return `${this.config.payments.publicUrl}/api/payments/${provider}/callback`;
  }

  /**
   * Opens the provider's checkout for a committed payment and returns the URL the browser goes to.
   * Called outside any transaction: a database transaction is never held open across a network call.
   * If the provider cannot be reached the payment fails (its owner releases what it held) and the
   * caller gets SERVICE_UNAVAILABLE. The payer's origin is recorded here (returnTo), before the
   * payer has the URL: every service that opens a checkout gets it by opening it, no door has to.
   */
  async startCheckout(em: EntityManager, payment: Payment, opts: { payerReference: string; payer: Payer }): Promise<string> {
    try {
      const session = await this.providers[payment.provider].createCheckout({
        tranId: payment.tranId, amountPoisha: payment.amountPoisha, callbackUrl: this.callbackUrl(payment.provider),
        payerReference: opts.payerReference, clientIp: opts.payer.ip,
      });
      await em.nativeUpdate(Payment, { id: payment.id }, { providerPaymentId: session.providerPaymentId, redirectUrl: session.redirectUrl });
      payment.providerPaymentId = session.providerPaymentId;
      payment.redirectUrl = session.redirectUrl;
      await this.returnTo(em, payment.tranId, opts.payer.origin);
      return session.redirectUrl;
    } catch (e) {
      if (!(e instanceof ProviderUnavailableError)) throw e;
      this.log.warn({ err: e, tranId: payment.tranId }, 'payment provider refused or unreachable at checkout');
      await this.record(em, payment.id, { outcome: 'failed', reason: 'PROVIDER_UNAVAILABLE' });
      const provider = payment.provider === PaymentProvider.Bkash ? 'bKash' : 'Nagad';
      throw unavailable(`${provider} is not reachable right now, please try again`, 'PAYMENT_PROVIDER_UNAVAILABLE', { provider });
    }
  }

  /** The browser's return from the provider. Never throws: the browser always lands somewhere. */
  async handleCallback(em: EntityManager, provider: PaymentProvider, query: Record<string, unknown>): Promise<CallbackResult> {
    const adapter = this.providers[provider];
    const hint = adapter.readCallback(query);
    const payment = hint.providerPaymentId
      ? await em.findOne(Payment, { provider, providerPaymentId: hint.providerPaymentId })
      : null;
    if (!payment || (hint.tranId && hint.tranId !== payment.tranId)) {
      this.log.warn({ provider, query }, 'payment callback for an unknown payment');
      return { payment: null, redirectUrl: `${this.config.payments.publicUrl}/payment/failed/unknown?status=unknown` };
    }
    if (payment.status === PaymentStatus.Initiated) {
      let verdict: ProviderVerdict;
      try {
        verdict = await adapter.confirm(payment, hint);
      } catch (e) {
        this.log.error({ err: e, tranId: payment.tranId }, 'payment confirmation failed');
        verdict = { outcome: 'pending', reason: 'CONFIRMATION_ERROR' };
      }
      await this.record(em, payment.id, verdict);
    } else if (payment.status !== PaymentStatus.Completed && hint.status === 'success') {
      // Closed here (abandoned, say) but the payer says they paid: if the provider agrees, the money
      // must go back. Flagged for the accounts, never silently re-opened.
      const late = await adapter.check(payment).catch((): ProviderVerdict => ({ outcome: 'pending', reason: 'CHECK_ERROR' }));
      if (late.outcome === 'completed') {
        this.log.error({ tranId: payment.tranId, providerTrxId: late.providerTrxId }, 'payment completed at the provider after it was closed: refund due');
        const flagged = await em.nativeUpdate(Payment, { id: payment.id, status: { $ne: PaymentStatus.Completed }, failureReason: { $ne: 'PAID_AFTER_CLOSE_REFUND_DUE' } },
          { failureReason: 'PAID_AFTER_CLOSE_REFUND_DUE', providerTrxId: late.providerTrxId.slice(0, 100) });
        if (flagged) refundsDue.inc({ provider: payment.provider, reason: 'PAID_AFTER_CLOSE' });
      }
    }
    const now = await em.findOneOrFail(Payment, payment.id, { refresh: true });
    return { payment: now, redirectUrl: this.landingUrl(now) };
  }

  /**
   * The payer's browser came from another origin Nirog is configured to serve (CORS_ORIGINS: the
   * earlier app's client on its own origin): after paying it lands back there, not on PUBLIC_URL.
   * Only a configured origin is kept, and landingUrl checks it again, so this opens no redirect to
   * anywhere else. Set by startCheckout right after the checkout opens, before the payer has its URL.
   */
  async returnTo(em: EntityManager, tranId: string, origin: string | null | undefined): Promise<void> {
    if (!origin || !this.returnsTo(origin) || origin === new URL(this.config.payments.publicUrl).origin) return;
    await em.nativeUpdate(Payment, { tranId, status: PaymentStatus.Initiated }, { returnOrigin: origin });
  }

  /** An origin a payer may land back on: one of this app's own (APP_ORIGINS) or an allowed client's (CORS_ORIGINS). */
  private returnsTo(origin: string): boolean {
    return this.config.payments.appOrigins.includes(origin) || this.config.cors.origins.includes(origin);
  }

  landingUrl(p: Payment): string {
    const base = p.returnOrigin && this.returnsTo(p.returnOrigin) ? p.returnOrigin : this.config.payments.publicUrl;
    const order = p.purpose === PaymentPurpose.Order;
    if (p.status === PaymentStatus.Completed) return `${base}${order ? '/order' : ''}/payment/successfull/${p.tranId}`;
    return `${base}${order ? '/order' : ''}/payment/failed/${p.tranId}?status=${p.status === PaymentStatus.Initiated ? 'pending' : p.status}`;
  }

  /**
   * Applies a provider's verdict once. 'completed' must match our amount, currency and id, or the
   * payment fails as a mismatch. Only the caller whose conditional update moved the row out of
   * 'initiated' runs the purpose's handlers, in the same transaction: replays and concurrent
   * duplicates find nothing to update and change nothing. Answers whether this call recorded it.
   */
  async record(em: EntityManager, paymentId: string, verdict: ProviderVerdict): Promise<boolean> {
    if (verdict.outcome === 'pending') return false;
    let outcome: { provider: string; result: string; reason: string } | undefined;
    const recorded = await em.transactional(async (tx) => {
      const payment = await tx.findOneOrFail(Payment, paymentId, { refresh: true });
      let status: FinalStatus;
      let set: Partial<Payment>;
      const now = new Date();
      if (verdict.outcome === 'completed') {
        const mismatch = verdict.amountPoisha !== payment.amountPoisha ? 'AMOUNT_MISMATCH'
          : verdict.currency !== payment.currency ? 'CURRENCY_MISMATCH'
            : verdict.merchantOrderId !== payment.tranId ? 'TRANSACTION_MISMATCH' : null;
        if (mismatch) {
          this.log.error({ tranId: payment.tranId, verdict }, `payment verdict refused: ${mismatch}`);
          status = PaymentStatus.Failed;
          set = { status, failureReason: mismatch, providerTrxId: verdict.providerTrxId.slice(0, 100), closedAt: now };
        } else {
          status = PaymentStatus.Completed;
          set = { status, providerTrxId: verdict.providerTrxId.slice(0, 100), completedAt: now, closedAt: now };
        }
      } else {
        status = verdict.outcome === 'failed' ? PaymentStatus.Failed : PaymentStatus.Cancelled;
        set = { status, failureReason: verdict.reason.slice(0, 200), closedAt: now };
      }
      const changed = await tx.nativeUpdate(Payment, { id: paymentId, status: PaymentStatus.Initiated }, { ...set, updatedAt: now });
      if (changed === 0) return false;
      const fresh = await tx.findOneOrFail(Payment, paymentId, { refresh: true });
      for (const handler of this.handlers[status].get(fresh.purpose) ?? []) await handler(tx, fresh);
      outcome = { provider: payment.provider, result: status, reason: reasonLabel(set.failureReason) };
      return true;
    });
    // Counted once committed, by the one caller that recorded it.
    if (recorded && outcome) paymentOutcomes.inc(outcome);
    return recorded;
  }

  /**
   * Payments still 'initiated' after `olderThanMinutes`: asks the provider; a payment the provider
   * has not finished after the abandon limit is cancelled (bKash never moves money without our
   * execute; an abandoned Nagad session expires on their side).
   */
  async reconcile(em: EntityManager, opts: { olderThanMinutes?: number; limit?: number; now?: Date } = {}) {
    const now = opts.now ?? new Date();
    const olderThan = new Date(now.getTime() - (opts.olderThanMinutes ?? 5) * 60_000);
    const abandonBefore = new Date(now.getTime() - this.config.payments.abandonAfterMinutes * 60_000);
    const stuck = await em.find(Payment, { status: PaymentStatus.Initiated, createdAt: { $lt: olderThan } }, {
      orderBy: { createdAt: 'asc' }, limit: opts.limit ?? 200,
    });
    const summary = { checked: 0, completed: 0, failed: 0, cancelled: 0, stillPending: 0 };
    for (const p of stuck) {
      summary.checked++;
      let verdict: ProviderVerdict = p.providerPaymentId
        ? await this.providers[p.provider].check(p).catch((): ProviderVerdict => ({ outcome: 'pending', reason: 'CHECK_ERROR' }))
        : { outcome: 'pending', reason: 'NO_PROVIDER_SESSION' };
      if (verdict.outcome === 'pending' && p.createdAt < abandonBefore) verdict = { outcome: 'cancelled', reason: 'ABANDONED' };
      const recorded = await this.record(em, p.id, verdict);
      if (!recorded) summary.stillPending++;
      else if (verdict.outcome === 'completed') summary.completed++;
      else if (verdict.outcome === 'failed') summary.failed++;
      else summary.cancelled++;
    }
    return summary;
  }

  async byTranId(em: EntityManager, actor: AuthUser, tranId: string): Promise<Payment> {
    const payment = await em.findOne(Payment, { tranId });
    if (!payment || !canViewPayment(actor, payment)) throw notFound('Payment');
    return payment;
  }

  /** The latest payment of a purpose (an order, an appointment), for its owner's screens. */
  latestFor(em: EntityManager, purpose: PaymentPurpose, purposeId: string): Promise<Payment | null> {
    return em.findOne(Payment, { purpose, purposeId }, { orderBy: { createdAt: 'desc' } });
  }
}
