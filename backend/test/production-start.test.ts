import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createTestApp, type TestApp } from './app.js';
import { freePort } from './mail.js';
import { REPO_ROOT } from '../src/config.js';

/**
 * `NODE_ENV=production npm start` from a fresh clone (issue 21), in the parts CI can afford: the
 * install step brings the build's devDependencies even under NODE_ENV=production, and the built
 * server (backend/dist, made by the build before the tests) starts in production with the required
 * secret, answers /healthz, and refuses to start without it. Static files that are missing answer
 * 404, never the app's index.html (a rolling deploy's old chunks, a deleted upload).
 */
// Each test starts the built server in its own process, one of them seeding the demo data (pictures
// drawn): on the shared 2-core machine that passed jest's 60 s, a limit, not a speed check.
jest.setTimeout(180_000);

const rootPackage = JSON.parse(readFileSync(path.join(REPO_ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string> };
const MAIN = path.join(REPO_ROOT, 'backend/dist/main.js');
const SECRET = '3c9a1f07d2b84e6aa5f0c1d29e7b3f48a6d5c2e1b0f9a8d7';

describe('npm start', () => {
  it('installs the devDependencies the build needs even when NODE_ENV=production, then builds, then serves', () => {
    expect(rootPackage.scripts.start).toBe('npm run setup && npm run build && exec npm run serve');
    expect(rootPackage.scripts.setup).toMatch(/\bnpm install\b.*--include=dev\b/);
    expect(rootPackage.scripts.serve).toBe('exec npm run start -w backend');
  });
});

/**
 * Runs backend/dist/main.js as `npm run serve` does, until it has bound its port and answers /healthz,
 * or exits. "Bound" is the server's own banner (printed in its listen callback), not a /healthz that
 * answers: the port was free when chosen, but until the child binds it a parallel suite's test app
 * may take it (CI run 37: that app answered /healthz, then closed, and the next fetch was refused).
 */
type Exit = { exitCode: number | null; signal: NodeJS.Signals | null };
async function startServer(env: Record<string, string>, command: { file: string; args: string[]; cwd: string } = { file: process.execPath, args: [MAIN], cwd: path.join(REPO_ROOT, 'backend') }): Promise<Exit & { output: () => string; port: number; running: () => boolean; stop: () => Promise<Exit> }> {
  const port = await freePort();
  const child = spawn(command.file, command.args, {
    cwd: command.cwd,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', NODE_ENV: 'production', PORT: String(port), HOST: '127.0.0.1', PGLITE_DATA_DIR: 'memory://', LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (d) => { output += d; });
  child.stderr.on('data', (d) => { output += d; });
  // The signal too: an exit code of null alone says only that the process did not exit by itself.
  const exited = new Promise<Exit>((resolve) => child.on('exit', (code, signal) => resolve({ exitCode: code, signal })));
  const stop = async () => {
    if (child.exitCode === null) child.kill('SIGTERM');
    return exited;
  };
  const bound = () => output.includes(`Nirog is running at http://localhost:${port}`);
  for (;;) {
    const state = await Promise.race([
      exited,
      new Promise<{ up: boolean }>((resolve) => setTimeout(() => {
        if (!bound()) return resolve({ up: false });
        fetch(`http://127.0.0.1:${port}/healthz`).then((r) => resolve({ up: r.ok })).catch(() => resolve({ up: false }));
      }, 250)),
    ]);
    const running = () => child.exitCode === null && child.signalCode === null;
    if ('exitCode' in state) return { ...state, output: () => output, port, running, stop };
    if (state.up) return { exitCode: null, signal: null, output: () => output, port, running, stop };
  }
}

describe('the built server in production (backend/dist/main.js)', () => {
  it('starts with JWT_SECRET set and answers /healthz', async () => {
    const server = await startServer({ JWT_SECRET: SECRET });
    try {
      expect(server.exitCode).toBeNull();
      const health = await fetch(`http://127.0.0.1:${server.port}/healthz`);
      expect(await health.json()).toEqual({ status: 'ok', database: 'ok' });
      // Production's own defaults: no demo data, no payment sandbox.
      const sandbox = await fetch(`http://127.0.0.1:${server.port}/sandbox/bkash/v1.2.0-beta/tokenized/checkout/token/grant`, { method: 'POST' });
      expect(sandbox.status).toBe(404);
      expect(server.output()).not.toMatch(/Demo logins/);
    } finally {
      await server.stop();
    }
  });

  it('answers 413 to a 6 MiB avatar on signup and keeps running (the process, not only the app: Node stops at an unhandled rejection)', async () => {
    const server = await startServer({ JWT_SECRET: SECRET });
    try {
      const form = new FormData();
      form.append('name', 'Big File');
      form.append('email', 'big@example.com');
      form.append('password', 'Very-long-password-1');
      form.append('avatar', new Blob([Buffer.alloc(6 * 1024 * 1024, 7)], { type: 'image/png' }), 'big.png');
      const res = await fetch(`http://127.0.0.1:${server.port}/api/register`, { method: 'POST', body: form });
      expect(res.status).toBe(413);
      expect(((await res.json()) as { reason: string }).reason).toBe('FILE_TOO_LARGE');
      const health = await fetch(`http://127.0.0.1:${server.port}/healthz`);
      expect(health.status).toBe(200);
      expect(server.running()).toBe(true);
    } finally {
      await server.stop();
    }
  });

  it('stops gracefully when a service manager sends SIGTERM to `npm run serve`: the signal reaches node (npm scripts exec)', async () => {
    const server = await startServer({ JWT_SECRET: SECRET, LOG_LEVEL: 'info', OUTBOX_WORKER: 'false' }, { file: 'npm', args: ['run', 'serve'], cwd: REPO_ROOT });
    expect(server.exitCode).toBeNull();
    const exit = await server.stop();
    expect(server.output()).toMatch(/"signal":"SIGTERM","msg":"shutting down"/);
    expect(server.output()).toMatch(/"msg":"stopped"/);
    expect(exit).toEqual({ exitCode: 0, signal: null });
  });

  it('opens a fresh production database to its first admin: the start says how, npm run admin:create makes one, who then logs in', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'nirog-pglite-'));
    const env = { JWT_SECRET: SECRET, PGLITE_DATA_DIR: dataDir, OUTBOX_WORKER: 'false' };
    try {
      const fresh = await startServer(env);
      expect(fresh.exitCode).toBeNull();
      expect(fresh.output()).toMatch(/No admin yet: make the first one with npm run admin:create/);
      await fresh.stop();

      // As an operator would, from the repository's root; the password on standard input, not in the process list.
      const made = await new Promise<{ code: number | null; output: string }>((resolve) => {
        const child = spawn('npm', ['run', '-s', 'admin:create', '--', '--email', 'Ops@Example.com', '--name', 'Nirog Ops'], {
          cwd: REPO_ROOT,
          env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', NODE_ENV: 'production', LOG_LEVEL: 'warn', ...env },
          stdio: ['pipe', 'pipe', 'pipe'],
        });
        let output = '';
        child.stdout.on('data', (d) => { output += d; });
        child.stderr.on('data', (d) => { output += d; });
        child.stdin.end('Ops-river-2031\n');
        child.on('exit', (code) => resolve({ code, output }));
      });
      expect(made).toMatchObject({ code: 0, output: expect.stringMatching(/Admin ops@example\.com made \(1 admin now\)/) });

      const server = await startServer(env);
      try {
        expect(server.output()).not.toMatch(/No admin yet/);
        const login = await fetch(`http://127.0.0.1:${server.port}/api/login`, {
          method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: 'ops@example.com', password: 'Ops-river-2031' }),
        });
        expect(login.status).toBe(200);
        expect(((await login.json()) as { user: { role: string } }).user.role).toBe('admin');
      } finally {
        await server.stop();
      }
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('refuses to start without JWT_SECRET, or with a placeholder, naming the variable', async () => {
    const missing = await startServer({});
    expect({ exitCode: missing.exitCode, signal: missing.signal }).toEqual({ exitCode: 2, signal: null });
    expect(missing.output()).toMatch(/Configuration error: JWT_SECRET must be set in production/);
    const placeholder = await startServer({ JWT_SECRET: 'change-me-to-a-long-random-secret-of-64-characters-or-more' });
    expect({ exitCode: placeholder.exitCode, signal: placeholder.signal }).toEqual({ exitCode: 2, signal: null });
    expect(placeholder.output()).toMatch(/Configuration error: JWT_SECRET looks like a placeholder/);
  });

  it('refuses demo data, and a database whose demo accounts open with the published password, unless the instance declares itself a public demo', async () => {
    const demo = await startServer({ JWT_SECRET: SECRET, SEED_DEMO_DATA: 'true' });
    expect({ exitCode: demo.exitCode, signal: demo.signal }).toEqual({ exitCode: 2, signal: null });
    expect(demo.output()).toMatch(/SEED_DEMO_DATA cannot be on in production/);
    const dataDir = mkdtempSync(path.join(tmpdir(), 'nirog-pglite-'));
    try {
      // A public demo (declared) seeds its data and starts…
      const publicDemo = await startServer({ JWT_SECRET: SECRET, PGLITE_DATA_DIR: dataDir, SEED_DEMO_DATA: 'true', ALLOW_DEMO_LOGINS: 'true', OUTBOX_WORKER: 'false' });
      expect(publicDemo.exitCode).toBeNull();
      await publicDemo.stop();
      // …and the same database started as a real production instance is refused: admin@nirog.test opens with nirog2026.
      const real = await startServer({ JWT_SECRET: SECRET, PGLITE_DATA_DIR: dataDir, OUTBOX_WORKER: 'false' });
      expect({ exitCode: real.exitCode, signal: real.signal }).toEqual({ exitCode: 2, signal: null });
      expect(real.output()).toMatch(/Refusing to start in production: demo accounts still open with the published demo password \(.*admin@nirog\.test/);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

describe('missing static files', () => {
  let t: TestApp;
  let dist: string;
  beforeAll(async () => {
    dist = mkdtempSync(path.join(tmpdir(), 'nirog-dist-'));
    mkdirSync(path.join(dist, 'assets'));
    writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>Nirog</title><div id="root"></div>');
    writeFileSync(path.join(dist, 'assets', 'index-NEW1.js'), 'console.log("new build")');
    t = await createTestApp({ seed: false, env: { FRONTEND_DIST: dist } });
  });
  afterAll(async () => {
    await t?.close();
    rmSync(dist, { recursive: true, force: true });
  });

  it('an asset of this build is served', async () => {
    const res = await t.http().get('/assets/index-NEW1.js');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/javascript/);
  });

  it.each(['/assets/DoctorsPage-OLD0.js', '/assets/pharmacy-OLD0.css', '/assets/font-OLD0.woff2', '/assets/nested/OLD0.js', '/assets/'])(
    'a missing asset (%s) answers 404, not index.html', async (url) => {
      const res = await t.http().get(url);
      expect(res.status).toBe(404);
      expect(res.headers['content-type']).not.toMatch(/html/);
      expect(res.headers['cache-control']).toBe('no-store');
    });

  it.each(['/uploads/avatars/gone.webp', '/uploads/missing.png', '/uploads/'])('a missing upload (%s) answers 404, not index.html', async (url) => {
    const res = await t.http().get(url);
    expect(res.status).toBe(404);
    expect(res.headers['content-type']).not.toMatch(/html/);
  });

  it('a page of the app (no file) still gets index.html', async () => {
    const res = await t.http().get('/doctors/some-doctor');
    expect(res.status).toBe(200);
    expect(res.text).toContain('<div id="root">');
  });
});
