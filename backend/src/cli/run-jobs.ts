/**
 * Runs the money jobs once (jobs.ts): refunds due or lost, consultations never started, approved
 * orders never paid. The server runs them every JOBS_EVERY_SECONDS itself; this is for cron or by hand:
 * `node backend/dist/cli/run-jobs.js`.
 */
import 'reflect-metadata';
import { loadConfig } from '../config.js';
import { createLogger } from '../common/logger.js';
import { initOrm, migrate } from '../db.js';
import { createServices } from '../services.js';
import { runJobs } from '../jobs.js';

const config = loadConfig();
const log = createLogger(config.logLevel);
const orm = await initOrm(config, log);
await migrate(orm);
const services = createServices(config, log);
services.payments.sandbox.attach(orm);
console.log(JSON.stringify(await runJobs(orm, services)));
await orm.close();
