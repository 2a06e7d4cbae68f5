#!/usr/bin/env node
// `npm run bench`: Nirog's speed, measured (issue #9). Needs a built app (`npm run build`) and a
// PostgreSQL server (BENCH_DATABASE_URL, default the local one on port 55432). For each database
// size (BENCH_SIZES=demo,scale; `scale` is filled by `npm run seed:scale` on first use):
//   - API: autocannon against Nirog and against the raw baseline (bench/baseline.mjs: node:http + pg,
//     same SQL), servers pinned to cpu0 and the load generator to cpu1 (taskset), warm-up, 3 rounds;
//   - SQL statements per request of every list at page sizes 5 and 50 (bench/sql-counts.mjs);
//   - frontend: first-load JS/CSS (gzip) of /, /doctors, /medicine and Lighthouse desktop + mobile.
// Prints one table and writes it to bench/results/<date>.md. Timings never run in CI.
// Knobs: BENCH_DURATION (s per round, 10), BENCH_ROUNDS (3), BENCH_CONNECTIONS (10),
// BENCH_LIGHTHOUSE=0 to skip Lighthouse, BENCH_LIGHTHOUSE_RUNS (3), BENCH_API=0 to run Lighthouse alone, BENCH_SIZES.
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import pg from 'pg';
import { measure as measureBundles } from '../scripts/bundle-budget.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const env = process.env;
const DURATION = Number(env.BENCH_DURATION ?? 10);
const ROUNDS = Number(env.BENCH_ROUNDS ?? 3);
const CONNECTIONS = Number(env.BENCH_CONNECTIONS ?? 10);
const LIGHTHOUSE_RUNS = Number(env.BENCH_LIGHTHOUSE_RUNS ?? 3);
const SIZES = (env.BENCH_SIZES ?? 'demo,scale').split(',').filter(Boolean);
const BASE_URL = env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:55432/postgres';
const APP_PORT = Number(env.BENCH_APP_PORT ?? 4290); // not 4190: fetch refuses it (a "bad port")
const BASELINE_PORT = APP_PORT + 1;
const cores = os.cpus().length;
const pin = (cpu, cmd, args) => (cores > 1 && spawnSync('taskset', ['-V']).status === 0 ? ['taskset', ['-c', String(cpu), cmd, ...args]] : [cmd, args]);

// The load generator runs in this process: pin it to cpu1 (the servers get cpu0).
if (cores > 1 && spawnSync('taskset', ['-V']).status === 0) spawnSync('taskset', ['-pc', '1', String(process.pid)], { stdio: 'ignore' });

const dbUrl = (name) => Object.assign(new URL(BASE_URL), { pathname: `/${name}` }).toString();

async function ensureDatabase(name) {
  const admin = new pg.Client({ connectionString: BASE_URL });
  await admin.connect();
  const { rowCount } = await admin.query('select 1 from pg_database where datname = $1', [name]);
  if (!rowCount) await admin.query(`create database ${name}`);
  await admin.end();
}

