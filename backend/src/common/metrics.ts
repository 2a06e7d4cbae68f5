import { timingSafeEqual, createHash } from 'node:crypto';
import type { Request, Response, NextFunction } from 'express';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';

/**
 * The figures an operator watches (GET /metrics, Prometheus text format; README "Metrics and
 * tracing"). One registry per process: every replica is scraped on its own and Prometheus adds them up.
 *
 * Label values are kept to bounded sets, since every distinct value is a series kept forever:
 * routes are express patterns ('/api/doctors/:id', never the raw URL), GraphQL operation names are
 * capped (a caller picks them), outcomes are Nirog's error codes.
 */
export const registry = new Registry();
collectDefaultMetrics({ register: registry });

const SECONDS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

const httpDuration = new Histogram({
  name: 'nirog_http_request_duration_seconds',
  help: 'HTTP requests by route pattern, method and status, and how long they took (its _count is the request count)',
  labelNames: ['method', 'route', 'status'] as const,
  buckets: SECONDS,
  registers: [registry],
});

const graphqlDuration = new Histogram({
  name: 'nirog_graphql_operation_duration_seconds',
  help: 'GraphQL operations by operation name, type and outcome (ok, or the first error code), and how long they took',
  labelNames: ['operation', 'type', 'outcome'] as const,
  buckets: SECONDS,
  registers: [registry],
});

const queryDuration = new Histogram({
  name: 'nirog_db_query_duration_seconds',
  help: 'SQL statements by outcome (ok, error), and how long they took',
  labelNames: ['outcome'] as const,
  buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
  registers: [registry],
});

export const paymentOutcomes = new Counter({
  name: 'nirog_payments_total',
  help: 'Payments closed, by provider and result (completed, failed, cancelled) and reason (failures and cancellations)',
  labelNames: ['provider', 'result', 'reason'] as const,
  registers: [registry],
});

export const refundsDue = new Counter({
  name: 'nirog_payment_refunds_due_total',
  help: 'Money taken that must go back by hand (paid after the payment or order was closed, a paid order cancelled, a payment not applied), by provider and reason',
  labelNames: ['provider', 'reason'] as const,
  registers: [registry],
});

export const refundOutcomes = new Counter({
  name: 'nirog_payment_refunds_total',
  help: 'Refunds settled with the provider, by provider and result (completed, failed: then due by hand)',
  labelNames: ['provider', 'result'] as const,
  registers: [registry],
});

export const rateLimitRefusals = new Counter({
  name: 'nirog_rate_limit_refusals_total',
  help: 'Requests refused by an abuse limit, by limit name',
  labelNames: ['limit'] as const,
  registers: [registry],
});

/**
 * The background jobs, by the name their metrics and spans carry (common/background.ts): payment
 * reconciliation, the money jobs (jobs.ts: refunds, consultations never started, approved orders
 * never paid) and the retention purge, each run by the replica holding the jobs lock.
 */
export const JOB_NAMES = ['reconcile-payments', 'money-jobs', 'retention-purge'] as const;
export type JobName = (typeof JOB_NAMES)[number];

/** The outbox queues: mail and SMS (modules/mail) and webhook deliveries (modules/webhooks). */
export const OUTBOX_QUEUES = ['mail', 'sms', 'webhook'] as const;
export type OutboxQueue = (typeof OUTBOX_QUEUES)[number];

export const jobRuns = new Counter({
  name: 'nirog_job_runs_total',
  help: 'Background job runs by task and outcome (ok, failed, skipped: another replica holds the jobs lock)',
  // `task`, not `job`: Prometheus gives every series its scrape job's name as `job`.
  labelNames: ['task', 'outcome'] as const,
  registers: [registry],
});

export const jobDuration = new Histogram({
  name: 'nirog_job_duration_seconds',
  help: 'How long a background job run took (runs that did the work: ok and failed), by task',
  labelNames: ['task'] as const,
  buckets: [0.01, 0.05, 0.1, 0.5, 1, 5, 10, 30, 60, 300],
  registers: [registry],
});

export const jobLastRun = new Gauge({
  name: 'nirog_job_last_run_timestamp_seconds',
  help: 'When a background job last ran in this process (Unix time), by task and outcome (ok, failed); absent before its first run here',
  labelNames: ['task', 'outcome'] as const,
  registers: [registry],
});

const jobsLock = new Gauge({
  name: 'nirog_jobs_lock_held',
  help: 'Whether this process holds the jobs lock (1) and so runs the background jobs, or not (0); summed over replicas it should be 1',
  registers: [registry],
});

