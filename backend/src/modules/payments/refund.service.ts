import { raw } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/sql';
import type { Logger } from '../../common/logger.js';
import type { DomainEvents } from '../../common/events.js';
import { conflict } from '../../common/errors.js';
import { refundOutcomes, refundsDue } from '../../common/metrics.js';
import { Payment, PaymentStatus, type PaymentProvider } from './payment.entity.js';
import { Refund, RefundReason, RefundStatus } from './refund.entity.js';
import type { PaymentProviderAdapter, RefundRequest, RefundVerdict } from './providers/provider.js';
import type { PageResult } from '../../common/pagination.js';
import { adminRefundViews, type AdminRefundArgs, type RefundView } from './refund.read.js';

/** Tries before a refund is given up and left to the accounts team (then about a day has passed). */
export const MAX_REFUND_ATTEMPTS = 8;
/** A refund sent this long ago without an answer is asked about (refund status) instead of waited for. */
export const LOST_ANSWER_AFTER_MS = 2 * 60_000;

export interface RefundCause {
  paymentId: string;
  /** One refund per cause, whoever triggers it and however often: "order-cancelled:<order id>". */
  cause: string;
  reason: RefundReason;
  /** Part of the payment; the rest of what was paid when left out. */
  amountPoisha?: number;
}

/** The text the provider shows the payer beside the money. */
const REASON_TEXT: Record<RefundReason, string> = {
  [RefundReason.OrderCancelled]: 'Nirog order cancelled',
  [RefundReason.PrescriptionRejected]: 'Nirog order: prescription not accepted',
  [RefundReason.ConsultationCancelled]: 'Nirog consultation cancelled',
  [RefundReason.DoctorNoShow]: 'Nirog consultation did not take place',
};

/** Our refund id as the providers take it: 32 hex characters (bKash's sku, Nagad's referenceNo). */
export const refundReference = (r: Pick<Refund, 'id'>) => r.id.replace(/-/g, '');

/** 1, 2, 4 … minutes, at most an hour and a half, before the next try. */
const backoffMs = (attempts: number) => Math.min(90, 2 ** Math.max(0, attempts - 1)) * 60_000;

/**
 * Refunds, recorded and reconciled like payments. A cause (a cancelled paid order, a consultation
 * cancelled by its doctor, a doctor who never started) asks for one inside the transaction that
 * changes its record: the refund row commits with the change or not at all, once per cause (unique
 * `cause`), within what was paid (the payment's row is locked, and the conditional update of
 * refunded_poisha with its check constraint refuses more). The provider is called after the commit,
 * by whichever process claims the row first (`requested` → `sending`, one of a payment at a time); a
 * lost answer is settled by asking the provider (refund status) before anything is sent again. When
 * the money has moved, `payment.refunded` is published in the transaction that records it.
 */
export class RefundService {
  constructor(
    private readonly providers: Record<PaymentProvider, PaymentProviderAdapter>,
    private readonly events: DomainEvents,
    private readonly log: Logger,
  ) {}

  /**
   * Records a refund in the caller's transaction. Answers the refund of this cause (new or already
   * there), or null when the payment did not complete or nothing of it is left to return.
   */
  async request(tx: EntityManager, c: RefundCause): Promise<Refund | null> {
    const conn = tx.getConnection();
    const ctx = tx.getTransactionContext();
    // The payment's row is the lock every refund of it takes: causes of one payment are decided one after the other.
    const [payment] = await conn.execute<{ id: string; status: string; amount_poisha: number; refunded_poisha: number; purpose: string; purpose_id: string; user_id: string; provider: string }[]>(
      'select id, status, amount_poisha, refunded_poisha, purpose, purpose_id, user_id, provider from payments where id = ? for update', [c.paymentId], 'all', ctx);
    if (!payment || payment.status !== PaymentStatus.Completed) return null;
    const existing = await tx.findOne(Refund, { cause: c.cause }, { refresh: true });
    if (existing) return existing;
    const left = payment.amount_poisha - payment.refunded_poisha;
    const amount = c.amountPoisha ?? left;
    if (amount <= 0 && c.amountPoisha === undefined) return null;
    if (!Number.isInteger(amount) || amount <= 0 || amount > left) {
      throw conflict(`A refund of ${amount} poisha is more than the ${left} poisha left of the payment`, 'AMOUNT_MISMATCH');
    }
    const now = new Date();
    const inserted = await conn.execute<{ id: string }[]>(
      `insert into payment_refunds (id, created_at, updated_at, payment_id, purpose, purpose_id, user_id, provider, cause, reason, amount_poisha, status, attempts, next_attempt_at)
       values (gen_random_uuid(), ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 'requested', 0, ?)
       on conflict (cause) do nothing returning id`,
      [now, now, payment.id, payment.purpose, payment.purpose_id, payment.user_id, payment.provider, c.cause.slice(0, 120), c.reason, amount, now], 'all', ctx);
    if (!inserted.length) return tx.findOne(Refund, { cause: c.cause }, { refresh: true });
    const claimed = await conn.execute(
      'update payments set refunded_poisha = refunded_poisha + ?, updated_at = ? where id = ? and refunded_poisha + ? <= amount_poisha',
      [amount, now, payment.id, amount], 'run', ctx) as unknown as { affectedRows?: number; rowCount?: number };
    if (!(claimed.affectedRows ?? claimed.rowCount)) throw conflict('The payment was refunded meanwhile', 'CHANGED_MEANWHILE');
    return tx.findOneOrFail(Refund, inserted[0]!.id, { refresh: true });
  }

