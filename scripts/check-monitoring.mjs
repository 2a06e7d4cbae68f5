#!/usr/bin/env node
// Checks the monitoring files with Prometheus's own tool (promtool, Debian's prometheus package):
// deploy/prometheus/alerts.yml parses and its rules are valid (`promtool check rules`), its unit
// tests pass (`promtool test rules alerts.test.yml`), every query of the Grafana dashboard
// (deploy/grafana/nirog-dashboard.json) is valid PromQL (each checked as a recording rule), and every
// nirog_* series the alerts and the dashboard name is one the app publishes (backend/dist's
// registry: a renamed metric would otherwise leave an alert that never fires).
// Needs the backend build. Ends with "N passed, N failed"; `--json file` writes the same for scripts/test-all.mjs.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import YAML from 'yaml';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
const jsonOut = args.includes('--json') ? args[args.indexOf('--json') + 1] : undefined;
const promtool = process.env.PROMTOOL ?? 'promtool';
const results = [];

async function check(name, fn) {
  try {
    await fn();
    results.push({ name, ok: true });
    console.log(`  ok    ${name}`);
  } catch (err) {
    results.push({ name, ok: false, error: String(err?.message ?? err) });
    console.log(`  FAIL  ${name}\n        ${String(err?.message ?? err).split('\n').join('\n        ')}`);
  }
}
function assert(condition, message) {
  if (!condition) throw new Error(message);
}
function run(...argv) {
  const r = spawnSync(promtool, argv, { cwd: path.join(root, 'deploy/prometheus'), encoding: 'utf8' });
  if (r.error) throw new Error(`${promtool} could not run (${r.error.code}): install Debian's prometheus package (apt-get install prometheus), or set PROMTOOL`);
  assert(r.status === 0, `promtool ${argv.join(' ')} exited ${r.status}:\n${(r.stdout + r.stderr).trim()}`);
  return r.stdout;
}

const alertsFile = path.join(root, 'deploy/prometheus/alerts.yml');
const dashboardFile = path.join(root, 'deploy/grafana/nirog-dashboard.json');
const alerts = YAML.parse(readFileSync(alertsFile, 'utf8'));
const dashboard = JSON.parse(readFileSync(dashboardFile, 'utf8'));
const dashboardQueries = dashboard.panels.flatMap((p) => (p.targets ?? []).map((t) => ({ panel: p.title, expr: t.expr })));
const ruleQueries = alerts.groups.flatMap((g) => g.rules.map((r) => ({ rule: r.alert ?? r.record, expr: String(r.expr) })));

console.log('deploy/prometheus');
await check('alerts.yml: valid rules (promtool check rules)', () => run('check', 'rules', 'alerts.yml'));
await check('alerts.test.yml: the rules\' unit tests pass (promtool test rules)', () => run('test', 'rules', 'alerts.test.yml'));
await check('every alert has a severity, a summary and a description', () => {
  for (const r of alerts.groups.flatMap((g) => g.rules)) {
    assert(['page', 'warning'].includes(r.labels?.severity), `${r.alert}: severity "${r.labels?.severity}" is neither page nor warning`);
    assert(r.annotations?.summary && r.annotations?.description, `${r.alert}: no summary or description`);
  }
});

console.log('deploy/grafana');
await check('nirog-dashboard.json: every panel\'s query is valid PromQL', () => {
  assert(dashboardQueries.length > 0, 'the dashboard has no queries');
  const dir = mkdtempSync(path.join(tmpdir(), 'nirog-dashboard-'));
  try {
    const file = path.join(dir, 'dashboard-queries.yml');
    writeFileSync(file, YAML.stringify({ groups: [{ name: 'dashboard', rules: dashboardQueries.map((q, i) => ({ record: `dashboard:query_${i}`, expr: q.expr })) }] }));
    run('check', 'rules', file);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

console.log('series');
await check('every nirog_* series the alerts and the dashboard read is published by the app', async () => {
  const { registry, initialiseKnownSeries } = await import(pathToFileURL(path.join(root, 'backend/dist/common/metrics.js')).href);
  initialiseKnownSeries({ paymentProviders: ['bkash'], rateLimits: ['login-ip'] });
  const published = new Set();
  for (const m of await registry.getMetricsAsJSON()) {
    published.add(m.name);
    if (m.type === 'histogram') for (const suffix of ['_bucket', '_count', '_sum']) published.add(`${m.name}${suffix}`);
  }
  const missing = [];
  for (const q of [...ruleQueries, ...dashboardQueries]) {
    for (const [name] of q.expr.matchAll(/\bnirog_[a-z_]+\b/g)) if (!published.has(name)) missing.push(`${name} (${q.rule ?? q.panel})`);
  }
  assert(missing.length === 0, `not published by backend/src/common/metrics.ts: ${[...new Set(missing)].join(', ')}`);
});

const passed = results.filter((r) => r.ok).length;
const failed = results.length - passed;
if (jsonOut) writeFileSync(jsonOut, JSON.stringify({ passed, failed, results }, null, 2));
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);
