/**
 * Imports a catalogue file (CSV or XLSX) from the command line, for files larger than a browser
 * upload or for scripts: the same check and import as Admin → Catalogue.
 *
 *   npm run catalogue:import -- medicines docs/catalogue/medicines-sample.csv [--dry-run]
 *   npm run catalogue:import -- specialities docs/catalogue/specialities-sample.csv
 *
 * Every problem is printed with its line; a file with problems is not imported. A file imported
 * again updates what it named before, never adds it twice. The import is on record in the audit
 * log (actor: none, the command line). Exit codes: 0 done (or checked without problems), 1 problems
 * or refused, 2 a bad configuration or usage.
 */
import 'reflect-metadata';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { loadConfigOrExit } from '../config.js';
import { createLogger } from '../common/logger.js';
import { initOrm, migrate } from '../db.js';
import { withStartupLock } from '../common/coordination.js';
import { toAppError } from '../common/errors.js';
import { createServices } from '../services.js';
import { CatalogueImportStatus, CatalogueKind } from '../modules/catalogue/index.js';

async function main(): Promise<number> {
  const args = process.argv.slice(2);
  const dryRun = args.includes('--dry-run');
  const [kind, file] = args.filter((a) => !a.startsWith('--'));
  if (!Object.values(CatalogueKind).includes(kind as CatalogueKind) || !file) {
    console.error('Usage: npm run catalogue:import -- <medicines|specialities> <file.csv|file.xlsx> [--dry-run]');
    return 2;
  }
  const config = loadConfigOrExit();
  // Paths are the caller's (npm runs this script in backend/).
  const data = readFileSync(path.resolve(process.env.INIT_CWD ?? process.cwd(), file));
  const log = createLogger(config.logLevel === 'info' ? 'warn' : config.logLevel);
  const orm = await initOrm(config, log);
  try {
    await withStartupLock(config, orm, () => migrate(orm));
    const services = createServices(config, log);
    const started = Date.now();
    const checked = await services.catalogue.check(orm.em.fork(), null, kind as CatalogueKind, path.basename(file), data);
    console.log(`${checked.totalRows} rows read: ${checked.newRows} new, ${checked.existingRows} already in the catalogue, ${checked.problemCount} problems`);
    if (checked.ignoredColumns.length) console.log(`Columns not read: ${checked.ignoredColumns.join(', ')}`);
    for (const p of checked.problems) console.log(`  line ${p.line}${p.column ? `, ${p.column}` : ''}: ${p.code}${p.value ? ` (${p.value})` : ''}`);
    if (checked.problemCount > checked.problems.length) console.log(`  … and ${checked.problemCount - checked.problems.length} more`);
    if (checked.problemCount) return 1;
    if (dryRun) return 0;
    const { done } = await services.catalogue.start(orm.em.fork(), checked.id);
    const result = await done;
    if (result.status !== CatalogueImportStatus.Done) {
      console.error(`The import failed and wrote nothing: ${result.error}`);
      return 1;
    }
    console.log(`Imported in ${((Date.now() - started) / 1000).toFixed(1)} s: ${result.createdRows} added, ${result.updatedRows} updated, ${result.unchangedRows} unchanged (import ${result.id})`);
    return 0;
  } catch (err) {
    const appError = toAppError(err);
    if (!appError) throw err;
    console.error(`Refused: ${appError.message}`);
    return 1;
  } finally {
    await orm.close();
  }
}

process.exit(await main());
