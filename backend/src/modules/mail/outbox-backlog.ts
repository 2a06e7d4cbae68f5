import type { EntityManager } from '@mikro-orm/sql';
import type { OutboxQueue } from '../../common/metrics.js';
import { QUEUE_OF, type OutboxTable } from './outbox.js';

export interface OutboxBacklog {
  queue: OutboxQueue;
  /** Waiting to be delivered: pending, or claimed by a worker and not yet settled. */
  depth: number;
  /** Seconds since the oldest of them was queued; 0 when none waits. */
  oldestAgeSeconds: number;
  /** Given up after the last attempt. */
  failed: number;
}

/**
 * The outboxes' backlog for /metrics, one query per queue (the composition root names the tables:
 * the webhook deliveries are the webhooks module's). It reads through the (status,
 * next_attempt_at) index: only unsent and failed rows are touched, never the delivered history.
 */
export async function outboxBacklog(em: EntityManager, tables: readonly OutboxTable[] = ['mail_outbox', 'sms_outbox']): Promise<OutboxBacklog[]> {
  return Promise.all(tables.map(async (table) => {
    const queue = QUEUE_OF[table];
    const rows = await em.getConnection().execute<{ status: string; n: string | number; oldest: Date | string | null }[]>(
      `select status, count(*) as n, min(created_at) as oldest from ${table}
        where status in ('pending', 'sending', 'failed') group by status`, [], 'all');
    let depth = 0;
    let failed = 0;
    let oldest = Infinity;
    for (const r of rows) {
      if (r.status === 'failed') failed += Number(r.n);
      else {
        depth += Number(r.n);
        if (r.oldest) oldest = Math.min(oldest, new Date(r.oldest).getTime());
      }
    }
    const oldestAgeSeconds = Number.isFinite(oldest) ? Math.max(0, (Date.now() - oldest) / 1000) : 0;
    return { queue, depth, oldestAgeSeconds, failed };
  }));
}
