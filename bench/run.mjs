#!/usr/bin/env node
// `npm run bench`: Nirog's speed, measured (issues #9 and #22). Needs a built app (`npm run build`) and a
// PostgreSQL server (BENCH_DATABASE_URL, default the local one on port 55432). For each database
// size (BENCH_SIZES=demo,scale; `scale` is filled by `npm run seed:scale` on first use):
//   - API: autocannon against Nirog (the web app's documents, an integrator's own with and without its
//     key, REST) and two raw baselines (bench/baseline.mjs, node:http + pg): the
//     same-SQL one (framework overhead) and the minimal handler (`select * from doctors order by 1
//     limit 20`: the raw limit); servers pinned to cpu0, the load generator to cpu1 (taskset),
//     warm-up, rounds alternating the servers. Besides req/s and latency, the CPU time each server
//     process spent per request (from /proc), which a busy machine distorts far less than req/s;
//   - SQL statements per request of every list at page sizes 5 and 50 (bench/sql-counts.mjs);
//   - frontend: first-load JS/CSS (gzip) of /, /doctors, /medicine and Lighthouse mobile (and
//     desktop) on /, /doctors, /medicine, a doctor's page and /cart, every run reported
//     (bench/lighthouse.mjs; alone against any running Nirog, e.g. `npm start`:
//     `node bench/lighthouse.mjs http://127.0.0.1:4173 [runs]`);
//   - each main route's first action working on a cheap phone (bench/cheap-phone.mjs; BENCH_CHEAP_PHONE=0
//     leaves it out, BENCH_CHEAP_PHONE_RUNS, 3).
// Prints one table and writes it to bench/results/<date>.md. Timings never run in CI.
// Knobs: BENCH_DURATION (s per round, 10), BENCH_ROUNDS (3), BENCH_CONNECTIONS (10), BENCH_SIZES,
// BENCH_API=0 (Lighthouse alone), BENCH_LIGHTHOUSE=0 (no Lighthouse), BENCH_LIGHTHOUSE_RUNS (5),
// BENCH_LIGHTHOUSE_PRESETS (mobile,desktop), BENCH_LIGHTHOUSE_THROTTLING (simulate or devtools),
// BENCH_LIGHTHOUSE_CPUS (the cores Chromium may use, taskset's list: every core by default; `1`
// is how runs before 2026-11-28 measured), BENCH_APP_PORT (4290), BENCH_BASELINE_PORT (the next one),
// BENCH_WARMUP (s of load before a scenario's rounds, per server, 10), BENCH_ONLY (API scenarios whose
// name contains one of these comma-separated words, e.g. `POST,bypassed`), BENCH_SEARCH=0 (no search
// beside the list), BENCH_DATABASE_NAME (nirog_bench: the databases' name, `_scale` added at scale).
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import pg from 'pg';
import { measure as measureBundles } from '../scripts/bundle-budget.mjs';
import { cheapPhoneRuns, cheapPhoneTable } from './cheap-phone.mjs';
import { lighthouseRuns, lighthouseTable } from './lighthouse.mjs';
import { SERVER_NODE_FLAGS } from '../scripts/server-flags.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const env = process.env;
const DURATION = Number(env.BENCH_DURATION ?? 10);
const ROUNDS = Number(env.BENCH_ROUNDS ?? 3);
// Load before the measured rounds, on every server alike. 10 s, not 3: a freshly started Nirog was still
// compiling its hot paths after 3 s (8 s of GraphQL POSTs after 2 s of warm-up ran at about 78 % of the
// rate of the next 8 s, in runs by hand on 2026-11-27), which measured V8's warm-up, not a replica's usual state.
const WARMUP = Number(env.BENCH_WARMUP ?? 10);
const ONLY = (env.BENCH_ONLY ?? '').split(',').map((w) => w.trim()).filter(Boolean);
const CONNECTIONS = Number(env.BENCH_CONNECTIONS ?? 10);
const LIGHTHOUSE_RUNS = Number(env.BENCH_LIGHTHOUSE_RUNS ?? 5);
const LIGHTHOUSE_PRESETS = (env.BENCH_LIGHTHOUSE_PRESETS ?? 'mobile,desktop').split(',').filter(Boolean);
// `simulate` (Lighthouse's default: one fast load, the throttled timings estimated from it) or
// `devtools` (the load itself throttled by Chromium: slower, noisier, and it counts what the estimate
// leaves out, such as a request the page no longer makes after its script has run).
const LIGHTHOUSE_THROTTLING = env.BENCH_LIGHTHOUSE_THROTTLING ?? 'simulate';
const LIGHTHOUSE_CPUS = env.BENCH_LIGHTHOUSE_CPUS ?? `0-${os.cpus().length - 1}`;
const SIZES = (env.BENCH_SIZES ?? 'demo,scale').split(',').filter(Boolean);
const BASE_URL = env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:55432/postgres';
// The databases' name (`nirog_bench`, `nirog_bench_scale`): another on a PostgreSQL server shared by several checkouts.
const DB_NAME = env.BENCH_DATABASE_NAME ?? 'nirog_bench';
const APP_PORT = Number(env.BENCH_APP_PORT ?? 4290); // not 4190: fetch refuses it (a "bad port")
const BASELINE_PORT = Number(env.BENCH_BASELINE_PORT ?? APP_PORT + 1);
const cores = os.cpus().length;
const canPin = cores > 1 && spawnSync('taskset', ['-V']).status === 0;
const pin = (cpu, cmd, args) => (canPin ? ['taskset', ['-c', String(cpu), cmd, ...args]] : [cmd, args]);

