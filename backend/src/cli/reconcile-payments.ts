/**
 * Settles payments stuck in 'initiated' (the browser never came back, execute timed out, ...):
 * asks each provider, records what it says, cancels what it has given up on. Run it from cron,
 * e.g. every 5 minutes: `node backend/dist/cli/reconcile-payments.js [--older-than-minutes 5]`.
 */
import 'reflect-metadata';
import { loadConfig } from '../config.js';
import { createLogger } from '../common/logger.js';
import { initOrm, migrate } from '../db.js';
import { createServices } from '../services.js';

const config = loadConfig();
const log = createLogger(config.logLevel);
const orm = await initOrm(config, log);
await migrate(orm);
const services = createServices(config, log);
services.payments.sandbox.attach(orm);
const at = process.argv.indexOf('--older-than-minutes');
const olderThanMinutes = at > 0 ? Number(process.argv[at + 1]) : 5;
const summary = await services.payments.reconcile(orm.em.fork(), { olderThanMinutes });
console.log(JSON.stringify(summary));
await orm.close();
