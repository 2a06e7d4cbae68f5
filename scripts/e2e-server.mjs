// The server the browser journeys talk to: a fresh database each run (PGlite in memory, or a new
// PostgreSQL database on the server of DATABASE_URL), demo data seeded, uploads and medical files in temp folders.
import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const env = {
  ...process.env,
  UPLOAD_DIR: mkdtempSync(path.join(tmpdir(), 'nirog-e2e-uploads-')),
  PRIVATE_UPLOAD_DIR: mkdtempSync(path.join(tmpdir(), 'nirog-e2e-medical-files-')),
};

if (process.env.DATABASE_URL) {
  const { default: pg } = await import(path.join(root, 'node_modules/pg/lib/index.js'));
  const name = `nirog_e2e_${Date.now()}`;
  const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(process.env.DATABASE_URL);
  url.pathname = `/${name}`;
  env.DATABASE_URL = url.toString();
} else {
  env.PGLITE_DATA_DIR = 'memory://';
}

const child = spawn(process.execPath, [path.join(root, 'backend/dist/main.js')], { env, stdio: 'inherit' });
const stop = () => child.kill('SIGTERM');
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
child.on('exit', (code) => process.exit(code ?? 0));