  /** The admin table (and its CSV). */
  adminList(em: EntityManager, args: AdminRefundArgs): Promise<PageResult<RefundView>> {
    return adminRefundViews(em, args);
  }

  /** The completed payment a purpose was paid with (the latest), or null. */
  async paidWith(em: EntityManager, purpose: string, purposeId: string): Promise<Payment | null> {
    return em.findOne(Payment, { purpose: purpose as Payment['purpose'], purposeId, status: PaymentStatus.Completed }, { orderBy: { completedAt: 'desc' } });
  }

  /**
   * Sends the refunds that are due, after the caller's transaction committed (`paymentId` / `purposeId`:
   * only those). Never throws: a refund that cannot be sent now stays due and the job tries again.
   */
  async sendDue(em: EntityManager, opts: { paymentId?: string; purposeId?: string; limit?: number; now?: Date } = {}): Promise<number> {
    const where: Record<string, unknown> = { status: RefundStatus.Requested, nextAttemptAt: { $lte: opts.now ?? new Date() } };
    if (opts.paymentId) where.payment = opts.paymentId;
    if (opts.purposeId) where.purposeId = opts.purposeId;
    const due = await em.find(Refund, where, { orderBy: { createdAt: 'asc' }, limit: opts.limit ?? 50, fields: ['id'] });
    let sent = 0;
    for (const r of due) {
      try {
        if (await this.send(em, r.id)) sent++;
      } catch (err) {
        this.log.error({ err, refundId: r.id }, 'refund could not be sent; it stays due');
      }
    }
    return sent;
  }

  /**
   * Claims one refund (requested → sending) and sends it. Only the caller whose conditional update
   * claimed it calls the provider; a second refund of the same payment cannot be sending at the
   * same time (partial unique index), so it waits for the next pass. Answers whether it was sent.
   */
  async send(em: EntityManager, refundId: string): Promise<boolean> {
    let claimed: boolean;
    try {
      claimed = (await em.nativeUpdate(Refund, { id: refundId, status: RefundStatus.Requested },
        { status: RefundStatus.Sending, sendingSince: new Date(), attempts: raw('attempts + 1'), updatedAt: new Date() })) === 1;
    } catch (err) {
      if (isUniqueViolation(err)) return false;
      throw err;
    }
    if (!claimed) return false;
    const refund = await em.findOneOrFail(Refund, refundId, { refresh: true, populate: ['payment'] });
    const payment = refund.payment.getEntity();
    let verdict: RefundVerdict;
    try {
      verdict = await this.providers[refund.provider].refund(payment, this.requestOf(refund));
    } catch (err) {
      this.log.error({ err, refundId }, 'refund call failed');
      verdict = { outcome: 'unknown', reason: 'CALL_ERROR' };
    }
    await this.apply(em, refund, verdict);
    return true;
  }

  private requestOf(r: Refund): RefundRequest {
    return { reference: refundReference(r), amountPoisha: r.amountPoisha, reason: REASON_TEXT[r.reason] };
  }

