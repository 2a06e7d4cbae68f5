import { describe, expect, it } from '@jest/globals';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { loadConfig } from '../src/config.js';

/**
 * docs/environment.md's table against config.ts, the one place that reads the environment: every
 * variable config.ts reads has its row, every row names a variable it reads, and a whole-number
 * default written in config.ts appears in the row's default column. The variables are found two
 * ways: the names written in config.ts (`int(env, 'PORT', …)`, including those read only in
 * production or with S3, SMS or tracing configured), and the names loadConfig actually asks for.
 */
const root = (p: string) => fileURLToPath(new URL(`../../${p}`, import.meta.url));
const source = readFileSync(root('backend/src/config.ts'), 'utf8');
const doc = readFileSync(root('docs/environment.md'), 'utf8');
/** The first admin's command reads its own few variables (the server never does); its rows say so. */
const adminCommand = readFileSync(root('backend/src/cli/create-admin.ts'), 'utf8');

/**
 * The table's rows: variable → its default. A row may name several variables (`S3_BUCKET`, `S3_ENDPOINT`…);
 * its default column then lists one default per variable, comma-separated, or one for them all.
 */
const rows = new Map<string, string>();
for (const m of doc.matchAll(/^\| ((?:`[A-Z][A-Z0-9_]+`(?:, )?)+) \| ([^|]*) \|/gm)) {
  const names = [...m[1]!.matchAll(/`([A-Z][A-Z0-9_]+)`/g)].map((n) => n[1]!);
  const defaults = m[2]!.trim().split(', ');
  names.forEach((name, i) => rows.set(name, (defaults.length === names.length ? defaults[i]! : m[2]!).trim()));
}

/** The variables config.ts names when it reads one: a reader's second argument, or env.NAME / env['NAME']. */
const written = new Set([
  ...[...source.matchAll(/\(env, '([A-Z][A-Z0-9_]+)'/g)].map((m) => m[1]!),
  ...[...source.matchAll(/\benv(?:\.|\[')([A-Z][A-Z0-9_]+)/g)].map((m) => m[1]!),
]);

/** The variables loadConfig asks for with nothing set (what a plain start reads). */
function readByLoadConfig(env: Record<string, string>): Set<string> {
  const asked = new Set<string>();
  const spy = new Proxy(env, { get: (target, name) => { if (typeof name === 'string') asked.add(name); return target[name as string]; } });
  loadConfig(spy as NodeJS.ProcessEnv);
  return asked;
}

describe('docs/environment.md and config.ts', () => {
  it('finds the readers in config.ts (the scan itself works)', () => {
    expect(written.size).toBeGreaterThan(60);
    expect(written).toContain('PORT');
    expect(written).toContain('SMS_SENDER');
    expect(rows.size).toBeGreaterThan(60);
  });

  it('has a row for every variable config.ts reads, and reads every variable it has a row for', () => {
    const command = [...adminCommand.matchAll(/option\('\w+', '([A-Z][A-Z0-9_]+)'\)|process\.env\.([A-Z][A-Z0-9_]+)/g)].map((m) => (m[1] ?? m[2])!);
    expect(command).toContain('ADMIN_PASSWORD');
    const read = new Set([...written, ...readByLoadConfig({ NODE_ENV: 'test' }), ...command]);
    expect([...read].filter((name) => !rows.has(name)).sort()).toEqual([]);
    expect([...rows.keys()].filter((name) => !read.has(name)).sort()).toEqual([]);
  });

  it('gives each whole-number default as config.ts has it', () => {
    const defaults = [...source.matchAll(/\bint\(env, '([A-Z][A-Z0-9_]+)', ([0-9_]+)[,)]/g)].map((m) => [m[1]!, m[2]!.replace(/_/g, '')] as const);
    expect(defaults.length).toBeGreaterThan(20);
    // TRUST_PROXY's number is a hop count given in place of its default (loopback), not a default.
    const differ = defaults.filter(([name, value]) => name !== 'TRUST_PROXY' && rows.has(name) && !rows.get(name)!.replace(/[_ ,]/g, '').includes(value))
      .map(([name, value]) => `${name}: config.ts ${value}, docs "${rows.get(name)}"`);
    expect(differ).toEqual([]);
  });
});
