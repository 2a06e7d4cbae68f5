import 'reflect-metadata';
import type { Config } from './config.js';
import { createLogger } from './common/logger.js';
import { initOrm, migrate } from './db.js';
import { withStartupLock } from './common/coordination.js';
import { createApp, createHttpServer } from './app.js';
import { tracing } from './common/tracing.js';
import { seedDemoData } from './seeders/DatabaseSeeder.js';
import { generatedImagesFor } from './common/generated-images.js';
import { createFileStorage, createPrivateStorage } from './common/storage.js';
import { moveQueuedFiles } from './modules/medical-files/index.js';
import { DEMO_LOGINS, DEMO_PASSWORD, openDemoLogins } from './seeders/demo-accounts.js';
import { DEMO_KEY } from './modules/integrators/index.js';
import { runJobs } from './jobs.js';
import { User } from './modules/accounts/index.js';
import { Role } from './common/roles.js';
import { runBackgroundJob } from './common/background.js';
import { DEMO_WEBHOOK_SECRET } from './modules/webhooks/index.js';
import { DEMO_WEBHOOK_URL } from './seeders/WebhookSeeder.js';

/** How long a stopping process waits for requests under way before it closes their connections. */
const SHUTDOWN_GRACE_MS = 25_000;

/** Start, with a configuration main.ts has checked: ORM → migrations → demo data → HTTP (GraphQL, REST, the frontend) on one port. */
export async function startServer(config: Config) {
  const log = createLogger(config.logLevel);
  const orm = await initOrm(config, log);
  // Replicas started at the same instant: one migrates and seeds, the others wait and find it done.
  await withStartupLock(config, orm, async () => {
    const applied = await migrate(orm);
    if (applied.length) log.info({ applied }, 'migrations applied');
    // Files a migration took out of public reach (prescription photos): moved into the private store
    // once; a storage that is down leaves them queued for the next start (docs/operations.md).
    try {
      const moved = await moveQueuedFiles(orm.em.fork(), createFileStorage(config), createPrivateStorage(config), log);
      if (moved.moved || moved.missing) log.info(moved, 'medical files moved into the private store');
    } catch (err) {
      log.error({ err }, 'medical files could not all be moved into the private store; the next start tries again');
    }
    if (config.seedDemoData) {
      await seedDemoData(orm, generatedImagesFor(config));
      log.info('demo data in place');
    }
  });
  if (!config.allowDemoLogins) {
    const open = await openDemoLogins(orm.em.fork());
    if (open.length) {
      console.error(`Refusing to start in production: demo accounts still open with the published demo password (${open.join(', ')}). `
        + 'Use a database without the demo data, or change or delete these accounts first (ALLOW_DEMO_LOGINS=true only for a public demo).');
      await orm.close();
      process.exit(2);
    }
  }
  // A production database starts with no admin, and only an admin can make another: the banner says how.
  const noAdmin = (await orm.em.fork().count(User, { role: Role.Admin, deletedAt: null })) === 0;
  const { app, services, worker, coordinator, draining, live } = await createApp(config, orm, log);
  // Cache invalidation from the other replicas, and the lock that makes one of them do periodic jobs.
  await coordinator.start();
  // After the coordinator: the worker's first pass runs the retention purge, in the replica holding the jobs lock.
  if (config.mail.workerEnabled) worker.start();
  const asLeader = <T>(fn: () => Promise<T>) => coordinator.asLeader(fn);
  // Payments stuck in 'initiated' (the browser never came back) are settled in the background, by one
  // replica (the provider is asked once per payment and run); each result is recorded once anyway.
  const everyMs = config.payments.reconcileEveryMinutes * 60_000;
  const reconciler = everyMs > 0
    ? setInterval(() => {
      runBackgroundJob('reconcile-payments', () => services.payments.reconcile(orm.em.fork(), { olderThanMinutes: config.payments.reconcileEveryMinutes }), asLeader)
        .then((summary) => summary?.checked && log.info({ summary }, 'payments reconciled'))
        .catch((err) => log.error({ err }, 'payment reconciliation failed'));
    }, everyMs)
    : undefined;
  reconciler?.unref();
  // Refunds, consultations never started, approved orders never paid (jobs.ts): one replica a run.
  const jobsMs = config.payments.jobsEverySeconds * 1000;
  const jobs = jobsMs > 0
    ? setInterval(() => {
      runBackgroundJob('money-jobs', () => runJobs(orm, services), asLeader)
        .then((done) => done && (done.noShows || done.staleOrders || done.refunds.checked || done.refunds.sent) && log.info({ done }, 'jobs ran'))
        .catch((err) => log.error({ err }, 'jobs failed'));
    }, jobsMs)
    : undefined;
  jobs?.unref();
  const server = createHttpServer(app, config);
  // Subscriptions (live updates) share the port: WebSocket upgrades of /graphql.
  live.attach(server);
  server.listen(config.port, config.host, () => {
    const db = config.db.url ? 'PostgreSQL (DATABASE_URL)' : `embedded PGlite in ${config.db.pgliteDataDir}`;
    const lines = [
      '',
      `  Nirog is running at ${config.publicUrl}`,
      `  GraphQL: ${config.publicUrl}/graphql (subscriptions: ${config.publicUrl.replace(/^http/, 'ws')}/graphql)   REST: ${config.publicUrl}/api   Health: ${config.publicUrl}/healthz`,
      `  Database: ${db}`,
      config.mail.smtpUrl
        ? `  Mail: sent through ${new URL(config.mail.smtpUrl).host}`
        : `  Mail: no SMTP_URL, so mail stays in the outbox: ${config.publicUrl}/admin/outbox (admins)${config.mail.devInbox ? ', and each user sees their own on the Confirm Email screen' : ''}`,
      config.metrics.token
        ? `  Metrics: ${config.publicUrl}/metrics (Prometheus; Authorization: Bearer $METRICS_TOKEN)`
        : config.isProduction
          ? '  Metrics: off (set METRICS_TOKEN to open /metrics to a Prometheus holding it)'
          : `  Metrics: ${config.publicUrl}/metrics from this machine only (no METRICS_TOKEN)`,
      `  Integrators: the guide and the API explorer at ${config.publicUrl}/developers; apps at ${config.publicUrl}/admin/integrators (admins)`,
      `  Tracing: ${config.tracing.endpoint ? `OpenTelemetry to ${config.tracing.endpoint}` : 'off (set OTEL_EXPORTER_OTLP_ENDPOINT)'}`,
    ];
    if (noAdmin) {
      lines.push('  No admin yet: make the first one with npm run admin:create -- --email <email> --name "<name>" (docs/operations.md)');
    }
    if (config.seedDemoData) {
      lines.push(`  Demo logins (password for all: ${DEMO_PASSWORD}):`);
      for (const l of DEMO_LOGINS) lines.push(`    ${l.role.padEnd(10)} ${l.email.padEnd(24)} at ${config.publicUrl}${l.screen}`);
      if (!config.isProduction) {
        lines.push(`  Demo integrator key (pharmacy partner, development only): ${DEMO_KEY.key}`);
        lines.push(`  Its order webhooks go to ${DEMO_WEBHOOK_URL} (examples/integrator), signed with ${DEMO_WEBHOOK_SECRET}`);
      }
    }
    console.log(lines.join('\n') + '\n');
  });
  // Graceful stop (a rolling deploy, docker stop): /healthz says 503 and no new connection is taken;
  // live sockets are closed with "service restart" (their clients reconnect to another replica);
  // requests under way get their answers (idle keep-alive connections close at once, the rest after
  // their response, all of them after SHUTDOWN_GRACE_MS); the outbox finishes the row it is sending;
  // then the database connections close and the process exits 0.
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info({ signal }, 'shutting down');
    draining.value = true;
    if (reconciler) clearInterval(reconciler);
    if (jobs) clearInterval(jobs);
    const closed = new Promise<void>((resolve) => server.close(() => resolve()));
    await live.close();
    server.closeIdleConnections();
    const grace = setTimeout(() => server.closeAllConnections(), SHUTDOWN_GRACE_MS);
    await closed;
    clearTimeout(grace);
    await worker.stop();
    await coordinator.stop();
    await services.limiter.shared.stop();
    // Cost points the answers reported as given back reach the apps' buckets before the pool closes.
    await services.integrators.refunds.close();
    await orm.close();
    // The last spans (this shutdown's requests) go to the collector before the exit.
    await tracing()?.flush().catch(() => undefined);
    log.info('stopped');
    process.exit(0);
  };
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));
}
