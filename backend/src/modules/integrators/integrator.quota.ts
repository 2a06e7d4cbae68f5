import { tooMany } from '../../common/errors.js';
import { SqlParams, selectRows, type SqlReader } from '../../common/sql.js';

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

/** The statement's values in order (its text never changes, so it runs prepared: common/sql.ts). */
function values(...list: unknown[]): SqlParams {
  const params = new SqlParams();
  for (const v of list) params.add(v);
  return params;
}

// Every request of an app runs these (through `reads`: no EntityManager is forked for them); named
// prepared statements on PostgreSQL, so they are parsed and planned once per connection.
// TAKE also gives back the points earlier requests of this process did not use (Refunds, below):
// `least(size, level + refund)` is the level they would have left had each given back at once.
const REFILLED = `least(quota_size::double precision, ${LEVEL} + ?)`;
const TAKE = `update integrator_apps set quota_available = ${REFILLED} - ?, quota_updated_at = clock_timestamp()
  where id = ? and ${REFILLED} >= ?
  returning quota_available as available, quota_size as size, quota_restore_rate as rate`;
const STATE = `select ${LEVEL} as available, quota_size as size, quota_restore_rate as rate from integrator_apps where id = ?`;
const GIVE_BACK = `update integrator_apps set quota_available = ${REFILLED}, quota_updated_at = clock_timestamp()
  where id = ? returning quota_available as available, quota_size as size, quota_restore_rate as rate`;

type BucketRow = { available: number; size: number; rate: number };

/**
 * Takes `cost` points, or refuses with the bucket as it is and when to retry. Points `refunds` holds
 * for the app go back in the same statement (taken or refused: a refusal writes them too, so it is
 * judged, and its Retry-After computed, on the level the bucket really has).
 */
export function takeFromBucket(db: SqlReader, appId: string, cost: number, refunds?: Refunds): Promise<BucketResult> {
  return refunds ? refunds.takes.take(db, appId, cost) : takeOnce(db, appId, cost);
}

/** One request's take, in its own statement (what a batch of one, and each request of a refused batch, runs). */
async function takeOnce(db: SqlReader, appId: string, cost: number, refunds?: Refunds): Promise<BucketResult> {
  const refund = refunds?.take(appId) ?? 0;
  let row: BucketRow | undefined;
  try {
    [row] = await selectRows<BucketRow>(db, TAKE, values(refund, cost, appId, refund, cost));
    if (row) return { allowed: true, report: report(cost, row) };
    [row] = await selectRows<BucketRow>(db, refund ? GIVE_BACK : STATE, refund ? values(refund, appId) : values(appId));
  } catch (err) {
    // Not written: the points stay owed (a failed TAKE changed nothing; a failed GIVE_BACK neither).
    if (refund) refunds?.add(appId, refund, db);
    throw err;
  }
  const state = row ?? { available: 0, size: 0, rate: 1 };
  const missing = cost - Number(state.available);
  return { allowed: false, report: report(cost, state, 0), retryAfterSeconds: Math.max(1, Math.ceil(missing / Number(state.rate))) };
}

/**
 * An app's takes from this process, one statement at a time (group commit, as a database commits the
 * transactions that queued behind a flush together). While an app's TAKE is on its way, the requests
 * of that app that arrive meanwhile wait, and are then taken together: one TAKE of the sum of their
 * costs. Under load that is one quota statement for several requests, where each request had its own
 * and queued on the row's lock anyway (the bench's integrator with its key: docs/performance.md).
 *
 * Nothing of the bucket's exactness changes: each request's points are taken from the row before it
 * runs (none are held aside), and a request is only ever refused by its own statement. A batch whose
 * sum the bucket does not hold takes nothing and its requests are then taken one by one in the order
 * they came, each judged, and its THROTTLED and Retry-After computed, on the level the row really has.
 * A taken batch reports each request the level after its own take, as if they had run one after
 * another in that order (the level after the batch plus the costs of the requests taken after it).
 */
export class TakeQueue {
  private readonly waiting = new Map<string, Waiting[]>();

  constructor(private readonly refunds: Refunds) {}

  take(db: SqlReader, appId: string, cost: number): Promise<BucketResult> {
    return new Promise<BucketResult>((resolve, reject) => {
      const queue = this.waiting.get(appId);
      const entry = { db, cost, resolve, reject };
      if (queue) {
        queue.push(entry);
        return;
      }
      this.waiting.set(appId, []);
      void this.run(appId, [entry]);
    });
  }

  /** Runs a batch, then the requests that queued meanwhile as the next batch, until none wait. */
  private async run(appId: string, batch: Waiting[]): Promise<void> {
    try {
      for (;;) {
        await this.runBatch(appId, batch);
        const next = this.waiting.get(appId) ?? [];
        if (!next.length) {
          this.waiting.delete(appId);
          return;
        }
        this.waiting.set(appId, []);
        batch = next;
      }
    } catch (err) {
      // Not expected (runBatch settles its own requests): still, no request of the app may wait forever.
      for (const w of [...batch, ...(this.waiting.get(appId) ?? [])]) w.reject(err);
      this.waiting.delete(appId);
    }
  }

