/**
 * Loads the demo data into the DATABASE_URL database (or the PGlite folder), as `npm start` does at
 * every start unless SEED_DEMO_DATA=false: `npm run seed -w backend`. Idempotent. Refused where the
 * configuration refuses demo data (production, unless ALLOW_DEMO_LOGINS declares a public demo).
 */
import 'reflect-metadata';
import { loadConfigOrExit } from '../config.js';
import { createLogger } from '../common/logger.js';
import { initOrm, migrate } from '../db.js';
import { withStartupLock } from '../common/coordination.js';
import { seedDemoData } from '../seeders/DatabaseSeeder.js';
import { GeneratedImages } from '../common/generated-images.js';
import { createFileStorage } from '../common/storage.js';

const config = loadConfigOrExit({ ...process.env, SEED_DEMO_DATA: process.env.SEED_DEMO_DATA ?? 'true' });
if (!config.seedDemoData) {
  console.error('Demo data is off here (SEED_DEMO_DATA=false); nothing was loaded.');
  process.exit(1);
}
const orm = await initOrm(config, createLogger(config.logLevel));
await withStartupLock(config, orm, async () => {
  await migrate(orm);
  await seedDemoData(orm, new GeneratedImages(createFileStorage(config)));
});
await orm.close();
console.log('demo data in place');