// The load generator runs in this process: pin it to cpu1 (the servers get cpu0).
const pinSelf = (cpus) => canPin && spawnSync('taskset', ['-pc', cpus, String(process.pid)], { stdio: 'ignore' });
pinSelf('1');

const dbUrl = (name) => Object.assign(new URL(BASE_URL), { pathname: `/${name}` }).toString();

async function ensureDatabase(name) {
  const admin = new pg.Client({ connectionString: BASE_URL });
  await admin.connect();
  const { rowCount } = await admin.query('select 1 from pg_database where datname = $1', [name]);
  if (!rowCount) await admin.query(`create database ${name}`);
  await admin.end();
}

async function start(name, cpu, cmd, args, extraEnv, readyUrl) {
  // A server left on the port (an earlier run stopped half-way) would answer in place of this one, which
  // could not bind: its figures labelled as this run's, with no CPU time (its pid is not ours).
  const taken = await fetch(readyUrl, { signal: AbortSignal.timeout(2000) }).then(() => true, () => false);
  if (taken) throw new Error(`${name}: ${new URL(readyUrl).host} already answers; stop what runs there first`);
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

/** CPU seconds (user + system) a process has used so far, from /proc (Linux); null elsewhere. */
function cpuSeconds(pid) {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100; // clock ticks (USER_HZ 100)
  } catch {
    return null;
  }
}

/** One round against one server: req/s, latency, and the server's CPU time per request. */
async function round(opts, pid) {
  const before = cpuSeconds(pid);
  const r = await cannon(opts, DURATION);
  const after = cpuSeconds(pid);
  if (r.non2xx || r.errors) throw new Error(`${opts.url}: ${r.non2xx} non-2xx, ${r.errors} errors`);
  const cpuUs = before === null || after === null || !r.requests.total ? null : (1e6 * (after - before)) / r.requests.total;
  return { rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99, cpuUs };
}

const summarize = (list) => ({
  rps: list.reduce((s, r) => s + r.rps, 0) / list.length,
  p50: median(list.map((r) => r.p50)),
  p99: median(list.map((r) => r.p99)),
  cpuUs: list.every((r) => r.cpuUs !== null) ? median(list.map((r) => r.cpuUs)) : null,
});

/**
 * Warm-up, then ROUNDS rounds alternating Nirog, the same-SQL baseline and (where the scenario is
 * compared with it) the minimal handler; req/s averaged, p50/p99 and CPU per request the median round.
 */