  private async runBatch(appId: string, batch: Waiting[]): Promise<void> {
    const [first] = batch;
    if (batch.length === 1) {
      await takeOnce(first!.db, appId, first!.cost, this.refunds).then(first!.resolve, first!.reject);
      return;
    }
    const total = batch.reduce((sum, w) => sum + w.cost, 0);
    const refund = this.refunds.take(appId);
    let row: BucketRow | undefined;
    try {
      [row] = await selectRows<BucketRow>(first!.db, TAKE, values(refund, total, appId, refund, total));
    } catch (err) {
      if (refund) this.refunds.add(appId, refund, first!.db);
      for (const w of batch) w.reject(err);
      return;
    }
    if (row) {
      let after = Number(row.available);
      for (let i = batch.length - 1; i >= 0; i--) {
        batch[i]!.resolve({ allowed: true, report: report(batch[i]!.cost, { ...row, available: after }) });
        after += batch[i]!.cost;
      }
      return;
    }
    // Not enough for all of them: nothing was taken (nor the refund written); one by one, in order.
    if (refund) this.refunds.add(appId, refund, first!.db);
    for (const w of batch) await takeOnce(w.db, appId, w.cost, this.refunds).then(w.resolve, w.reject);
  }
}

type Waiting = { db: SqlReader; cost: number; resolve: (r: BucketResult) => void; reject: (e: unknown) => void };

/**
 * Points requests were charged for and did not use (requested minus actual cost: a page of 100 that
 * held 3), owed back to each app's bucket by this process.
 *
 * Before, each such request sent a second UPDATE after it ran (its give-back). Now it adds its points
 * here and its answer reports the level they make (the bucket after its take, plus what this process
 * owes the app, up to the size), and they reach the row at the latest `delayMs` later: in the app's
 * next TAKE from this process (usually, under load: no statement of their own), or else in one
 * GIVE_BACK per app that this timer sends. So a request makes one quota round trip whatever it cost.
 *
 * Why this keeps the guarantees: the points owed are points no request may spend yet, so holding
 * them can only refuse earlier than before, never let two requests spend the same points (the TAKE's
 * WHERE still settles that on the locked row); a refusal writes what is owed first and is judged on
 * the real level (exact THROTTLED and Retry-After); another replica sees them at most `delayMs`
 * late. A process that dies owes at most `delayMs` of give-backs, which the bucket's refill makes up.
 */
export class Refunds {
  /** This process's takes, batched per app while one is on its way (TakeQueue, above). */
  readonly takes = new TakeQueue(this);
  private readonly owed = new Map<string, { points: number; db: SqlReader }>();
  private timer?: NodeJS.Timeout;
  private writing?: Promise<void>;
  private closed = false;

  constructor(private readonly delayMs = 100) {}

  add(appId: string, points: number, db: SqlReader): void {
    if (points <= 0 || this.closed) return;
    const entry = this.owed.get(appId);
    if (entry) entry.points += points;
    else this.owed.set(appId, { points, db });
    this.timer ??= setTimeout(() => void this.flush(), this.delayMs).unref();
  }

  /** What this process owes the app now (reported in its answers; not yet written). */
  owedTo(appId: string): number {
    return this.owed.get(appId)?.points ?? 0;
  }

  /** Removes and answers what is owed to the app (its caller writes it, or adds it back). */
  take(appId: string): number {
    const entry = this.owed.get(appId);
    if (!entry) return 0;
    this.owed.delete(appId);
    return entry.points;
  }

  /** Writes everything owed now, one statement per app; a failed one stays owed (tried again later). */
  flush(): Promise<void> {
    clearTimeout(this.timer);
    this.timer = undefined;
    const previous = this.writing ?? Promise.resolve();
    const run = previous.then(async () => {
      const entries = [...this.owed];
      this.owed.clear();
      await Promise.all(entries.map(async ([appId, { points, db }]) => {
        try {
          await selectRows<BucketRow>(db, GIVE_BACK, values(points, appId));
        } catch {
          this.add(appId, points, db);
        }
      }));
    });
    this.writing = run;
    return run.finally(() => { if (this.writing === run) this.writing = undefined; });
  }

  /** At shutdown: writes what is owed and sets no timer again. */
  async close(): Promise<void> {
    await this.flush();
    this.closed = true;
    clearTimeout(this.timer);
    this.timer = undefined;
  }
}

/** The bucket now, without taking anything (an answer to a request that never reached the cost check). */
export async function bucketState(db: SqlReader, appId: string, owed = 0): Promise<BucketRow | undefined> {
  const [row] = await selectRows<BucketRow>(db, STATE, values(appId));
  return row && { ...row, available: Math.min(Number(row.size), Number(row.available) + owed) };
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
export async function chargeLive(db: SqlReader, appId: string, points: number, refunds?: Refunds): Promise<void> {
  const bucket = await takeFromBucket(db, appId, Math.max(1, points), refunds);
  if (bucket.allowed) return;
  throw tooMany(`This app's cost budget is spent: ${points} points asked, ${bucket.report.throttleStatus.currentlyAvailable} left; `
    + `retry in ${bucket.retryAfterSeconds} s`, 'THROTTLED', bucket.retryAfterSeconds);
}