function start(name, cpu, cmd, args, extraEnv, readyUrl) {
  const [c, a] = pin(cpu, cmd, args);
  const child = spawn(c, a, { cwd: root, env: { ...env, ...extraEnv }, stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr.on('data', (d) => { stderr += d; });
  return new Promise((resolve, reject) => {
    const deadline = Date.now() + 180_000;
    const poll = async () => {
      if (child.exitCode !== null) return reject(new Error(`${name} exited: ${stderr.slice(-2000)}`));
      try {
        const res = await fetch(readyUrl, { signal: AbortSignal.timeout(2000) });
        if (res.status < 500) return resolve(child);
      } catch { /* not up yet */ }
      if (Date.now() > deadline) return reject(new Error(`${name} did not start`));
      setTimeout(poll, 300);
    };
    poll();
  });
}

const stop = (child) => new Promise((resolve) => {
  if (!child || child.exitCode !== null) return resolve();
  child.once('exit', resolve);
  child.kill('SIGTERM');
});

function cannon(opts, duration) {
  return new Promise((resolve, reject) => {
    autocannon({ connections: CONNECTIONS, duration, ...opts }, (err, result) => (err ? reject(err) : resolve(result)));
  });
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

/** Warm-up, then ROUNDS rounds alternating Nirog and the baseline; req/s averaged, p50/p99 the median round. */
async function compare(scenario) {
  await cannon(scenario.app, 3);
  await cannon(scenario.baseline, 3);
  const app = [];
  const base = [];
  for (let i = 0; i < ROUNDS; i++) {
    for (const [list, opts] of [[app, scenario.app], [base, scenario.baseline]]) {
      const r = await cannon(opts, DURATION);
      if (r.non2xx || r.errors) throw new Error(`${scenario.name}: ${r.non2xx} non-2xx, ${r.errors} errors`);
      list.push({ rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99 });
    }
  }
  const sum = (list) => ({ rps: list.reduce((s, r) => s + r.rps, 0) / list.length, p50: median(list.map((r) => r.p50)), p99: median(list.map((r) => r.p99)) });
  return { name: scenario.name, target: scenario.target, app: sum(app), baseline: sum(base) };
}

const gql = (query, variables) => JSON.stringify({ query, variables });
const DOCTORS = `query($s: [String!], $o: Boolean) { doctors(specialities: $s, online: $o, page: 1, pageSize: 20) {
  total page pageSize pageCount items { id name title degree work specialities feePoisha fees gender isOnline rating reviewCount avatarUrl } } }`;
const MEDICINES = `query($k: String) { medicines(keyword: $k, page: 1, pageSize: 20) {
  total page pageCount items { id name genericName company strength form unit price pricePoisha inStock imageUrl } } }`;
const MY_ORDERS = `{ myOrders(page: 1, pageSize: 20) { total page pageCount
  items { id status paymentStatus totalPoisha createdAt paymentUrl items { id name quantity unit imageUrl lineTotalPoisha } } } }`;

async function benchSize(size) {
  const db = size === 'demo' ? 'nirog_bench' : `nirog_bench_${size}`;
  await ensureDatabase(db);
  const url = dbUrl(db);
  if (size !== 'demo') {
    console.log(`[${size}] filling ${db} (npm run seed:scale; skipped when already filled)…`);
    const r = spawnSync(process.execPath, ['backend/dist/cli/seed-scale.js'], { cwd: root, stdio: 'inherit', env: { ...env, DATABASE_URL: url, LOG_LEVEL: 'warn' } });
    if (r.status !== 0) throw new Error('seed:scale failed');
  }
  const appEnv = {
    DATABASE_URL: url, PORT: String(APP_PORT), HOST: '127.0.0.1', NODE_ENV: 'production', LOG_LEVEL: 'warn',
    SEED_DEMO_DATA: 'true', ALLOW_DEMO_LOGINS: 'true', OUTBOX_WORKER: 'false', JWT_SECRET: 'bench-secret-0123456789-0123456789-abcdef', PUBLIC_URL: `http://127.0.0.1:${APP_PORT}`,
  };
  console.log(`[${size}] starting Nirog (cpu0) and the baseline (cpu0); load from cpu1`);
  const app = await start('nirog', 0, process.execPath, ['backend/dist/main.js'], appEnv, `http://127.0.0.1:${APP_PORT}/healthz`);
  const baseline = await start('baseline', 0, process.execPath, ['bench/baseline.mjs'], { DATABASE_URL: url, PORT: String(BASELINE_PORT) }, `http://127.0.0.1:${BASELINE_PORT}/none`);
  try {
    const login = await fetch(`http://127.0.0.1:${APP_PORT}/api/login`, {
      method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: 'patient@nirog.test', password: 'nirog2026' }),
    });
    const { token } = await login.json();
    if (!token) throw new Error('patient login failed');
    const A = `http://127.0.0.1:${APP_PORT}`;
    const B = `http://127.0.0.1:${BASELINE_PORT}`;
    const post = (body, headers = {}) => ({ method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body });
    const auth = { authorization: `Bearer ${token}` };
    const scenarios = [
      { name: 'GraphQL doctors (Medicine, online, 20)', target: 0.5, app: { url: `${A}/graphql`, ...post(gql(DOCTORS, { s: ['Medicine'], o: true })) }, baseline: { url: `${B}/doctors?speciality=Medicine` } },
      { name: 'REST /api/doctors (same filter)', target: 0.6, app: { url: `${A}/api/doctors?expert=Medicine&isActive=true&pageSize=20` }, baseline: { url: `${B}/doctors?speciality=Medicine` } },
      { name: 'GraphQL medicine search "napa"', app: { url: `${A}/graphql`, ...post(gql(MEDICINES, { k: 'napa' })) }, baseline: { url: `${B}/medicines?keyword=napa` } },
      { name: 'GraphQL my orders (patient, 20)', app: { url: `${A}/graphql`, ...post(gql(MY_ORDERS), auth) }, baseline: { url: `${B}/orders`, headers: auth } },
    ];
    const api = [];
    for (const s of env.BENCH_API === '0' ? [] : scenarios) {
      console.log(`[${size}] ${s.name}…`);
      api.push(await compare(s));
    }
    const sqlRun = env.BENCH_API === '0' ? null : spawnSync(process.execPath, ['bench/sql-counts.mjs'], { cwd: root, env: { ...env, DATABASE_URL: url }, encoding: 'utf8' });
    if (sqlRun && sqlRun.status !== 0) throw new Error(`sql-counts failed: ${sqlRun.stderr}`);
    const sql = sqlRun ? JSON.parse(sqlRun.stdout.trim().split('\n').pop()) : [];
    const lighthouse = size === 'demo' && env.BENCH_LIGHTHOUSE !== '0' ? await runLighthouse(A) : null;
    return { size, api, sql, lighthouse };
  } finally {
    await stop(app);
    await stop(baseline);
  }
}

/**
 * Lighthouse is noisy on a shared machine (TBT above all): one discarded warm-up run, then
 * LIGHTHOUSE_RUNS runs per route and preset; the run with the median score is reported, with every score.
 */
async function runLighthouse(base) {
  const { default: lighthouse } = await import('lighthouse');
  const chromeLauncher = await import('chrome-launcher');
  const flags = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'];
  const { default: desktopConfig } = await import('lighthouse/core/config/desktop-config.js');
  const once = async (route, preset) => {
    const chrome = await chromeLauncher.launch({ chromePath: env.CHROME_PATH ?? '/usr/bin/chromium', chromeFlags: flags });
    try {
      const r = await lighthouse(`${base}${route}`, { port: chrome.port, onlyCategories: ['performance'], logLevel: 'error', output: 'json' },
        preset === 'desktop' ? desktopConfig : undefined);
      const a = r.lhr.audits;
      // A run Lighthouse could not score (e.g. no largest paint recorded) is run again.
      if (r.lhr.categories.performance.score === null) return null;
      return {
        route, preset, score: Math.round(r.lhr.categories.performance.score * 100),
        fcp: a['first-contentful-paint'].numericValue, lcp: a['largest-contentful-paint'].numericValue,
        tbt: a['total-blocking-time'].numericValue, cls: a['cumulative-layout-shift'].numericValue,
      };
    } finally {
      await chrome.kill();
    }
  };
  console.log('[lighthouse] warm-up…');
  await once('/', 'mobile');
  const results = [];
  for (const route of ['/', '/doctors', '/medicine']) {
    for (const preset of ['desktop', 'mobile']) {
      const runs = [];
      for (let i = 0; i < LIGHTHOUSE_RUNS; i++) {
        console.log(`[lighthouse] ${preset} ${route} (${i + 1}/${LIGHTHOUSE_RUNS})…`);
        let run = null;
        for (let attempt = 0; attempt < 3 && !run; attempt++) run = await once(route, preset);
        if (!run) throw new Error(`Lighthouse could not score ${preset} ${route} in 3 attempts`);
        runs.push(run);
      }
      const sorted = [...runs].sort((x, y) => x.score - y.score);
      results.push({ ...sorted[Math.floor(sorted.length / 2)], scores: runs.map((r) => r.score) });
    }
  }
  return results;
}

const f0 = (n) => n.toFixed(0);
function table(runs, bundles) {
  const lines = [`# Nirog benchmarks, ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC`, '',
    `Machine: ${cores} × ${os.cpus()[0]?.model ?? 'cpu'}, Node ${process.version}; Nirog and the baseline on cpu0, autocannon on cpu1`
    + ` (${CONNECTIONS} connections, 3 s warm-up, ${ROUNDS} rounds of ${DURATION} s; PostgreSQL unpinned on the same machine).`, ''];
  lines.push('## API', '', '| size | benchmark | Nirog req/s | p50 ms | p99 ms | baseline req/s | p50 ms | p99 ms | req/s ratio | p99 ratio | target |', '|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---|');
  for (const run of runs) {
    for (const r of run.api) {
      const ratio = r.app.rps / r.baseline.rps;
      const p99 = r.app.p99 / r.baseline.p99;
      const target = r.target ? `≥ ${r.target}× and p99 ≤ 3×: ${ratio >= r.target && p99 <= 3 ? 'met' : 'missed'}` : 'p99 ≤ 3×: ' + (p99 <= 3 ? 'met' : 'missed');
      lines.push(`| ${run.size} | ${r.name} | ${f0(r.app.rps)} | ${r.app.p50} | ${r.app.p99} | ${f0(r.baseline.rps)} | ${r.baseline.p50} | ${r.baseline.p99} | ${ratio.toFixed(2)} | ${p99.toFixed(2)} | ${target} |`);
    }
  }
  const demo = runs.find((r) => r.size === 'demo');
  for (const run of runs.filter((r) => r.size !== 'demo' && demo)) {
    lines.push('', `## ${run.size} beside demo (target: each within 2× of its demo figure)`, '', '| benchmark | demo req/s | ' + run.size + ' req/s | slowdown | demo p99 | ' + run.size + ' p99 |', '|---|---:|---:|---:|---:|---:|');
    for (const r of run.api) {
      const d = demo.api.find((x) => x.name === r.name);
      lines.push(`| ${r.name} | ${f0(d.app.rps)} | ${f0(r.app.rps)} | ${(d.app.rps / r.app.rps).toFixed(2)}× | ${d.app.p99} | ${r.app.p99} |`);
    }
  }
  lines.push('', '## SQL statements per request (page size 5 → 50; target: equal, at most 3 reads)', '', '| size | list | statements at 5 | at 50 | reads |', '|---|---|---:|---:|---:|');
  for (const run of runs) for (const s of run.sql) lines.push(`| ${run.size} | ${s.name} | ${s.at5} | ${s.at50} | ${s.reads} |`);
  lines.push('', '## Frontend first load (gzip, from the Vite manifest)', '', '| route | JS kB | CSS kB | budget |', '|---|---:|---:|---|');
  for (const b of bundles) lines.push(`| ${b.route} | ${b.jsKb} | ${b.cssKb} | ≤ ${b.maxJsKb} kB: ${b.ok ? 'met' : 'missed'} |`);
  const lh = demo?.lighthouse;
  if (lh) {
    lines.push('', `## Lighthouse 13.5 performance (Debian Chromium; the median of ${LIGHTHOUSE_RUNS} runs after a warm-up; targets: desktop ≥ 98, mobile ≥ 90)`, '',
      '| route | preset | score | all runs | FCP ms | LCP ms | TBT ms | CLS |', '|---|---|---:|---|---:|---:|---:|---:|');
    for (const l of lh) lines.push(`| ${l.route} | ${l.preset} | ${l.score} | ${l.scores.join(', ')} | ${f0(l.fcp)} | ${f0(l.lcp)} | ${f0(l.tbt)} | ${l.cls.toFixed(3)} |`);
  }
  return lines.join('\n') + '\n';
}

const runs = [];
for (const size of SIZES) runs.push(await benchSize(size));
const md = table(runs, measureBundles());
console.log('\n' + md);
mkdirSync(path.join(root, 'bench/results'), { recursive: true });
const file = path.join(root, 'bench/results', `${new Date().toISOString().slice(0, 16).replace(/[:T]/g, '-')}.md`);
writeFileSync(file, md);
console.log(`written to ${path.relative(root, file)}`);
