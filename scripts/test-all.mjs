#!/usr/bin/env node
// Runs every suite of Nirog and ends with one line "N passed, N failed" (plus the schema check).
// Called by `npm test` after install and build. With DATABASE_URL set, the backend tests and the
// browser journeys run against that PostgreSQL server (each on fresh databases); without it, on
// embedded PGlite.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const results = path.join(root, 'test-results');
rmSync(results, { recursive: true, force: true });
mkdirSync(results, { recursive: true });
const node = process.execPath;
const only = (process.env.NIROG_SUITES ?? 'schema,schema-compat,lint,typecheck,budget,deploy,monitoring,backend,frontend,e2e,reliability').split(',');
const totals = { passed: 0, failed: 0 };
const lines = [];
// The name of every failed test, printed again at the very end: CI keeps only the tail of its output,
// and a failure that scrolled out of it cannot be told from another (stop 34's one PGlite failure).
const failures = [];
// What of a failure's message is printed again: its first line, what was expected and received (a
// diff's lines too, so that a failed deep equality says what differed), and where in a test file it
// failed: enough to tell one flake from another from CI's tail alone (stop 53's offline journey said
// only "toEqual(expected) // deep equality"). At most eight lines of 200 characters.
function errorLines(text) {
  // eslint-disable-next-line no-control-regex -- colour codes are dropped
  const all = String(text ?? '').replace(/\u001b\[[0-9;]*m/g, '').split('\n').map((l) => l.trim()).filter(Boolean);
  if (!all.length) return [];
  const said = all.slice(1).filter((l) => /^(Expected|Received|[-+] )/.test(l)).slice(0, 6);
  const where = all.find((l) => /^at .*\.(spec|test)\.[cm]?[tj]sx?:\d+/.test(l));
  return [all[0], ...said, ...(where ? [where] : [])].map((l) => l.slice(0, 200));
}
function failedTest(suite, name, error) {
  failures.push(`failed: ${suite.padEnd(10)} ${name}${errorLines(error).map((l) => `\n          ${l}`).join('')}`);
}
// jest and vitest write the same JSON shape: a suite that did not run has a message and no assertions.
function jestFailures(suite, r) {
  for (const file of r?.testResults ?? []) {
    const rel = path.relative(root, file.name);
    const failedAssertions = (file.assertionResults ?? []).filter((a) => a.status === 'failed');
    for (const a of failedAssertions) failedTest(suite, `${rel} › ${a.fullName}`, a.failureMessages?.[0]);
    if (file.status === 'failed' && failedAssertions.length === 0) failedTest(suite, rel, file.message);
  }
}
function playwrightFailures(r) {
  const walk = (s) => {
    for (const spec of s.specs ?? []) {
      for (const t of spec.tests ?? []) {
        if (t.status !== 'unexpected' && t.status !== 'flaky') continue;
        const e = t.results?.find((x) => x.status !== 'passed' && x.status !== 'skipped')?.error;
        const error = e && `${e.message ?? ''}${e.location ? `\nat ${path.relative(root, e.location.file)}:${e.location.line}` : ''}`;
        failedTest('e2e', `${spec.file}:${spec.line} › ${spec.title}${t.status === 'flaky' ? ' (passed on retry)' : ''}`, error);
      }
    }
    for (const child of s.suites ?? []) walk(child);
  };
  for (const s of r?.suites ?? []) walk(s);
}
// budget, deploy and reliability write `results: [{ ok, …, error? }]`; nameOf says which test a result is.
function namedFailures(suite, r, nameOf = (x) => x.name) {
  for (const x of r?.results ?? []) if (!x.ok) failedTest(suite, nameOf(x), x.error);
}

function run(name, cmd, args, opts = {}) {
  console.log(`\n=== ${name}: ${[cmd, ...args].join(' ')}`);
  const r = spawnSync(cmd, args, { cwd: opts.cwd ?? root, stdio: 'inherit', env: { ...process.env, ...opts.env } });
  return r.status ?? 1;
}

function count(name, passed, failed, exitCode) {
  // A runner that crashed before reporting counts as one failure.
  if (exitCode !== 0 && failed === 0) {
    failed = 1;
    failedTest(name, `the runner exited with ${exitCode} without reporting a failed test`);
  }
  totals.passed += passed;
  totals.failed += failed;
  lines.push(`${name.padEnd(10)} ${passed} passed, ${failed} failed`);
}

function readJson(file) {
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return null;
  }
}

if (only.includes('schema')) {
  // The build has just emitted schema.graphql from the resolvers; the committed one must match.
  const inGit = spawnSync('git', ['rev-parse', '--is-inside-work-tree'], { cwd: root }).status === 0;
  if (inGit) {
    const code = run('schema', 'git', ['diff', '--exit-code', '--stat', '--', 'schema.graphql']);
    if (code !== 0) {
      console.error('schema.graphql differs from what the backend emits: commit the regenerated file.');
      failedTest('schema', 'schema.graphql differs from what the backend emits');
    }
    count('schema', code === 0 ? 1 : 0, code === 0 ? 0 : 1, code);
  }
}

