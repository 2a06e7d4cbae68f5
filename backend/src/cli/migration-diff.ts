/**
 * Prints the SQL that the entities need beyond the committed migrations (`npm run migration:diff -w
 * backend`, after `npm run build -w backend`). With `--write Name` it writes that SQL as a new
 * migration in src/migrations and lists it in index.ts; build again to apply it. A test fails while
 * the entities and the migrations disagree.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { REPO_ROOT, loadConfig } from '../config.js';
import { initOrm, migrate } from '../db.js';

const config = loadConfig({ ...process.env, DATABASE_URL: '', PGLITE_DATA_DIR: 'memory://' });
const orm = await initOrm(config);
await migrate(orm);
const sql = (await orm.schema.getUpdateSchemaSQL({ wrap: false, safe: false })).trim();
await orm.close(true);

const writeAt = process.argv.indexOf('--write');
if (writeAt < 0) {
  process.stdout.write(sql ? `${sql}\n` : '-- the migrations match the entities\n');
} else if (!sql) {
  console.log('Nothing to write: the migrations match the entities.');
} else {
  const label = (process.argv[writeAt + 1] ?? 'Change').replace(/[^A-Za-z0-9]/g, '');
  const stamp = new Date().toISOString().replace(/\D/g, '').slice(0, 14);
  const name = `Migration${stamp}${label}`;
  const statements = sql.split(/;\s*\n/).map((s) => s.trim().replace(/;$/, '')).filter(Boolean);
  const dir = path.join(REPO_ROOT, 'backend', 'src', 'migrations');
  writeFileSync(path.join(dir, `${name}.ts`), `import { Migration } from '@mikro-orm/migrations';

export class ${name} extends Migration {
  override async up(): Promise<void> {
${statements.map((s) => `    this.addSql(${JSON.stringify(s)});`).join('\n')}
  }
}
`);
  const indexFile = path.join(dir, 'index.ts');
  let index = readFileSync(indexFile, 'utf8');
  index = `import { ${name} } from './${name}.js';\n${index}`;
  index = index.replace(/\n\];/, `\n  { name: '${name}', class: ${name} },\n];`);
  writeFileSync(indexFile, index);
  console.log(`Wrote src/migrations/${name}.ts with ${statements.length} statements.`);
}
