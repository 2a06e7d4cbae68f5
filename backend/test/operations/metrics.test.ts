import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import express from 'express';
import request from 'supertest';
import { metricsEndpoint, readSources, setScrapeSources } from '../../src/common/metrics.js';
import { runBackgroundJob } from '../../src/common/background.js';
import { runJobs } from '../../src/jobs.js';
import { Language } from '../../src/modules/accounts/index.js';
import { tracing } from '../../src/common/tracing.js';
import { ConfigError, loadConfig } from '../../src/config.js';
import { asAdmin, asPatient, asVisitor, createTestApp, type TestApp } from '../app.js';
import { newMedicine, placeOrder } from '../fixtures.js';
import { payInSandbox } from '../payments.js';

/**
 * GET /metrics as Prometheus scrapes it: refused without its token; with it, the figures move with
 * what the app really did (REST and GraphQL calls, queued mail, a payment, a refused request).
 */
const TOKEN = 'metrics-token-for-the-tests-0001';

type Series = { name: string; labels: Record<string, string>; value: number };

function parse(text: string): Series[] {
  const out: Series[] = [];
  for (const line of text.split('\n')) {
    const m = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!m) continue;
    const labels: Record<string, string> = {};
    for (const l of (m[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)) labels[l[1]] = l[2];
    out.push({ name: m[1], labels, value: Number(m[3]) });
  }
  return out;
}

/** The value of the one series with this name and (at least) these labels; 0 when absent. */
function valueOf(series: Series[], name: string, labels: Record<string, string> = {}): number {
  const found = series.filter((s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v));
  if (found.length > 1) throw new Error(`${name} ${JSON.stringify(labels)} matches ${found.length} series`);
  return found[0]?.value ?? 0;
}