async function compare(scenario, pids) {
  const sides = [['app', scenario.app, pids.app], ['sameSql', scenario.sameSql, pids.baseline]];
  if (scenario.minimal) sides.push(['minimal', scenario.minimal, pids.baseline]);
  for (const [, opts] of sides) await cannon(opts, WARMUP);
  const rounds = Object.fromEntries(sides.map(([side]) => [side, []]));
  for (let i = 0; i < ROUNDS; i++) {
    for (const [side, opts, pid] of sides) rounds[side].push(await round(opts, pid));
  }
  return { ...scenario, results: Object.fromEntries(sides.map(([side]) => [side, summarize(rounds[side])])) };
}

const gql = (query, variables) => JSON.stringify({ query, variables });
const DOCTORS = `query($s: [String!], $o: Boolean) { doctors(specialities: $s, online: $o, page: 1, pageSize: 20) {
  total page pageSize pageCount items { id name title degree work specialities feePoisha fees gender isOnline rating reviewCount avatarUrl } } }`;
// The card's fields as an integrator writes them: its own document, not the web app's registered one.
const INTEGRATOR_CARD = `{ doctors(page: 1, pageSize: 20) { total page pageSize pageCount
  items { id name title degree work specialities experienceYears feePoisha gender isOnline rating reviewCount avatarUrl } } }`;
const MEDICINES = `query($k: String) { medicines(keyword: $k, page: 1, pageSize: 20) {
  total page pageCount items { id name genericName company strength form unit price pricePoisha inStock imageUrl } } }`;
const MY_ORDERS = `{ myOrders(page: 1, pageSize: 20) { total page pageCount
  items { id status paymentStatus totalPoisha createdAt paymentUrl items { id name quantity unit imageUrl lineTotalPoisha } } } }`;

/**
 * An integrator app's key (catalog:read), made through the admin's own mutation. Its cost budget is
 * then set far beyond what the API lets an admin give (2,000,000,000 points, refilled at 1,000,000,000 a
 * second): a doctors page of 20 costs about 300 points, and the bench sends thousands a second for minutes. The bench
 * measures the key's path (its check and the bucket's UPDATE), not the budget running out.
 */
async function integratorKey(base, databaseUrl) {
  const login = await fetch(`${base}/api/login`, {
    method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: 'admin@nirog.test', password: 'nirog2026' }),
  });
  const { token } = await login.json();
  if (!token) throw new Error('admin login failed');
  const res = await fetch(`${base}/graphql`, {
    method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: gql('mutation($input: IntegratorAppInput!) { createIntegratorApp(input: $input) { app { id } key } }',
      { input: { name: `bench ${new Date().toISOString()}`, contactEmail: 'bench@example.com', scopes: ['CATALOG_READ'] } }),
  });
  const created = (await res.json()).data?.createIntegratorApp;
  if (!created) throw new Error('could not create the bench\'s integrator app');
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  await db.query('update integrator_apps set quota_size = 2000000000, quota_restore_rate = 1000000000, quota_available = 2000000000 where id = $1', [created.app.id]);
  await db.end();
  return created.key;
}

/** A document of the web app's build as it registered it (frontend/src/gql/persisted-documents.json): text and hash. */
function persistedDocument(name) {
  const manifest = JSON.parse(readFileSync(path.join(root, 'frontend/src/gql/persisted-documents.json'), 'utf8'));
  const found = Object.entries(manifest).find(([, text]) => new RegExp(`\\bquery ${name}\\b`).test(text));
  if (!found) throw new Error(`no registered query ${name}`);
  return { hash: found[0].replace(/^sha256:/, ''), text: found[1] };
}

/**
 * Search beside the plain list (issue #44; docs/search.md): the web app's Doctors document without a
 * search and with twenty-two searches in turn (specialities in both scripts, plain words, complaints,
 * names, places, misspellings, words few doctors have), REST's keyword, the medicine keywords and the suggestions as one types,
 * each as users send them (the totals kept a few seconds per search, as for the list). Then the first
 * asking of 165 searches nobody has asked yet (every total counted), one at a time, timed by the client.
 */
