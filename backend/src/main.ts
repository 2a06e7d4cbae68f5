import 'reflect-metadata';
import { ConfigError, loadConfig } from './config.js';
import { createLogger } from './common/logger.js';
import { initOrm, migrate } from './db.js';
import { createApp, createHttpServer } from './app.js';
import { seedDemoData } from './seeders/DatabaseSeeder.js';
import { GeneratedImages } from './common/generated-images.js';
import { createFileStorage } from './common/storage.js';
import { DEMO_LOGINS, DEMO_PASSWORD, openDemoLogins } from './seeders/demo-accounts.js';
import { DEMO_KEY } from './modules/integrators/index.js';

/** How long a stopping process waits for requests under way before it closes their connections. */
const SHUTDOWN_GRACE_MS = 25_000;

/** Start: config → ORM → migrations → demo data → HTTP (GraphQL, REST, the frontend) on one port. */
async function main() {
  let config;
  try {
    config = loadConfig();
  } catch (e) {
    if (e instanceof ConfigError) {
      console.error(`Configuration error: ${e.message}`);
      process.exit(2);
    }
    throw e;
  }
  const log = createLogger(config.logLevel);
  const orm = await initOrm(config, log);
  const applied = await migrate(orm);
  if (applied.length) log.info({ applied }, 'migrations applied');
  if (config.seedDemoData) {
    await seedDemoData(orm, new GeneratedImages(createFileStorage(config)));
    log.info('demo data in place');
  }
  if (!config.allowDemoLogins) {
    const open = await openDemoLogins(orm.em.fork() as never);
    if (open.length) {
      console.error(`Refusing to start in production: demo accounts still open with the published demo password (${open.join(', ')}). `
        + 'Use a database without the demo data, or change or delete these accounts first (ALLOW_DEMO_LOGINS=true only for a public demo).');
      await orm.close();
      process.exit(2);
    }
  }
  const { app, services, worker } = await createApp(config, orm, log);
  // Payments stuck in 'initiated' (the browser never came back) are settled in the background; safe
  // with several replicas, since each result is recorded once by a conditional update.
  const everyMs = config.payments.reconcileEveryMinutes * 60_000;
  const reconciler = everyMs > 0
    ? setInterval(() => {
      services.payments.reconcile(orm.em.fork() as never, { olderThanMinutes: config.payments.reconcileEveryMinutes })
        .then((summary) => summary.checked && log.info({ summary }, 'payments reconciled'))
        .catch((err) => log.error({ err }, 'payment reconciliation failed'));
    }, everyMs)
    : undefined;
  reconciler?.unref();
  const server = createHttpServer(app, config).listen(config.port, config.host, () => {
    const db = config.db.url ? 'PostgreSQL (DATABASE_URL)' : `embedded PGlite in ${config.db.pgliteDataDir}`;
    const lines = [
      '',
      `  Nirog is running at ${config.publicUrl}`,
      `  GraphQL: ${config.publicUrl}/graphql   REST: ${config.publicUrl}/api   Health: ${config.publicUrl}/healthz`,
      `  Database: ${db}`,
      config.mail.smtpUrl
        ? `  Mail: sent through ${new URL(config.mail.smtpUrl).host}`
        : `  Mail: no SMTP_URL, so mail stays in the outbox: ${config.publicUrl}/admin/outbox (admins)${config.mail.devInbox ? ', and each user sees their own on the Confirm Email screen' : ''}`,
      config.metrics.token
        ? `  Metrics: ${config.publicUrl}/metrics (Prometheus; Authorization: Bearer $METRICS_TOKEN)`
        : config.isProduction
          ? '  Metrics: off (set METRICS_TOKEN to open /metrics to a Prometheus holding it)'
          : `  Metrics: ${config.publicUrl}/metrics from this machine only (no METRICS_TOKEN)`,
      `  Tracing: ${config.tracing.endpoint ? `OpenTelemetry to ${config.tracing.endpoint}` : 'off (set OTEL_EXPORTER_OTLP_ENDPOINT)'}`,
    ];
    if (config.seedDemoData) {
      lines.push(`  Demo logins (password for all: ${DEMO_PASSWORD}):`);
      for (const l of DEMO_LOGINS) lines.push(`    ${l.role.padEnd(8)} ${l.email.padEnd(24)} at ${config.publicUrl}${l.screen}`);
      if (!config.isProduction) lines.push(`  Demo integrator key (pharmacy partner, development only): ${DEMO_KEY.key}`);
    }
    console.log(lines.join('\n') + '\n');
  });
  const stop = async (signal: string) => {
    log.info({ signal }, 'shutting down');
    server.close();
    await worker.stop();
    await orm.close();
    process.exit(0);
  };
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