describe('GET /metrics', () => {
  let t: TestApp;
  const scrape = async () => {
    const res = await t.http().get('/metrics').set('Authorization', `Bearer ${TOKEN}`);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    return parse(res.text);
  };

  beforeAll(async () => {
    t = await createTestApp({
      env: {
        METRICS_TOKEN: TOKEN,
        // Mail waits in the outbox for a server (the worker is off in tests): it is queued, not captured.
        SMTP_URL: 'smtp://127.0.0.1:9',
        PASSWORD_RESETS_PER_IP_PER_HOUR: '2',
      },
    });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('is refused without the token, or with another one', async () => {
    expect((await t.http().get('/metrics')).status).toBe(401);
    expect((await t.http().get('/metrics').set('Authorization', 'Bearer metrics-token-for-the-tests-0002')).status).toBe(401);
    expect((await t.http().get('/metrics').set('Authorization', TOKEN)).status).toBe(401);
  });

  it('counts REST requests by route pattern, method and status, with their latency', async () => {
    const before = await scrape();
    const visitor = asVisitor(t);
    const doctors = (await visitor.get('/doctors').expect(200)).body.doctors as { _id: string }[];
    await visitor.get(`/doctor/${doctors[0]._id}`).expect(200);
    await visitor.get(`/doctor/${doctors[1]._id}`).expect(200);
    await visitor.get('/no-such-path').expect(404);
    const after = await scrape();
    const count = (labels: Record<string, string>) =>
      valueOf(after, 'nirog_http_request_duration_seconds_count', labels) - valueOf(before, 'nirog_http_request_duration_seconds_count', labels);
    expect(count({ method: 'GET', route: '/api/doctors', status: '200' })).toBe(1);
    // One series for every doctor's page: the pattern, never the id.
    expect(count({ method: 'GET', route: '/api/doctor/:id', status: '200' })).toBe(2);
    expect(after.some((s) => s.labels.route?.includes(doctors[0]._id))).toBe(false);
    expect(count({ method: 'GET', route: '/api', status: '404' })).toBe(1);
    expect(valueOf(after, 'nirog_http_request_duration_seconds_bucket', { method: 'GET', route: '/api/doctor/:id', status: '200', le: '+Inf' }))
      .toBe(valueOf(after, 'nirog_http_request_duration_seconds_count', { method: 'GET', route: '/api/doctor/:id', status: '200' }));
  });

  it('counts GraphQL operations by name, type and outcome (the error code of a failed one)', async () => {
    const visitor = asVisitor(t);
    expect((await visitor.gql('query MetricsDoctors { doctors { total } }')).errors).toBeUndefined();
    expect((await visitor.gql('query MetricsDoctors { doctors { total } }')).errors).toBeUndefined();
    expect((await visitor.gql('query MetricsMe { me { id } }')).code).toBe('UNAUTHENTICATED');
    const after = await scrape();
    expect(valueOf(after, 'nirog_graphql_operation_duration_seconds_count', { operation: 'MetricsDoctors', type: 'query', outcome: 'ok' })).toBe(2);
    expect(valueOf(after, 'nirog_graphql_operation_duration_seconds_count', { operation: 'MetricsMe', type: 'query', outcome: 'UNAUTHENTICATED' })).toBe(1);
    expect(valueOf(after, 'nirog_http_request_duration_seconds_count', { method: 'POST', route: '/graphql', status: '200' })).toBeGreaterThanOrEqual(3);
  });

  it('shows query time and the process figures', async () => {
    const s = await scrape();
    expect(valueOf(s, 'nirog_db_query_duration_seconds_count', { outcome: 'ok' })).toBeGreaterThan(0);
    expect(valueOf(s, 'process_cpu_user_seconds_total')).toBeGreaterThan(0);
    expect(s.some((x) => x.name === 'nodejs_eventloop_lag_seconds')).toBe(true);
    if (t.config.db.url) {
      expect(valueOf(s, 'nirog_db_pool_max')).toBe(t.config.db.poolMax);
      expect(valueOf(s, 'nirog_db_pool_connections', { state: 'idle' }) + valueOf(s, 'nirog_db_pool_connections', { state: 'in_use' })).toBeGreaterThan(0);
    }
  });

  it('has every series of a labelled counter at zero from the start, so rate() and increase() see a restart', async () => {
    const s = await scrape();
    for (const provider of ['bkash', 'nagad']) {
      expect(s.some((x) => x.name === 'nirog_payments_total' && x.labels.provider === provider && x.labels.result === 'completed')).toBe(true);
      expect(s.some((x) => x.name === 'nirog_payment_refunds_due_total' && x.labels.provider === provider && x.labels.reason === 'REFUND_FAILED')).toBe(true);
    }
    for (const limit of ['login-ip', 'login-account', 'sms-number']) {
      expect(s.some((x) => x.name === 'nirog_rate_limit_refusals_total' && x.labels.limit === limit)).toBe(true);
    }
    for (const job of ['reconcile-payments', 'money-jobs', 'retention-purge']) {
      expect(s.some((x) => x.name === 'nirog_job_runs_total' && x.labels.task === job && x.labels.outcome === 'failed')).toBe(true);
    }
    for (const queue of ['mail', 'sms', 'webhook']) {
      expect(s.some((x) => x.name === 'nirog_outbox_sends_total' && x.labels.queue === queue && x.labels.result === 'failed')).toBe(true);
      expect(s.some((x) => x.name === 'nirog_outbox_depth' && x.labels.queue === queue)).toBe(true);
    }
  });

  it('an idle replica has no query waiting for a connection (the scrape\'s own queries are not counted)', async () => {
    for (let i = 0; i < 5; i += 1) {
      const s = await scrape();
      expect(valueOf(s, 'nirog_db_pool_connections', { state: 'waiting' })).toBe(0);
      // Idle connections are closed after a while; a scrape that has to open new ones counts no waiting either.
      await new Promise((r) => setTimeout(r, 50));
    }
  });

  it('counts job runs by outcome (skipped while another replica holds the jobs lock), their time and the lock', async () => {
    const asLeader = <R,>(f: () => Promise<R>) => t.coordinator.asLeader(f);
    const before = await scrape();
    const runs = (s: Series[], outcome: string) => valueOf(s, 'nirog_job_runs_total', { task: 'money-jobs', outcome });
    // The coordinator is not started: this process cannot hold the lock, so the run is skipped.
    expect(await runBackgroundJob('money-jobs', () => runJobs(t.orm, t.services), asLeader)).toBeUndefined();
    expect(valueOf(await scrape(), 'nirog_jobs_lock_held')).toBe(0);
    await t.coordinator.start();
    try {
      expect(await runBackgroundJob('money-jobs', () => runJobs(t.orm, t.services), asLeader)).toMatchObject({ noShows: 0 });
      await expect(runBackgroundJob('money-jobs', () => Promise.reject(new Error('provider down')), asLeader)).rejects.toThrow('provider down');
      const after = await scrape();
      expect(runs(after, 'skipped') - runs(before, 'skipped')).toBe(1);
      expect(runs(after, 'ok') - runs(before, 'ok')).toBe(1);
      expect(runs(after, 'failed') - runs(before, 'failed')).toBe(1);
      expect(valueOf(after, 'nirog_job_duration_seconds_count', { task: 'money-jobs' }) - valueOf(before, 'nirog_job_duration_seconds_count', { task: 'money-jobs' })).toBe(2);
      expect(Math.abs(valueOf(after, 'nirog_job_last_run_timestamp_seconds', { task: 'money-jobs', outcome: 'ok' }) - Date.now() / 1000)).toBeLessThan(60);
      expect(valueOf(after, 'nirog_jobs_lock_held')).toBe(1);
    } finally {
      await t.coordinator.stop();
    }
  });

  it('counts delivery attempts by queue and result: a mail that found no server is retried', async () => {
    const before = await scrape();
    await t.orm.em.fork().transactional((tx) => t.services.mail.enqueue(tx, 'metrics:retry', { email: 'someone@example.com', language: Language.en }, 'order-placed',
      { name: 'Test', ref: 'ABC12345', link: 'http://localhost/my-order' }));
    await t.worker.lane('mail');
    const after = await scrape();
    const moved = (result: string) => valueOf(after, 'nirog_outbox_sends_total', { queue: 'mail', result }) - valueOf(before, 'nirog_outbox_sends_total', { queue: 'mail', result });
    expect(moved('retry')).toBeGreaterThanOrEqual(1);
    expect(moved('sent')).toBe(0);
  });

  it('shows the outbox depth and the age of its oldest mail, and counts a rate-limit refusal by name', async () => {
    const before = await scrape();
    const visitor = asVisitor(t);
    await visitor.post('/password/forgot', { email: 'patient@nirog.test' }).expect(200);
    const after = await scrape();
    expect(valueOf(after, 'nirog_outbox_depth', { queue: 'mail' })).toBe(valueOf(before, 'nirog_outbox_depth', { queue: 'mail' }) + 1);
    expect(valueOf(after, 'nirog_outbox_oldest_age_seconds', { queue: 'mail' })).toBeGreaterThanOrEqual(0);
    expect(after.some((x) => x.name === 'nirog_outbox_depth' && x.labels.queue === 'sms')).toBe(true);

    await visitor.post('/password/forgot', { email: 'patient@nirog.test' });
    expect((await visitor.post('/password/forgot', { email: 'patient@nirog.test' })).status).toBe(429);
    const refused = await scrape();
    expect(valueOf(refused, 'nirog_rate_limit_refusals_total', { limit: 'reset-ip' }) - valueOf(before, 'nirog_rate_limit_refusals_total', { limit: 'reset-ip' })).toBe(1);
  });

  it('counts a payment in the sandbox by provider and result', async () => {
    const before = await scrape();
    const patient = await asPatient(t);
    const m = await newMedicine(t, 5);
    const placed = await placeOrder(patient, [{ medicineId: m.id, quantity: 1 }], 'Bkash');
    expect(placed.status).toBe(200);
    await payInSandbox(t, placed.body.url, 'approve');
    const placed2 = await placeOrder(patient, [{ medicineId: m.id, quantity: 1 }], 'Bkash');
    await payInSandbox(t, placed2.body.url, 'fail');
    const after = await scrape();
    const moved = (labels: Record<string, string>) => valueOf(after, 'nirog_payments_total', labels) - valueOf(before, 'nirog_payments_total', labels);
    expect(moved({ provider: 'bkash', result: 'completed', reason: '' })).toBe(1);
    expect(after.filter((x) => x.name === 'nirog_payments_total' && x.labels.result === 'failed').reduce((n, x) => n + x.value, 0)
      - before.filter((x) => x.name === 'nirog_payments_total' && x.labels.result === 'failed').reduce((n, x) => n + x.value, 0)).toBe(1);
  });

  it('counts a refund by provider and result when an admin cancels a paid order, and none due by hand', async () => {
    const patient = await asPatient(t);
    const m = await newMedicine(t, 5);
    const placed = await placeOrder(patient, [{ medicineId: m.id, quantity: 1 }], 'Nagad');
    expect(placed.status).toBe(200);
    await payInSandbox(t, placed.body.url, 'approve');
    const before = await scrape();
    const admin = await asAdmin(t);
    const cancelled = await admin.gql('mutation($id: ID!) { updateOrderStatus(id: $id, status: Cancelled) { status } }', { id: placed.body.order._id });
    expect(cancelled.errors).toBeUndefined();
    // Since issue 20 the money goes back by itself: the refund is sent after the cancel commits.
    const completed = { provider: 'nagad', result: 'completed' };
    let after = await scrape();
    for (let i = 0; i < 100 && valueOf(after, 'nirog_payment_refunds_total', completed) === valueOf(before, 'nirog_payment_refunds_total', completed); i += 1) {
      await new Promise((r) => setTimeout(r, 100));
      after = await scrape();
    }
    expect(valueOf(after, 'nirog_payment_refunds_total', completed) - valueOf(before, 'nirog_payment_refunds_total', completed)).toBe(1);
    const due = { provider: 'nagad', reason: 'PAID_ORDER_CANCELLED' };
    expect(valueOf(after, 'nirog_payment_refunds_due_total', due) - valueOf(before, 'nirog_payment_refunds_due_total', due)).toBe(0);
  });
});

describe('the pool figures', () => {
  afterAll(() => setScrapeSources({}));

  it('are read before the scrape\'s other queries ask the pool for a connection', async () => {
    // A pool that counts as waiting every query that asked for a connection and has not got one yet,
    // as pg's does for a tick even when connections are idle.
    let asking = 0;
    const waiting: number[] = [];
    setScrapeSources({
      pool: async () => {
        await Promise.resolve();
        waiting.push(asking);
        return { inUse: 0, idle: 2, waiting: asking, max: 10 };
      },
      outbox: async () => {
        asking += 2;
        await new Promise((r) => setTimeout(r, 5));
        asking -= 2;
        return [];
      },
    });
    await readSources();
    expect(waiting).toEqual([0]);
  });
});

describe('GET /metrics without METRICS_TOKEN', () => {
  it('is off in production, and open to this machine only in development', async () => {
    setScrapeSources({});
    const prod = express().get('/metrics', metricsEndpoint({ production: true }));
    expect((await request(prod).get('/metrics')).status).toBe(404);
    const dev = express().get('/metrics', metricsEndpoint({ production: false }));
    // supertest calls from 127.0.0.1: this machine.
    expect((await request(dev).get('/metrics')).status).toBe(200);
  });

  it('takes only a token of 16 characters or more', () => {
    expect(() => loadConfig({ METRICS_TOKEN: 'too-short' })).toThrow(ConfigError);
    expect(loadConfig({ METRICS_TOKEN: 'sixteen-chars-ok' }).metrics.token).toBe('sixteen-chars-ok');
  });
});

describe('tracing without OTEL_EXPORTER_OTLP_ENDPOINT', () => {
  it('is off: the app above started none', () => {
    expect(loadConfig({}).tracing.endpoint).toBeUndefined();
    expect(tracing()).toBeNull();
  });

  it('reads the collector headers as OpenTelemetry writes them', () => {
    expect(loadConfig({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://127.0.0.1:4318', OTEL_EXPORTER_OTLP_HEADERS: 'api-key=a%3Db, tenant=nirog' }).tracing)
      .toMatchObject({ endpoint: 'http://127.0.0.1:4318', serviceName: 'nirog-api', headers: { 'api-key': 'a=b', tenant: 'nirog' } });
    expect(loadConfig({ OTEL_SERVICE_INSTANCE_ID: 'api-2' }).tracing.instanceId).toBe('api-2');
    expect(loadConfig({}).tracing.instanceId).toMatch(/^.+:\d+$/);
    expect(() => loadConfig({ OTEL_EXPORTER_OTLP_HEADERS: 'no-equals-sign' })).toThrow(ConfigError);
  });
});
