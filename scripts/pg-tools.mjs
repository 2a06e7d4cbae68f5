// Where pg_dump / pg_restore live: PG_BIN, then PATH, then the newest /usr/lib/postgresql/*/bin.
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { spawnSync } from 'node:child_process';

export function pgTool(name) {
  if (process.env.PG_BIN && existsSync(path.join(process.env.PG_BIN, name))) return path.join(process.env.PG_BIN, name);
  const base = '/usr/lib/postgresql';
  if (existsSync(base)) {
    const versions = readdirSync(base).filter((v) => existsSync(path.join(base, v, 'bin', name))).sort((a, b) => Number(b) - Number(a));
    if (versions.length) return path.join(base, versions[0], 'bin', name);
  }
  if (spawnSync('sh', ['-c', `command -v ${name}`]).status === 0) return name;
  throw new Error(`${name} not found: install the PostgreSQL client (apt-get install -y postgresql-client) or set PG_BIN`);
}

export function databaseUrl() {
  const url = process.env.DATABASE_URL;
  if (!url) throw new Error('DATABASE_URL is not set (backup and restore work on a PostgreSQL server; PGlite data is a folder: copy data/pglite while the app is stopped)');
  return url;
}
