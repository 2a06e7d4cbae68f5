/**
 * Fills a database to production scale for the benchmarks: 100,000 doctors, 50,000 nurses,
 * 20,000 medicines and 1,000,000 orders by default (plus appointments, reviews, hires and the admin
 * inboxes), on top of the demo data. Set-based SQL, so it takes a minute or two, not hours.
 *   DATABASE_URL=postgres://… node backend/dist/cli/seed-scale.js [--doctors N] [--nurses N] [--medicines N] [--orders N] …
 * Refuses a database that already has the bulk rows (run it once per database).
 */
import 'reflect-metadata';
import { loadConfig } from '../config.js';
import { createLogger } from '../common/logger.js';
import { initOrm, migrate } from '../db.js';
import { seedDemoData } from '../seeders/DatabaseSeeder.js';
import { generatedImagesFor } from '../common/generated-images.js';
import { seedVolume, type VolumeCounts } from '../seeders/volume.js';

export const SCALE: Required<Omit<VolumeCounts, 'patients' | 'demoShare'>> = {
  doctors: 100_000, nurses: 50_000, medicines: 20_000, orders: 1_000_000,
  appointments: 200_000, reviews: 200_000, hires: 50_000, bloodRequests: 20_000,
};

const counts: VolumeCounts = { ...SCALE };
for (const key of Object.keys(SCALE) as (keyof typeof SCALE)[]) {
  const at = process.argv.indexOf(`--${key.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}`);
  if (at > 0) counts[key] = Number(process.argv[at + 1]);
}

const config = loadConfig();
if (!config.db.url) console.warn('No DATABASE_URL: filling embedded PGlite, which is slow at this size; the benchmarks use PostgreSQL.');
const log = createLogger(config.logLevel);
const orm = await initOrm(config, log);
await migrate(orm);
await seedDemoData(orm, generatedImagesFor(config));
const [{ n }] = await orm.em.getConnection().execute(`select count(*)::int as n from doctors where bmdc_no like 'V%'`);
if (n > 0) {
  console.log(`Already filled (${n} bulk doctors); nothing to do.`);
} else {
  const started = Date.now();
  console.log(`Filling: ${JSON.stringify(counts)}`);
  await seedVolume(orm, counts, (msg) => console.log(`  ${msg}`));
  console.log(`Done in ${((Date.now() - started) / 1000).toFixed(0)} s`);
}
await orm.close();