export const outboxSends = new Counter({
  name: 'nirog_outbox_sends_total',
  help: 'Delivery attempts by queue (mail, sms, webhook) and result (sent; retry: failed, tried again later; failed: given up)',
  labelNames: ['queue', 'result'] as const,
  registers: [registry],
});

export const liveConnections = new Gauge({
  name: 'nirog_live_connections',
  help: 'Open live (WebSocket) connections of this process, by caller: person, app, visitor',
  labelNames: ['caller'] as const,
  registers: [registry],
});

export const liveSubscriptions = new Gauge({
  name: 'nirog_live_subscriptions',
  help: 'Subscriptions this process is serving',
  registers: [registry],
});

export const liveUpdates = new Counter({
  name: 'nirog_live_updates_total',
  help: 'Subscription events sent, by subscription field and type (SYNC, CHANGE)',
  labelNames: ['subscription', 'type'] as const,
  registers: [registry],
});

export const liveRefusals = new Counter({
  name: 'nirog_live_refusals_total',
  help: 'Live connections and subscriptions refused or closed by a limit or a check, by reason',
  labelNames: ['reason'] as const,
  registers: [registry],
});

/** What is read at scrape time from the database (set by the composition root). */
export interface ScrapeSources {
  /** Connections of the pg pool (PostgreSQL only; PGlite has one in-process connection and no pool). */
  pool?: () => Promise<{ inUse: number; idle: number; waiting: number; max: number } | null>;
  /** Unsent rows per outbox queue: how many, the oldest one's age in seconds, and how many gave up. */
  outbox?: () => Promise<{ queue: string; depth: number; oldestAgeSeconds: number; failed: number }[]>;
  /** Whether this process holds the jobs lock (common/coordination.ts). */
  jobsLock?: () => boolean;
}

let sources: ScrapeSources = {};
export function setScrapeSources(s: ScrapeSources): void {
  sources = s;
}

const poolConnections = new Gauge({
  name: 'nirog_db_pool_connections',
  help: 'Database pool connections by state (in_use, idle, waiting: requests queued for a connection); PostgreSQL only',
  labelNames: ['state'] as const,
  registers: [registry],
});
const poolMax = new Gauge({ name: 'nirog_db_pool_max', help: 'Database pool size limit (DATABASE_POOL_MAX); PostgreSQL only', registers: [registry] });
const outboxDepth = new Gauge({
  name: 'nirog_outbox_depth',
  help: 'Messages waiting to be delivered (pending or being sent), by queue (mail, sms)',
  labelNames: ['queue'] as const,
  registers: [registry],
});
const outboxAge = new Gauge({
  name: 'nirog_outbox_oldest_age_seconds',
  help: 'Age of the oldest message still waiting to be delivered, by queue (0 when none waits)',
  labelNames: ['queue'] as const,
  registers: [registry],
});
const outboxFailed = new Gauge({
  name: 'nirog_outbox_failed',
  help: 'Messages given up after their last attempt (an admin may queue them again), by queue',
  labelNames: ['queue'] as const,
  registers: [registry],
});

/**
 * Reads the database figures once per scrape; a failed read leaves them out rather than failing the
 * scrape. The pool is read before anything else asks it for a connection: the scrape's own outbox
 * queries wait in its queue for a tick even when connections are idle, and read after them an idle
 * replica reported them as `waiting` at every scrape.
 */
export async function readSources(log?: { warn: (o: object, m: string) => void }): Promise<void> {
  poolConnections.reset();
  poolMax.reset();
  outboxDepth.reset();
  outboxAge.reset();
  outboxFailed.reset();
  const [pool] = await Promise.allSettled([sources.pool?.()]);
  const [outbox] = await Promise.allSettled([sources.outbox?.()]);
  if (sources.jobsLock) jobsLock.set(sources.jobsLock() ? 1 : 0);
  if (pool.status === 'fulfilled' && pool.value) {
    poolConnections.set({ state: 'in_use' }, pool.value.inUse);
    poolConnections.set({ state: 'idle' }, pool.value.idle);
    poolConnections.set({ state: 'waiting' }, pool.value.waiting);
    poolMax.set(pool.value.max);
  }
  if (outbox.status === 'fulfilled' && outbox.value) {
    for (const q of outbox.value) {
      outboxDepth.set({ queue: q.queue }, q.depth);
      outboxAge.set({ queue: q.queue }, q.oldestAgeSeconds);
      outboxFailed.set({ queue: q.queue }, q.failed);
    }
  }
  for (const r of [pool, outbox]) if (r.status === 'rejected') log?.warn({ err: r.reason }, 'metrics: a database figure could not be read');
}

