#!/usr/bin/env node
// npm run restore -- file: loads a dump made by `npm run backup` into the DATABASE_URL database.
// Meant for an empty database (create it first); with RESTORE_CLEAN=true existing Nirog tables are
// dropped and replaced. Stop the API while restoring over a live database.
import { existsSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { databaseUrl, pgTool } from './pg-tools.mjs';

const file = process.argv[2];
if (!file || !existsSync(file)) {
  console.error('usage: npm run restore -- <file made by npm run backup>');
  process.exit(2);
}
const clean = /^(1|true|yes)$/i.test(process.env.RESTORE_CLEAN ?? '') ? ['--clean', '--if-exists'] : [];
const r = spawnSync(pgTool('pg_restore'), ['--no-owner', '--no-privileges', '--exit-on-error', '--single-transaction', ...clean, `--dbname=${databaseUrl()}`, file], { stdio: 'inherit' });
if (r.status !== 0) process.exit(r.status ?? 1);
console.log(`restored ${file}`);