if (only.includes('schema-compat')) {
  // The public schema breaks no integrator without notice (scripts/schema-compat.mjs against
  // schema/released.graphql), and the check's own tests.
  const code = run('schema-compat', node, [path.join(root, 'scripts/schema-compat.mjs')]);
  if (code !== 0) failedTest('schema-compat', 'scripts/schema-compat.mjs against schema/released.graphql');
  count('schema-compat', code === 0 ? 1 : 0, code === 0 ? 0 : 1, code);
  const tap = path.join(results, 'schema-compat.tap');
  const testCode = run('schema-compat tests', node, ['--test', '--test-reporter=spec', '--test-reporter-destination=stdout',
    '--test-reporter=tap', `--test-reporter-destination=${tap}`, path.join(root, 'scripts/__tests__/schema-compat.test.mjs')]);
  let report = '';
  try { report = readFileSync(tap, 'utf8'); } catch { /* counted as a crash below */ }
  const tally = (word) => Number(new RegExp(`^# ${word} (\\d+)`, 'm').exec(report)?.[1] ?? 0);
  for (const [, name] of report.matchAll(/^\s*not ok \d+ - (.*)$/gm)) failedTest('schema-compat', `scripts/__tests__/schema-compat.test.mjs › ${name}`);
  count('schema-compat', tally('pass'), tally('fail'), testCode);
}

if (only.includes('lint')) {
  // The code's boundaries (.dependency-cruiser.cjs): modules through their index, no feature importing
  // another, no page importing a page, common/ and lib/ knowing no module or feature.
  const code = run('lint', node, [path.join(root, 'node_modules/dependency-cruiser/bin/dependency-cruiser.mjs'),
    'backend/src', 'frontend/src', '--config', '.dependency-cruiser.cjs', '--output-type', 'err']);
  if (code !== 0) failedTest('lint', 'dependency-cruiser: a boundary rule is broken (above)');
  count('lint', code === 0 ? 1 : 0, code === 0 ? 0 : 1, code);
  // No cycle of imports that run (.dependency-cruiser-runtime.cjs: type-only imports are left out).
  const cycles = run('lint cycles', node, [path.join(root, 'node_modules/dependency-cruiser/bin/dependency-cruiser.mjs'),
    'backend/src', 'frontend/src', '--config', '.dependency-cruiser-runtime.cjs', '--output-type', 'err']);
  if (cycles !== 0) failedTest('lint', 'dependency-cruiser: a cycle of runtime imports (above)');
  count('lint', cycles === 0 ? 1 : 0, cycles === 0 ? 0 : 1, cycles);
  // ESLint (eslint.config.js): the promise rules with type information, React's rules of hooks. One
  // failure per problem, named by file, line and rule.
  const out = path.join(results, 'eslint.json');
  const eslintCode = run('lint eslint', node, [path.join(root, 'node_modules/eslint/bin/eslint.js'), '--format', 'json', '--output-file', out, '.']);
  const problems = (readJson(out) ?? []).flatMap((f) => f.messages.map((m) => ({ where: `${path.relative(root, f.filePath)}:${m.line}:${m.column}`, rule: m.ruleId ?? 'eslint', message: m.message })));
  for (const p of problems) {
    console.log(`${p.where}  ${p.message}  ${p.rule}`);
    failedTest('lint', `${p.where} ${p.rule}`, p.message);
  }
  count('lint', eslintCode === 0 && problems.length === 0 ? 1 : 0, problems.length, eslintCode);
}

if (only.includes('typecheck')) {
  // The tests' own code type-checks against what it calls: jest (swc) and Playwright only strip the
  // types, so a test calling a changed signature would otherwise run untyped. The build checks the
  // backend's and the frontend's code (the frontend's tests with it); these two configs cover the
  // backend's tests and the browser journeys. One failure per error, named by file and line.
  for (const project of ['backend/tsconfig.json', 'e2e/tsconfig.json']) {
    const name = `typecheck ${project}`;
    console.log(`\n=== ${name}`);
    const r = spawnSync(node, [path.join(root, 'node_modules/typescript/bin/tsc'), '-p', project, '--pretty', 'false'], { cwd: root, encoding: 'utf8' });
    const out = `${r.stdout ?? ''}${r.stderr ?? ''}`;
    process.stdout.write(out);
    const errors = [...out.matchAll(/^(\S.*?\(\d+,\d+\)): error (TS\d+: .*)$/gm)];
    for (const [, where, message] of errors) failedTest('typecheck', where, message);
    count('typecheck', errors.length === 0 && r.status === 0 ? 1 : 0, errors.length, r.status ?? 1);
  }
}

if (only.includes('budget')) {
  // The first load of /, /doctors, /medicine, a doctor's page and /cart stays within its JS budget (gzip), from the build's manifest.
  const out = path.join(results, 'budget.json');
  const code = run('budget', node, [path.join(root, 'scripts/bundle-budget.mjs'), '--json', out]);
  const r = readJson(out);
  namedFailures('budget', r, (x) => `${x.route}: ${x.jsKb} kB of JS gzip, over its ${x.maxJsKb} kB`);
  count('budget', r?.passed ?? 0, r?.failed ?? 0, code);
}