/**
 * Every series of a labelled counter exists from the start, at 0, for the label values known in
 * advance: PromQL's rate() and increase() see nothing of a series before its first sample, so
 * without this "no payment completes" could not fire after a restart, nor a first failure count.
 */
export function initialiseKnownSeries(known: { paymentProviders: readonly string[]; rateLimits: readonly string[] }): void {
  for (const provider of known.paymentProviders) {
    for (const result of ['completed', 'failed', 'cancelled']) paymentOutcomes.inc({ provider, result, reason: '' }, 0);
    for (const reason of ['PAID_AFTER_CLOSE', 'REFUND_FAILED']) refundsDue.inc({ provider, reason }, 0);
    for (const result of ['completed', 'failed']) refundOutcomes.inc({ provider, result }, 0);
  }
  for (const limit of known.rateLimits) rateLimitRefusals.inc({ limit }, 0);
  for (const task of JOB_NAMES) for (const outcome of ['ok', 'failed', 'skipped']) jobRuns.inc({ task, outcome }, 0);
  for (const queue of OUTBOX_QUEUES) for (const result of ['sent', 'retry', 'failed']) outboxSends.inc({ queue, result }, 0);
}

/** Called for every SQL statement (db.ts's logger hook). */
export function observeQuery(tookMs: number, failed: boolean): void {
  queryDuration.observe({ outcome: failed ? 'error' : 'ok' }, tookMs / 1000);
}

export function observeGraphqlOperation(operation: string, type: string, outcome: string, seconds: number): void {
  graphqlDuration.observe({ operation, type, outcome }, seconds);
}

const MAX_OPERATION_NAMES = 200;
const seenOperationNames = new Set<string>();
/**
 * The operation label: the client's operation name, while fewer than 200 distinct names have been
 * seen in this process (the web client has far fewer); past that, or for an odd name, 'other'.
 */
export function operationLabel(name: string | null | undefined): string {
  if (!name) return 'anonymous';
  if (!/^[A-Za-z_][A-Za-z0-9_]{0,63}$/.test(name)) return 'other';
  if (seenOperationNames.has(name)) return name;
  if (seenOperationNames.size >= MAX_OPERATION_NAMES) return 'other';
  seenOperationNames.add(name);
  return name;
}

/**
 * The route pattern that answered: the mount path of the router or static folder plus the express
 * route ('/api' + '/doctors/:id'); 'unmatched' when nothing did (a 404 of the app itself).
 */
export function routeLabel(req: Request): string {
  // An answer sent again by the answer cache (common/answer-cache.ts) is counted under the route that wrote it.
  const kept = (req.res?.locals as { answerRoute?: string } | undefined)?.answerRoute;
  if (kept) return kept;
  const pattern = `${req.baseUrl ?? ''}${typeof req.route?.path === 'string' ? req.route.path : ''}`;
  return pattern || 'unmatched';
}

/** Times every request; the route is read when the answer is finished, after express has matched it. */
export function httpMetrics(req: Request, res: Response, next: NextFunction): void {
  const stop = httpDuration.startTimer();
  res.on('finish', () => stop({ method: req.method, route: routeLabel(req), status: String(res.statusCode) }));
  next();
}

const digest = (s: string) => createHash('sha256').update(s).digest();
const LOOPBACK = /^(127\.\d+\.\d+\.\d+|::1|::ffff:127\.\d+\.\d+\.\d+)$/;

/**
 * GET /metrics. With METRICS_TOKEN: only with `Authorization: Bearer <token>` (401 otherwise).
 * Without it: off in production (404), and in development open to this machine only (the socket's
 * own address, never X-Forwarded-For).
 */
export function metricsEndpoint(opts: { token?: string; production: boolean; log?: { warn: (o: object, m: string) => void } }) {
  const expected = opts.token ? digest(opts.token) : null;
  return async (req: Request, res: Response): Promise<void> => {
    res.setHeader('Cache-Control', 'no-store');
    if (expected) {
      const m = /^Bearer\s+(\S+)$/i.exec(req.headers.authorization ?? '');
      if (!m || !timingSafeEqual(digest(m[1]), expected)) {
        res.setHeader('WWW-Authenticate', 'Bearer realm="metrics"');
        res.status(401).type('text/plain').send('Unauthorized');
        return;
      }
    } else if (opts.production || !LOOPBACK.test(req.socket.remoteAddress ?? '')) {
      res.status(404).type('text/plain').send('Not found');
      return;
    }
    await readSources(opts.log);
    res.type(registry.contentType).send(await registry.metrics());
  };
}