const DOCTOR_SEARCHES = ['cardiology', 'হৃদরোগ', 'heart', 'chest pain', 'বুকে ব্যথা', 'jor', 'skin', 'শিশু', 'teeth', 'cardiolgy',
  'kardiolojee', 'karim', 'Mizanur Rahman', 'কামরুল', 'square hospital', 'skuare', 'dhanmondi', 'Dr. Kamrul Hasan', 'MBBS', 'gynae',
  // Words few doctors have at 100k (a demo doctor's workplace, a degree): read by the word index (doctor.search.ts fewAt).
  'Bangabandhu', 'D-Ortho'];
const MEDICINE_SEARCHES = ['napa', 'নাপা', 'paracetmol', 'omiprazole', 'seclo', 'fexo 120', 'beximco', 'monas', 'সেকলো', 'azithromicin'];
const SPECIALITY_WORDS = ['cardiology', 'dermatology', 'dentistry', 'gynecology', 'pediatrics', 'neurology', 'orthopedics', 'ent', 'ophthalmology',
  'psychiatry', 'gastroenterology', 'nephrology', 'endocrinology', 'urology', 'medicine'];
const AREA_WORDS = ['uttara', 'dhanmondi', 'mirpur', 'banani', 'gulshan', 'mohammadpur', 'motijheel', 'badda', 'bashundhara', 'old dhaka'];

async function searchBench(A, pid, webDoctors, cardVariables, size) {
  const gqlPost = (query, variables) => ({ method: 'POST', path: '/graphql', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ query, variables }) });
  const SUGGEST = 'query($t: String!) { searchSuggestions(text: $t, scope: All, limit: 5) { didYouMean specialities { term speciality { title } } doctors { id name } medicines { id name } } }';
  const typed = DOCTOR_SEARCHES.flatMap((s) => [s.slice(0, Math.max(2, Math.ceil(s.length / 2))), s]);
  const sides = [
    ['GraphQL doctors list (web card, page 1 of 20)', [gqlPost(webDoctors.text, cardVariables)]],
    [`GraphQL doctors search (${DOCTOR_SEARCHES.length} searches in turn)`, DOCTOR_SEARCHES.map((s) => gqlPost(webDoctors.text, { ...cardVariables, search: s }))],
    [`REST /api/doctors?keyword= (${DOCTOR_SEARCHES.length} searches, answer cache bypassed)`, DOCTOR_SEARCHES.map((s) => ({ method: 'GET', path: `/api/doctors?pageSize=20&keyword=${encodeURIComponent(s)}`, headers: { 'cache-control': 'no-cache' } }))],
    [`GraphQL medicines search (${MEDICINE_SEARCHES.length} keywords in turn)`, MEDICINE_SEARCHES.map((k) => gqlPost(MEDICINES, { k }))],
    [`GraphQL suggestions as one types (${typed.length} texts in turn)`, typed.map((t) => gqlPost(SUGGEST, { t }))],
  ];
  console.log(`[${size}] search beside the list…`);
  for (const [, requests] of sides) await cannon({ url: A, requests }, WARMUP);
  const rounds = sides.map(() => []);
  for (let i = 0; i < ROUNDS; i++) {
    for (const [j, [, requests]] of sides.entries()) rounds[j].push(await round({ url: A, requests }, pid));
  }
  // The first asking of searches nobody has asked: a speciality and an area, one at a time (every total counted).
  const fresh = SPECIALITY_WORDS.flatMap((s) => AREA_WORDS.map((a) => `${s} ${a}`)).concat(SPECIALITY_WORDS.map((s) => `${s} doctor`));
  const times = [];
  for (const search of fresh) {
    const started = performance.now();
    const res = await fetch(`${A}/graphql`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ query: webDoctors.text, variables: { ...cardVariables, search } }) });
    await res.text();
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  const at = (q) => times[Math.min(times.length - 1, Math.floor(q * times.length))];
  return { scenarios: sides.map(([name], j) => ({ name, ...summarize(rounds[j]) })), fresh: { count: times.length, p50: at(0.5), p99: at(0.99), max: times.at(-1) } };
}

