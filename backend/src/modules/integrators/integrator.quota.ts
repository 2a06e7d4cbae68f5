import type { EntityManager } from '@mikro-orm/sql';
import { tooMany } from '../../common/errors.js';

/**
 * The cost budget of an app: a leaky bucket of points kept on its row (integrator_apps.quota_*),
 * like Shopify's. A request costs what common/graphql-limits.ts measures for its document; it is
 * taken from the bucket before anything runs, or refused (THROTTLED) when the bucket holds less.
 * The bucket refills quota_restore_rate points a second up to quota_size.
 *
 * Taking is one UPDATE whose WHERE recomputes the level from the row it locks, so concurrent
 * requests on any replica queue on that row and each sees the level the previous one left: the
 * database settles who gets the last points, never two requests spending the same ones.
 */
export interface CostReport {
  requestedQueryCost: number;
  actualQueryCost: number;
  throttleStatus: { maximumAvailable: number; currentlyAvailable: number; restoreRate: number };
}

export interface BucketResult {
  allowed: boolean;
  report: CostReport;
  /** Refused: seconds until the bucket holds enough for this request again. */
  retryAfterSeconds?: number;
}

// The level now: what was left plus the refill since, capped at the size (clock_timestamp: the time of
// this statement, also when it waited for another request's lock).
const LEVEL = `least(quota_size::double precision,
  quota_available + greatest(0, extract(epoch from clock_timestamp() - quota_updated_at)) * quota_restore_rate)`;

export async function takeFromBucket(em: EntityManager, appId: string, cost: number): Promise<BucketResult> {
  const conn = em.getConnection();
  const taken = await conn.execute<{ available: number; size: number; rate: number }[]>(
    `update integrator_apps set quota_available = ${LEVEL} - ?, quota_updated_at = clock_timestamp()
      where id = ? and ${LEVEL} >= ?
      returning quota_available as available, quota_size as size, quota_restore_rate as rate`,
    [cost, appId, cost],
  );
  if (taken[0]) return { allowed: true, report: report(cost, taken[0]) };
  const [row] = await conn.execute<{ available: number; size: number; rate: number }[]>(
    `select ${LEVEL} as available, quota_size as size, quota_restore_rate as rate from integrator_apps where id = ?`, [appId],
  );
  const state = row ?? { available: 0, size: 0, rate: 1 };
  const missing = cost - Number(state.available);
  return { allowed: false, report: report(cost, state, 0), retryAfterSeconds: Math.max(1, Math.ceil(missing / Number(state.rate))) };
}

type BucketRow = { available: number; size: number; rate: number };

/**
 * Points a request was charged for and did not use (requested minus actual cost) go back, up to the
 * bucket's size; answers the bucket after.
 */
export async function giveBack(em: EntityManager, appId: string, points: number): Promise<BucketRow | undefined> {
  const [row] = await em.getConnection().execute<BucketRow[]>(
    `update integrator_apps set quota_available = least(quota_size::double precision, ${LEVEL} + ?), quota_updated_at = clock_timestamp()
      where id = ? returning quota_available as available, quota_size as size, quota_restore_rate as rate`,
    [points, appId],
  );
  return row;
}

/** The bucket now, without taking anything (an answer to a request that never reached the cost check). */
export async function bucketState(em: EntityManager, appId: string): Promise<BucketRow | undefined> {
  const [row] = await em.getConnection().execute<BucketRow[]>(
    `select ${LEVEL} as available, quota_size as size, quota_restore_rate as rate from integrator_apps where id = ?`, [appId]);
  return row;
}

export function costReport(requested: number, actual: number, state: BucketRow): CostReport {
  return report(requested, state, actual);
}

function report(cost: number, state: { available: number; size: number; rate: number }, actual = cost): CostReport {
  return {
    requestedQueryCost: cost,
    actualQueryCost: actual,
    throttleStatus: { maximumAvailable: Number(state.size), currentlyAvailable: Math.floor(Number(state.available)), restoreRate: Number(state.rate) },
  };
}

/**
 * A live subscription of an app pays from the same budget (common/live-socket.ts): its measured cost
 * when it starts, each event's actual cost as it is sent. Refused: THROTTLED with the seconds to wait.
 */
export async function chargeLive(em: EntityManager, appId: string, points: number): Promise<void> {
  const bucket = await takeFromBucket(em, appId, Math.max(1, points));
  if (bucket.allowed) return;
  throw tooMany(`This app's cost budget is spent: ${points} points asked, ${bucket.report.throttleStatus.currentlyAvailable} left; `
    + `retry in ${bucket.retryAfterSeconds} s`, 'THROTTLED', bucket.retryAfterSeconds);
}
