import { randomUUID } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/sql';
import type { Config } from '../../config.js';
import type { Logger } from '../../common/logger.js';
import { outboxSends, type OutboxQueue } from '../../common/metrics.js';
import { inBackgroundSpan } from '../../common/background.js';

/**
 * The queue discipline shared by the mail and SMS outboxes and the webhook deliveries (modules/webhooks) (tables with status, attempts,
 * next_attempt_at, last_error, sent_at and a unique dedupe_key).
 *
 * - Queuing is an INSERT … ON CONFLICT (dedupe_key) DO NOTHING on the caller's EntityManager, so it
 *   joins the caller's transaction and a duplicate never aborts it.
 * - Claiming is one UPDATE over rows picked with FOR UPDATE SKIP LOCKED: two replicas polling at
 *   once get disjoint rows. Delivery claims one row at a time (deliverEach), right before sending it,
 *   with a short lease (next_attempt_at in the near future) renewed every third of it while the send
 *   lasts: a slow server never lets another replica re-claim a row that is being sent, and a killed
 *   worker delays only the row it was sending, by one lease at most.
 * - Settling is conditional on status = 'sending', so a late answer never overwrites a newer state.
 */
export type OutboxTable = 'mail_outbox' | 'sms_outbox' | 'webhook_deliveries';

/** The queue a table is, for /metrics and the traces. */
export const QUEUE_OF: Record<OutboxTable, OutboxQueue> = { mail_outbox: 'mail', sms_outbox: 'sms', webhook_deliveries: 'webhook' };

export interface ClaimedRow {
  id: string;
  attempts: number;
  [column: string]: unknown;
}

export async function insertOutboxRow(em: EntityManager, table: OutboxTable, row: Record<string, unknown>): Promise<boolean> {
  const data = { id: randomUUID(), ...row };
  const columns = Object.keys(data);
  const sql = `insert into ${table} (${columns.join(', ')}, created_at, updated_at, next_attempt_at, attempts)
    values (${columns.map(() => '?').join(', ')}, now(), now(), now(), 0)
    on conflict (dedupe_key) do nothing returning id`;
  const rows = await em.execute<{ id: string }[]>(sql, Object.values(data));
  return rows.length === 1;
}

export async function claimDue(em: EntityManager, table: OutboxTable, limit: number, leaseMs: number, columns: string[], skipIds: string[] = []): Promise<ClaimedRow[]> {
  return em.execute<ClaimedRow[]>(
    `update ${table} o set status = 'sending', attempts = o.attempts + 1, updated_at = now(),
        next_attempt_at = now() + make_interval(secs => ?)
      where o.id in (select id from ${table} where status in ('pending', 'sending') and next_attempt_at <= now()
                      and id::text <> all(string_to_array(?, ','))
                      order by next_attempt_at limit ? for update skip locked)
      returning o.id, o.attempts, ${columns.map((c) => `o.${c}`).join(', ')}`,
    [leaseMs / 1000, skipIds.join(','), limit],
  );
}

/** The lease of a claimed row: short, since deliverEach renews it while the send lasts. */
export const LEASE_MS = 30_000;

/**
 * Claims and hands over due rows one by one (at most `limit`, and none once `keepGoing` says stop:
 * a replica shutting down finishes the row it holds and claims no more). `send` settles its row
 * (markSent / markFailed); while it runs, the row's lease is renewed. Returns the rows handled.
 */
export async function deliverEach(em: EntityManager, table: OutboxTable, opts: {
  limit: number; columns: string[]; keepGoing?: () => boolean; leaseMs?: number;
}, send: (row: ClaimedRow) => Promise<void>): Promise<number> {
  const leaseMs = opts.leaseMs ?? LEASE_MS;
  // A row that failed in this pass is not tried again in it, however soon its retry falls due.
  const handled: string[] = [];
  while (handled.length < opts.limit && (opts.keepGoing?.() ?? true)) {
    const [row] = await claimDue(em, table, 1, leaseMs, opts.columns, handled);
    if (!row) break;
    handled.push(row.id);
    const heartbeat = setInterval(() => {
      em.execute(`update ${table} set next_attempt_at = now() + make_interval(secs => ?) where id = ? and status = 'sending' and attempts = ?`,
        [leaseMs / 1000, row.id, row.attempts]).catch(() => { /* the next beat, or the lease runs out */ });
    }, leaseMs / 3);
    try {
      // Each send is a trace of its own (when tracing is on), its SQL and the SMTP or HTTP call under it.
      await inBackgroundSpan(`outbox.send ${QUEUE_OF[table]}`, { 'nirog.outbox.queue': QUEUE_OF[table], 'nirog.outbox.id': row.id, 'nirog.outbox.attempt': row.attempts }, () => send(row));
    } finally {
      clearInterval(heartbeat);
    }
  }
  return handled.length;
}

export async function markSent(em: EntityManager, table: OutboxTable, id: string, extra: Record<string, unknown> = {}): Promise<void> {
  const sets = Object.keys(extra).map((k) => `, ${k} = ?`).join('');
  await em.execute(
    `update ${table} set status = 'sent', sent_at = now(), last_error = null, updated_at = now()${sets} where id = ? and status = 'sending'`,
    [...Object.values(extra), id],
  );
  outboxSends.inc({ queue: QUEUE_OF[table], result: 'sent' });
}

/** Back to pending with a later attempt time, or failed when the attempts are spent (or the error is permanent). */
export async function markFailed(em: EntityManager, table: OutboxTable, row: ClaimedRow, error: string, opts: {
  maxAttempts: number; retryBaseMs: number; permanent?: boolean;
}): Promise<'pending' | 'failed'> {
  const giveUp = opts.permanent || row.attempts >= opts.maxAttempts;
  // Exponential backoff with ±20 % jitter so that replicas and messages do not retry in lockstep.
  const delayMs = Math.min(opts.retryBaseMs * 2 ** (row.attempts - 1), 3_600_000) * (0.8 + Math.random() * 0.4);
  const status = giveUp ? 'failed' : 'pending';
  await em.execute(
    `update ${table} set status = ?, last_error = ?, updated_at = now(), next_attempt_at = now() + make_interval(secs => ?)
      where id = ? and status = 'sending'`,
    [status, error.slice(0, 1000), giveUp ? 0 : delayMs / 1000, row.id],
  );
  outboxSends.inc({ queue: QUEUE_OF[table], result: giveUp ? 'failed' : 'retry' });
  return status;
}

/**
 * An operation queued mail or SMS without declaring its abuse limit (common/limits.ts): tests fail
 * on it (so a new such operation cannot land unnoticed); production logs it and still sends.
 */
export function reportUndeclaredLimit(config: Config, log: Logger, problem: string): void {
  if (config.nodeEnv === 'test') throw new Error(problem);
  log.error({ problem }, 'operation sends mail or SMS without a declared limit');
}