async function benchSize(size) {
  const db = size === 'demo' ? DB_NAME : `${DB_NAME}_${size}`;
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
    // The load comes from one address: the limits still count every read (in memory), none refuses.
    SEARCHES_PER_IP_PER_MINUTE: '100000000', PUBLIC_READS_PER_IP_PER_MINUTE: '100000000',
  };
  console.log(`[${size}] starting Nirog (cpu0) and the baseline (cpu0); load from cpu1`);
  const app = await start('nirog', 0, process.execPath, [...SERVER_NODE_FLAGS, 'backend/dist/main.js'], appEnv, `http://127.0.0.1:${APP_PORT}/healthz`);
  const baseline = await start('baseline', 0, process.execPath, ['bench/baseline.mjs'], { DATABASE_URL: url, PORT: String(BASELINE_PORT) }, `http://127.0.0.1:${BASELINE_PORT}/none`);
  try {
    const login = await fetch(`http://127.0.0.1:${APP_PORT}/api/login`, {
      method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: 'patient@nirog.test', password: 'nirog2026' }),
    });
    const { token } = await login.json();
    if (!token) throw new Error('patient login failed');
    const apiKey = await integratorKey(`http://127.0.0.1:${APP_PORT}`, url);
    const A = `http://127.0.0.1:${APP_PORT}`;
    const B = `http://127.0.0.1:${BASELINE_PORT}`;
    const post = (body, headers = {}) => ({ method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body });
    const auth = { authorization: `Bearer ${token}` };
    const minimal = { url: `${B}/minimal` };
    // A visitor's repeat of a public read is answered by the answer cache (common/answer-cache.ts,
    // ANSWER_CACHE_SECONDS, on in production); `Cache-Control: no-cache` makes the app run it every time.
    const fresh = { 'cache-control': 'no-cache' };
    // The web app's own Doctors document (the card's fields), by POST with its text and by GET with its hash.
    const webDoctors = persistedDocument('Doctors');
    const cardVariables = { page: 1, pageSize: 20 };
    const persistedGet = `${A}/graphql?operationName=Doctors&variables=${encodeURIComponent(JSON.stringify(cardVariables))}`
      + `&extensions=${encodeURIComponent(JSON.stringify({ persistedQuery: { version: 1, sha256Hash: webDoctors.hash } }))}`;
    // Targets against the minimal handler (issue #22) and against the same SQL (issue #9).
    const scenarios = [
      { name: 'GraphQL doctors (web card, page 1 of 20)', vsMinimal: { rps: 0.6, p99: 2 }, vsSameSql: { p99: 3 },
        app: { url: `${A}/graphql`, ...post(JSON.stringify({ query: webDoctors.text, variables: cardVariables })) }, sameSql: { url: `${B}/doctors` }, minimal },
      { name: 'GraphQL doctors, persisted GET (what the web app sends)', vsMinimal: { rps: 0.6, p99: 2 }, vsSameSql: { p99: 3 },
        app: { url: persistedGet }, sameSql: { url: `${B}/doctors` }, minimal },
      { name: 'GraphQL doctors, persisted GET, answer cache bypassed (Cache-Control: no-cache)', vsMinimal: { rps: 0.6, p99: 2 }, vsSameSql: { p99: 3 },
        app: { url: persistedGet, headers: fresh }, sameSql: { url: `${B}/doctors` }, minimal },
      // An integrator's own query (the third user group): any valid document runs compiled from its second run.
      { name: 'GraphQL doctors, an integrator\'s own query (not registered, POST)', vsMinimal: { rps: 0.6, p99: 2 }, vsSameSql: { p99: 3 },
        app: { url: `${A}/graphql`, ...post(gql(INTEGRATOR_CARD)) }, sameSql: { url: `${B}/doctors` }, minimal },
      { name: 'GraphQL doctors, an integrator\'s own query with its key (X-Api-Key)', vsMinimal: { rps: 0.6, p99: 2 }, vsSameSql: { p99: 3 },
        app: { url: `${A}/graphql`, ...post(gql(INTEGRATOR_CARD), { 'x-api-key': apiKey }) }, sameSql: { url: `${B}/doctors` }, minimal },
      { name: 'REST /api/doctors (page 1 of 20)', vsMinimal: { rps: 0.8, p99: 2 }, vsSameSql: { p99: 3 },
        app: { url: `${A}/api/doctors?pageSize=20` }, sameSql: { url: `${B}/doctors` }, minimal },
      { name: 'REST /api/doctors, answer cache bypassed (Cache-Control: no-cache)', vsMinimal: { rps: 0.8, p99: 2 }, vsSameSql: { p99: 3 },
        app: { url: `${A}/api/doctors?pageSize=20`, headers: fresh }, sameSql: { url: `${B}/doctors` }, minimal },
      { name: 'GraphQL doctors (Medicine, online, 20)', vsSameSql: { rps: 0.5, p99: 3 },
        app: { url: `${A}/graphql`, ...post(gql(DOCTORS, { s: ['Medicine'], o: true })) }, sameSql: { url: `${B}/doctors?speciality=Medicine` } },
      { name: 'REST /api/doctors (same filter)', vsSameSql: { rps: 0.6, p99: 3 },
        app: { url: `${A}/api/doctors?expert=Medicine&isActive=true&pageSize=20` }, sameSql: { url: `${B}/doctors?speciality=Medicine` } },
      { name: 'GraphQL medicine search "napa"', vsSameSql: { p99: 3 },
        app: { url: `${A}/graphql`, ...post(gql(MEDICINES, { k: 'napa' })) }, sameSql: { url: `${B}/medicines?keyword=napa` } },
      { name: 'GraphQL my orders (patient, 20)', vsSameSql: { p99: 3 },
        app: { url: `${A}/graphql`, ...post(gql(MY_ORDERS), auth) }, sameSql: { url: `${B}/orders`, headers: auth } },
    ];
    const api = [];
    for (const s of env.BENCH_API === '0' ? [] : scenarios.filter((x) => !ONLY.length || ONLY.some((w) => x.name.includes(w)))) {
      console.log(`[${size}] ${s.name}…`);
      api.push(await compare(s, { app: app.pid, baseline: baseline.pid }));
    }
    const search = env.BENCH_SEARCH === '0' || env.BENCH_API === '0' ? null : await searchBench(A, app.pid, webDoctors, cardVariables, size);
    // Printed as soon as measured: a later step that fails does not take these figures with it.
    if (search) console.log(JSON.stringify({ size, search }));
    const sqlRun = env.BENCH_API === '0' ? null : spawnSync(process.execPath, ['bench/sql-counts.mjs'], { cwd: root, env: { ...env, DATABASE_URL: url }, encoding: 'utf8' });
    if (sqlRun && sqlRun.status !== 0) throw new Error(`sql-counts failed: ${sqlRun.stderr}`);
    const sql = sqlRun ? JSON.parse(sqlRun.stdout.trim().split('\n').pop()) : [];
    const lighthouse = size === 'demo' && env.BENCH_LIGHTHOUSE !== '0' ? await runLighthouse(A) : null;
    const cheapPhone = size === 'demo' && env.BENCH_CHEAP_PHONE !== '0' ? await runCheapPhone(A) : null;
    return { size, api, sql, lighthouse, search, cheapPhone };
  } finally {
    await stop(app);
    await stop(baseline);
  }
}