if (only.includes('deploy')) {
  // docker-compose.yml against the Compose schema and our invariants, the Dockerfile's shape, and its
  // production-dependencies stage run for real with the runtime started from it (scripts/check-deploy.mjs).
  const out = path.join(results, 'deploy.json');
  const code = run('deploy', node, [path.join(root, 'scripts/check-deploy.mjs'), '--json', out]);
  const r = readJson(out);
  namedFailures('deploy', r);
  count('deploy', r?.passed ?? 0, r?.failed ?? 0, code);
}

if (only.includes('monitoring')) {
  // The alert rules and their unit tests through promtool, the dashboard's queries, the series they read (scripts/check-monitoring.mjs).
  const out = path.join(results, 'monitoring.json');
  const code = run('monitoring', node, [path.join(root, 'scripts/check-monitoring.mjs'), '--json', out]);
  const r = readJson(out);
  namedFailures('monitoring', r);
  count('monitoring', r?.passed ?? 0, r?.failed ?? 0, code);
}

if (only.includes('backend')) {
  const out = path.join(results, 'backend.json');
  // Two test files at a time (BACKEND_TEST_WORKERS): each has its own database (a PGlite in its
  // process, or its own PostgreSQL database), so files never share state. On the 2-core CI machine
  // the PGlite pass took 19.8 min in one process and 12.9 min in two (PostgreSQL: 7.1 → 3.8), every test passing.
  const workers = process.env.BACKEND_TEST_WORKERS ?? '2';
  const code = run('backend', node, ['--experimental-vm-modules', path.join(root, 'node_modules/jest/bin/jest.js'),
    ...(workers === '1' ? ['--runInBand'] : [`--maxWorkers=${workers}`]), '--json', `--outputFile=${out}`], { cwd: path.join(root, 'backend') });
  const r = readJson(out);
  jestFailures('backend', r);
  count('backend', r?.numPassedTests ?? 0, (r?.numFailedTests ?? 0) + (r?.numRuntimeErrorTestSuites ?? 0), code);
}

if (only.includes('frontend')) {
  const out = path.join(results, 'frontend.json');
  const code = run('frontend', node, [path.join(root, 'node_modules/vitest/vitest.mjs'), 'run', '--reporter=default', '--reporter=json', `--outputFile=${out}`], { cwd: path.join(root, 'frontend') });
  const r = readJson(out);
  jestFailures('frontend', r);
  count('frontend', r?.numPassedTests ?? 0, r?.numFailedTests ?? 0, code);
}

if (only.includes('e2e')) {
  if (!existsSync(process.env.CHROMIUM_PATH ?? '/usr/bin/chromium')) {
    console.error('Chromium is missing: install Debian\'s chromium (apt-get install -y chromium) or set CHROMIUM_PATH.');
    count('e2e', 0, 1, 1);
  } else {
    // The layout checks first (axe, the README's screens, the admin's tables), on two workers (they
    // write nothing another test reads and do not depend on each other), then the journeys one at a
    // time (e2e/playwright.config.ts); each invocation starts its own server. E2E_PROJECTS names the
    // projects to run (.ci/run's PostgreSQL pass: the journeys alone); --pass-with-no-tests for an
    // E2E_IGNORE that empties one all the same.
    const projects = (process.env.E2E_PROJECTS ?? 'layout,journeys').split(',')
      .map((project) => [project, project === 'layout' ? (process.env.E2E_LAYOUT_WORKERS ?? '2') : '1']);
    for (const [project, workers] of projects) {
      const out = path.join(results, `e2e-${project}.json`);
      const code = run(`e2e ${project}`, node, [path.join(root, 'node_modules/@playwright/test/cli.js'), 'test', '--config', 'e2e/playwright.config.ts',
        `--project=${project}`, `--workers=${workers}`, '--pass-with-no-tests'], { env: { PLAYWRIGHT_JSON_OUTPUT_NAME: out } });
      const r = readJson(out);
      playwrightFailures(r);
      const stats = r?.stats ?? {};
      count('e2e', stats.expected ?? 0, (stats.unexpected ?? 0) + (stats.flaky ?? 0), code);
    }
  }
}

if (only.includes('reliability')) {
  // Crash, PostgreSQL restart and backup/restore against a throwaway PostgreSQL cluster: only where a
  // PostgreSQL server is installed (CI installs it).
  const { findPgBin } = await import('./reliability.mjs');
  if (findPgBin()) {
    const out = path.join(results, 'reliability.json');
    const code = run('reliability', node, [path.join(root, 'scripts/reliability.mjs')], { env: { RELIABILITY_JSON: out } });
    const r = readJson(out);
    namedFailures('reliability', r);
    const passed = r?.results?.filter((x) => x.ok).length ?? 0;
    count('reliability', passed, (r?.results?.length ?? 0) - passed, code);
  } else console.log('\n=== reliability: skipped (no PostgreSQL server binaries)');
}

if (failures.length) console.log('\n' + failures.join('\n'));
console.log('\n' + lines.join('\n'));
console.log(`${totals.passed} passed, ${totals.failed} failed`);
process.exit(totals.failed > 0 ? 1 : 0);
