#!/usr/bin/env node
// npm run backup [-- file]: a consistent snapshot of the DATABASE_URL database (pg_dump custom format,
// compressed, taken in one transaction while the app keeps running). Default file: backups/nirog-<time>.dump
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { databaseUrl, pgTool } from './pg-tools.mjs';

const file = process.argv[2] ?? path.join('backups', `nirog-${new Date().toISOString().replace(/[:.]/g, '-')}.dump`);
mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
const r = spawnSync(pgTool('pg_dump'), ['--format=custom', '--no-owner', '--no-privileges', `--file=${file}`, `--dbname=${databaseUrl()}`], { stdio: 'inherit' });
if (r.status !== 0) process.exit(r.status ?? 1);
console.log(`backup written to ${file}`);