/**
 * Lighthouse is noisy on a shared machine (TBT above all): one discarded warm-up run, then
 * LIGHTHOUSE_RUNS runs per route and preset; every score is reported, with the median and the lowest,
 * and the timings of the median run.
 */
async function runLighthouse(base) {
  // Chromium inherits this process's cores. Pinned to one (the load generator's), the page's main
  // thread shared it with the browser's other threads (script streaming, compositor, network), and
  // simulated throttling multiplied that wait by 4 as if it were the page's own work. Lighthouse asks
  // for at least 2 dedicated cores (docs/variability.md, "Run on Adequate Hardware"); the phone it
  // models has 8. No load runs meanwhile, and the server on cpu0 answers a page's few requests.
  pinSelf(LIGHTHOUSE_CPUS);
  try {
    return await lighthouseRuns(base, { runs: LIGHTHOUSE_RUNS, presets: LIGHTHOUSE_PRESETS, throttling: LIGHTHOUSE_THROTTLING });
  } finally {
    pinSelf('1');
  }
}

/** Each main route's first action on a cheap phone (bench/cheap-phone.mjs), Chromium on the same cores as Lighthouse's. */
async function runCheapPhone(base) {
  pinSelf(LIGHTHOUSE_CPUS);
  try {
    return await cheapPhoneRuns(base, Number(env.BENCH_CHEAP_PHONE_RUNS ?? 3));
  } finally {
    pinSelf('1');
  }
}