  /** Records what the provider said about a refund being sent (conditional on it still being 'sending'). */
  private async apply(em: EntityManager, refund: Refund, verdict: RefundVerdict): Promise<void> {
    const now = new Date();
    if (verdict.outcome === 'completed') {
      const done = await em.transactional(async (tx) => {
        const changed = await tx.nativeUpdate(Refund, { id: refund.id, status: RefundStatus.Sending },
          { status: RefundStatus.Completed, providerRefundId: verdict.providerRefundId.slice(0, 100), completedAt: now, sendingSince: null, updatedAt: now });
        if (changed !== 1) return false;
        await this.events.publish(tx, { type: 'payment.refunded', paymentId: refund.payment.id, purpose: refund.purpose, purposeId: refund.purposeId, userId: refund.user.id });
        return true;
      });
      if (done) refundOutcomes.inc({ provider: refund.provider, result: 'completed' });
      return;
    }
    if (verdict.outcome === 'refused') {
      await this.fail(em, refund, verdict.reason);
      return;
    }
    if (verdict.outcome === 'absent') {
      // The provider never got it: send again, later.
      if (refund.attempts >= MAX_REFUND_ATTEMPTS) {
        await this.fail(em, refund, 'GAVE_UP');
        return;
      }
      await em.nativeUpdate(Refund, { id: refund.id, status: RefundStatus.Sending },
        { status: RefundStatus.Requested, sendingSince: null, nextAttemptAt: new Date(now.getTime() + backoffMs(refund.attempts)), failureReason: null, updatedAt: now });
      return;
    }
    // Unknown: it may have happened. It stays 'sending' (nothing else of this payment is sent) until
    // the provider is asked about it, after LOST_ANSWER_AFTER_MS.
    this.log.warn({ refundId: refund.id, reason: verdict.reason }, 'refund answer unknown; its status will be asked');
    await em.nativeUpdate(Refund, { id: refund.id, status: RefundStatus.Sending }, { failureReason: verdict.reason.slice(0, 200), updatedAt: now });
  }

  /** The provider will not do it: the money goes back by hand (the accounts team is alerted through the metric). */
  private async fail(em: EntityManager, refund: Refund, reason: string): Promise<void> {
    const now = new Date();
    const changed = await em.nativeUpdate(Refund, { id: refund.id, status: { $in: [RefundStatus.Sending, RefundStatus.Requested] } },
      { status: RefundStatus.Failed, failureReason: reason.slice(0, 200), sendingSince: null, updatedAt: now });
    if (changed !== 1) return;
    this.log.error({ refundId: refund.id, paymentId: refund.payment.id, reason }, 'refund refused by the provider: refund due by hand');
    refundsDue.inc({ provider: refund.provider, reason: 'REFUND_FAILED' });
    refundOutcomes.inc({ provider: refund.provider, result: 'failed' });
  }

  /**
   * One pass of the background job: refunds whose answer was lost are asked about (refund status),
   * then the due ones are sent. Safe on several replicas at once (claims and conditional updates),
   * run by one of them (the jobs lock) to ask each provider once.
   */
  async reconcile(em: EntityManager, now = new Date()): Promise<{ checked: number; completed: number; resent: number; sent: number }> {
    const summary = { checked: 0, completed: 0, resent: 0, sent: 0 };
    const lost = await em.find(Refund, { status: RefundStatus.Sending, sendingSince: { $lt: new Date(now.getTime() - LOST_ANSWER_AFTER_MS) } },
      { populate: ['payment'], orderBy: { sendingSince: 'asc' }, limit: 50 });
    for (const refund of lost) {
      summary.checked++;
      const known = (await em.find(Refund, { payment: refund.payment.id, status: RefundStatus.Completed, providerRefundId: { $ne: null } }, { fields: ['providerRefundId'] }))
        .map((r) => r.providerRefundId!);
      let verdict: RefundVerdict;
      try {
        verdict = await this.providers[refund.provider].refundStatus(refund.payment.getEntity(), this.requestOf(refund), known);
      } catch (err) {
        this.log.error({ err, refundId: refund.id }, 'refund status call failed');
        continue;
      }
      if (verdict.outcome === 'unknown') continue;
      await this.apply(em, refund, verdict);
      if (verdict.outcome === 'completed') summary.completed++;
      else summary.resent++;
    }
    summary.sent = await this.sendDue(em, { now });
    return summary;
  }
}

function isUniqueViolation(err: unknown): boolean {
  const e = err as { code?: string; name?: string; cause?: { code?: string } };
  return e?.code === '23505' || e?.cause?.code === '23505' || e?.name === 'UniqueConstraintViolationException';
}