const f0 = (n) => n.toFixed(0);
const fx = (n) => (n === null || n === undefined ? '–' : f0(n));
const verdict = (ok) => (ok ? 'met' : 'missed');

/** Ratios of Nirog to one baseline and whether they meet the scenario's target (rps: at least; p99: at most ×). */
function against(r, side, target) {
  const app = r.results.app;
  const base = r.results[side];
  const rps = app.rps / base.rps;
  const p99 = app.p99 / base.p99;
  const cpu = app.cpuUs && base.cpuUs ? base.cpuUs / app.cpuUs : null;
  const wants = [target.rps ? `≥ ${target.rps}×` : null, target.p99 ? `p99 ≤ ${target.p99}×` : null].filter(Boolean).join(', ');
  const ok = (!target.rps || rps >= target.rps) && (!target.p99 || p99 <= target.p99);
  return { base, rps, p99, cpu, text: wants ? `${wants}: ${verdict(ok)}` : '' };
}

function table(runs, bundles) {
  const lines = [`# Nirog benchmarks, ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC`, '',
    `Machine: ${cores} × ${os.cpus()[0]?.model ?? 'cpu'}, Node ${process.version}, load average ${os.loadavg().map((l) => l.toFixed(1)).join(' ')} at the end;`
    + ` Nirog and the baselines on cpu0, autocannon on cpu1 (${CONNECTIONS} connections, ${WARMUP} s warm-up, ${ROUNDS} rounds of ${DURATION} s;`
    + ' PostgreSQL unpinned on the same machine). CPU µs/req: the server process\'s CPU time per request (from /proc), the median round;'
    + ' the CPU ratio is the baseline\'s over Nirog\'s, comparable to the req/s ratio on a machine where other work takes CPU time.', ''];
  lines.push('## API against the minimal handler (`select * from doctors order by 1 limit 20` as JSON, bare node:http + pg)', '',
    '| size | benchmark | Nirog req/s | p50 ms | p99 ms | CPU µs/req | minimal req/s | p50 ms | p99 ms | CPU µs/req | req/s ratio | p99 ratio | CPU ratio | target |',
    '|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|');
  for (const run of runs) {
    for (const r of run.api.filter((x) => x.vsMinimal)) {
      const a = r.results.app;
      const m = against(r, 'minimal', r.vsMinimal);
      lines.push(`| ${run.size} | ${r.name} | ${f0(a.rps)} | ${a.p50} | ${a.p99} | ${fx(a.cpuUs)} | ${f0(m.base.rps)} | ${m.base.p50} | ${m.base.p99} | ${fx(m.base.cpuUs)}`
        + ` | ${m.rps.toFixed(2)} | ${m.p99.toFixed(2)} | ${m.cpu === null ? '–' : m.cpu.toFixed(2)} | ${m.text} |`);
    }
  }
  lines.push('', '## API against the same-SQL baseline (bare node:http + pg sending the statements Nirog sends)', '',
    '| size | benchmark | Nirog req/s | p50 ms | p99 ms | CPU µs/req | same-SQL req/s | p50 ms | p99 ms | CPU µs/req | req/s ratio | p99 ratio | CPU ratio | target |',
    '|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|');
  for (const run of runs) {
    for (const r of run.api) {
      const a = r.results.app;
      const b = against(r, 'sameSql', r.vsSameSql ?? {});
      lines.push(`| ${run.size} | ${r.name} | ${f0(a.rps)} | ${a.p50} | ${a.p99} | ${fx(a.cpuUs)} | ${f0(b.base.rps)} | ${b.base.p50} | ${b.base.p99} | ${fx(b.base.cpuUs)}`
        + ` | ${b.rps.toFixed(2)} | ${b.p99.toFixed(2)} | ${b.cpu === null ? '–' : b.cpu.toFixed(2)} | ${b.text} |`);
    }
  }
  const demo = runs.find((r) => r.size === 'demo');
  for (const run of runs.filter((r) => r.size !== 'demo' && demo)) {
    lines.push('', `## ${run.size} beside demo (target: each within 2× of its demo figure)`, '', '| benchmark | demo req/s | ' + run.size + ' req/s | slowdown | demo p99 | ' + run.size + ' p99 |', '|---|---:|---:|---:|---:|---:|');
    for (const r of run.api) {
      const d = demo.api.find((x) => x.name === r.name);
      if (!d) continue;
      lines.push(`| ${r.name} | ${f0(d.results.app.rps)} | ${f0(r.results.app.rps)} | ${(d.results.app.rps / r.results.app.rps).toFixed(2)}× | ${d.results.app.p99} | ${r.results.app.p99} |`);
    }
  }
  for (const run of runs.filter((r) => r.search)) {
    const [list, ...searches] = run.search.scenarios;
    lines.push('', `## Search beside the list, ${run.size} (targets: a search no slower than 2× the list, p99 under 20 ms)`, '',
      '| benchmark | req/s | p50 ms | p99 ms | CPU µs/req | list ÷ this (req/s) | target |', '|---|---:|---:|---:|---:|---:|---|');
    lines.push(`| ${list.name} | ${f0(list.rps)} | ${list.p50} | ${list.p99} | ${fx(list.cpuUs)} | 1.00 | |`);
    for (const r of searches) {
      const slower = list.rps / r.rps;
      lines.push(`| ${r.name} | ${f0(r.rps)} | ${r.p50} | ${r.p99} | ${fx(r.cpuUs)} | ${slower.toFixed(2)} | ≤ 2×, p99 < 20 ms: ${verdict(slower <= 2 && r.p99 < 20)} |`);
    }
    const f = run.search.fresh;
    lines.push('', `First asking of ${f.count} searches nobody had asked (a speciality and an area; every total counted), one at a time, as the client timed them:`
      + ` p50 ${f.p50.toFixed(1)} ms, p99 ${f.p99.toFixed(1)} ms, slowest ${f.max.toFixed(1)} ms.`);
  }
  lines.push('', '## SQL statements per request (page size 5 → 50; target: equal, at most 3 reads)', '', '| size | list | statements at 5 | at 50 | reads |', '|---|---|---:|---:|---:|');
  for (const run of runs) for (const s of run.sql) lines.push(`| ${run.size} | ${s.name} | ${s.at5} | ${s.at50} | ${s.reads} |`);
  lines.push('', '## Frontend first load (gzip, from the Vite manifest)', '', '| route | JS kB | CSS kB | budget |', '|---|---:|---:|---|');
  for (const b of bundles) lines.push(`| ${b.route} | ${b.jsKb} | ${b.cssKb} | ≤ ${b.maxJsKb} kB: ${verdict(b.ok)} |`);
  const lh = demo?.lighthouse;
  if (lh) lines.push('', ...lighthouseTable(lh, { cpus: LIGHTHOUSE_CPUS, throttling: LIGHTHOUSE_THROTTLING, runs: LIGHTHOUSE_RUNS }));
  if (demo?.cheapPhone) lines.push('', ...cheapPhoneTable(demo.cheapPhone));
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
