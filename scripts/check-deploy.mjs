#!/usr/bin/env node
// Checks the deployment files with what runs here (no Docker on CI): docker-compose.yml against the
// Compose specification's JSON schema (deploy/compose-spec.json, vendored from compose-spec/compose-spec
// at commit a08f8d51631b7127ddac3d2c65537db429d0f1d0), the invariants of our stack (restart policies,
// PostgreSQL health over TCP, secrets not written in the file, uploads reachable through the proxy,
// nginx re-resolving the replicas), the Dockerfile's shape (multi-stage, production dependencies only,
// a non-root user), and then runs the image's dependency stage for real: its RUN in a temp copy of the
// package files, the build's output copied in as the runtime stage copies it, and the runtime CMD
// started with NODE_ENV=production until it answers /healthz.
// Needs the build (backend/dist, frontend/dist) and the npm registry. Ends with "N passed, N failed";
// `--json file` writes the same for scripts/test-all.mjs. `--static` skips the install and the start.
import { spawn, spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import Ajv from 'ajv';
import YAML from 'yaml';
import { SERVER_NODE_FLAGS } from './server-flags.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
const jsonOut = args.includes('--json') ? args[args.indexOf('--json') + 1] : undefined;
const staticOnly = args.includes('--static');
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

const read = (file) => readFileSync(path.join(root, file), 'utf8');
const compose = YAML.parse(read('docker-compose.yml'));
const services = compose.services ?? {};
const nginxConf = read('deploy/nginx.conf').replace(/#.*$/gm, '');

// ---- docker-compose.yml
console.log('docker-compose.yml');
await check('is valid against the Compose specification schema', () => {
  const ajv = new Ajv({ strict: false, allErrors: true, validateSchema: false });
  const validate = ajv.compile(JSON.parse(read('deploy/compose-spec.json')));
  assert(validate(compose), (validate.errors ?? []).map((e) => `${e.instancePath || '/'} ${e.message}`).join('\n'));
});

const RESTART = /^(always|unless-stopped|on-failure(:\d+)?)$/;
await check('every service has a restart policy (one-shot jobs: on-failure)', () => {
  for (const [name, s] of Object.entries(services)) {
    assert(RESTART.test(s.restart ?? ''), `service ${name}: restart is "${s.restart ?? ''}", want always, unless-stopped or on-failure`);
  }
});

const api = services.api ?? {};
const apiEnv = api.environment ?? {};
await check('PostgreSQL is healthy only when its real server answers over TCP on the port the API uses', () => {
  const test = [].concat(services.postgres?.healthcheck?.test ?? []).join(' ');
  assert(/pg_isready/.test(test), 'postgres has no pg_isready health check');
  const host = /-h\s+(\S+)/.exec(test)?.[1];
  const port = /-p\s+(\d+)/.exec(test)?.[1];
  assert(host && !host.startsWith('/'), 'pg_isready checks the socket (no -h host): during the first run the image\'s temporary server answers there');
  const db = new URL(apiEnv.DATABASE_URL);
  assert(port === (db.port || '5432'), `pg_isready checks port ${port}, the API connects to ${db.port || '5432'}`);
  assert(api.depends_on?.postgres?.condition === 'service_healthy', 'api does not wait for postgres to be healthy');
});

await check('secrets are asked for, not written in the file (production refuses placeholders)', () => {
  for (const name of ['JWT_SECRET', 'PAYMENT_SANDBOX_SECRET']) {
    if (apiEnv[name] === undefined) continue;
    assert(new RegExp(`^\\$\\{${name}:\\?`).test(String(apiEnv[name])), `${name} is "${apiEnv[name]}": use \${${name}:?message} so compose asks for it`);
  }
});

await check('the API environment is one production accepts (backend/dist/config.js), TRUST_PROXY a hop count', async () => {
  const { loadConfig } = await import(pathToFileURL(path.join(root, 'backend/dist/config.js')).href);
  const env = Object.fromEntries(Object.entries(apiEnv).map(([k, v]) => [k, String(v).replace(/^\$\{(\w+):\?.*\}$/, () => 'a1b2c3d4e5f60718293a4b5c6d7e8f90')]));
  const config = loadConfig(env);
  assert(config.isProduction, 'the API does not run with NODE_ENV=production');
  assert(config.trustProxy === 1, `TRUST_PROXY is parsed as ${JSON.stringify(config.trustProxy)}: one nginx in front means 1`);
});

await check('uploaded files are reachable: S3_PUBLIC_URL is a path the proxy routes to the bucket', () => {
  if (!apiEnv.S3_BUCKET) return;
  const publicUrl = new URL(apiEnv.S3_PUBLIC_URL);
  const site = new URL(apiEnv.PUBLIC_URL);
  const proxy = services.proxy ?? {};
  const published = (proxy.ports ?? []).map((p) => String(p).split(':').slice(-2, -1)[0]);
  assert(publicUrl.origin === site.origin && published.includes(site.port || '80'), `S3_PUBLIC_URL ${publicUrl} is not on the proxy's published address ${site.origin}`);
  const prefix = publicUrl.pathname.replace(/\/?$/, '/');
  const location = new RegExp(`location\\s+${prefix.replace(/[/.]/g, '\\$&')}\\s*\\{([^}]*\\{[^}]*\\}[^}]*|[^}]*)\\}`).exec(nginxConf);
  assert(location, `deploy/nginx.conf has no "location ${prefix}" for the bucket`);
  const upstream = /proxy_pass\s+https?:\/\/([\w$-]+)/.exec(location[1])?.[1];
  const storageHost = new URL(apiEnv.S3_ENDPOINT).host;
  const servers = new RegExp(`upstream\\s+${upstream}\\s*\\{([^}]*)\\}`).exec(nginxConf)?.[1] ?? '';
  assert(servers.includes(`server ${storageHost}`) || location[1].includes(storageHost), `location ${prefix} does not proxy to the storage service ${storageHost}`);
  assert(prefix === `/${apiEnv.S3_BUCKET}/`, `S3_PUBLIC_URL's path ${prefix} is not the bucket /${apiEnv.S3_BUCKET}/ (the proxy forwards the path as is)`);
});

await check('nginx re-resolves the services it proxies (resolver, and resolve or a variable in proxy_pass)', () => {
  const mounted = (services.proxy?.volumes ?? []).some((v) => String(v).startsWith('./deploy/nginx.conf:'));
  assert(mounted, 'the proxy does not mount deploy/nginx.conf');
  assert(/^\s*resolver\s+\S+/m.test(nginxConf), 'deploy/nginx.conf has no resolver');
  for (const [, target] of nginxConf.matchAll(/proxy_pass\s+https?:\/\/([^;/\s]+)/g)) {
    if (target.startsWith('$')) continue;
    const block = new RegExp(`upstream\\s+${target}\\s*\\{([^}]*)\\}`).exec(nginxConf)?.[1];
    assert(block, `proxy_pass to ${target}: a name resolved once at start (use an upstream with "resolve", or a variable)`);
    assert(/\bzone\s+\S+/.test(block), `upstream ${target} has no zone (needed by resolve)`);
    for (const server of block.matchAll(/^\s*server\s+([^;]+);/gm)) {
      assert(/\bresolve\b/.test(server[1]), `upstream ${target}: "server ${server[1]}" is resolved once at start`);
    }
  }
  const tag = /nginx:(\d+)\.(\d+)\.(\d+)/.exec(services.proxy?.image ?? '');
  assert(tag && (Number(tag[1]) > 1 || Number(tag[2]) > 27 || (Number(tag[2]) === 27 && Number(tag[3]) >= 3)), `nginx image ${services.proxy?.image}: "resolve" in an upstream needs 1.27.3 or later, pinned`);
});

await check('nginx passes the live socket through: WebSocket upgrades of /graphql, kept open longer than the heartbeat', () => {
  const block = /location\s+(=\s*)?\/graphql\s*\{([^}]*)\}/.exec(nginxConf)?.[2];
  assert(block, 'deploy/nginx.conf has no "location = /graphql": the WebSocket upgrade of subscriptions needs its own headers');
  assert(/proxy_pass\s+http:\/\/nirog_api\b/.test(block), 'location /graphql does not proxy to the API replicas');
  assert(/proxy_http_version\s+1\.1\s*;/.test(block), 'location /graphql: a WebSocket upgrade needs proxy_http_version 1.1');
  assert(/proxy_set_header\s+Upgrade\s+\$http_upgrade\s*;/.test(block), 'location /graphql does not pass the Upgrade header on');
  const connection = /proxy_set_header\s+Connection\s+(\S+)\s*;/.exec(block)?.[1];
  assert(connection === '$connection_upgrade' && /map\s+\$http_upgrade\s+\$connection_upgrade\s*\{[^}]*default\s+upgrade;[^}]*''\s+close;/.test(nginxConf),
    'location /graphql: Connection must be $connection_upgrade, mapped from $http_upgrade (upgrade, or close for a plain request)');
  assert(/proxy_set_header\s+X-Forwarded-For\s+\$proxy_add_x_forwarded_for\s*;/.test(block), 'location /graphql does not pass the client address on (TRUST_PROXY, per-address limits)');
  const heartbeat = Number(apiEnv.LIVE_HEARTBEAT_SECONDS ?? 25);
  const read = /proxy_read_timeout\s+(\d+)s?\s*;/.exec(block)?.[1];
  assert(read && Number(read) > 2 * heartbeat, `location /graphql: proxy_read_timeout ${read ?? '60 (the default)'} s must outlast two heartbeats (${heartbeat} s each)`);
});

// ---- Dockerfile
console.log('Dockerfile');
function parseDockerfile(text) {
  const lines = text.replace(/\\\r?\n/g, ' ').split(/\r?\n/).map((l) => l.trim()).filter((l) => l && !l.startsWith('#'));
  const stages = [];
  for (const line of lines) {
    const [instruction, ...rest] = line.split(/\s+/);
    const argsText = rest.join(' ');
    if (/^FROM$/i.test(instruction)) {
      stages.push({ name: /\bAS\s+(\S+)/i.exec(argsText)?.[1] ?? String(stages.length), from: rest[0], steps: [] });
    } else stages.at(-1)?.steps.push({ instruction: instruction.toUpperCase(), args: argsText });
  }
  return stages;
}
const stages = parseDockerfile(read('Dockerfile'));
const runtime = stages.at(-1);
const rootScripts = JSON.parse(read('package.json')).scripts;

await check('is multi-stage; the build stage installs dev dependencies and runs the same build as npm run build', () => {
  assert(stages.length >= 2, `${stages.length} stage(s)`);
  const build = stages.find((s) => s.steps.some((st) => st.instruction === 'RUN' && /npm run build/.test(st.args)));
  assert(build && build !== runtime, 'no build stage apart from the runtime one');
  const install = build.steps.find((st) => st.instruction === 'RUN' && /npm (install|ci)/.test(st.args));
  assert(install && /--include=dev/.test(install.args), 'the build stage\'s npm install does not --include=dev (NODE_ENV=production would drop the build tools)');
  assert(/npm install .*--include=dev/.test(rootScripts.setup), 'npm run setup does not --include=dev');
});

await check('the runtime stage holds production dependencies only and the build\'s output, no source', () => {
  const copies = runtime.steps.filter((st) => st.instruction === 'COPY');
  const build = stages.find((s) => s.steps.some((st) => st.instruction === 'RUN' && /npm run build/.test(st.args)));
  for (const c of copies) {
    assert(/--from=/.test(c.args), `runtime stage copies from the build context: COPY ${c.args}`);
    const [src] = c.args.split(/\s+/).filter((p) => !p.startsWith('--'));
    assert(!(new RegExp(`--from=${build?.name}\\b`).test(c.args) && /^\/app(\/|\/node_modules\/?)?$/.test(src)),
      `runtime stage copies the build stage's whole tree or its dev node_modules: COPY ${c.args}`);
  }
  const depsStage = stages.find((s) => copies.some((c) => new RegExp(`--from=${s.name}\\b`).test(c.args) && /\s\/app\s+\.\/?$/.test(c.args)));
  assert(depsStage, 'the runtime stage takes node_modules from no stage');
  const install = depsStage.steps.find((st) => st.instruction === 'RUN' && /npm (install|ci)/.test(st.args));
  assert(install && /--omit=dev/.test(install.args), `stage ${depsStage.name} installs without --omit=dev`);
  assert(!depsStage.steps.some((st) => st.instruction === 'COPY' && /^\.\s/.test(st.args)), `stage ${depsStage.name} copies the whole source`);
});

await check('the runtime stage runs as a non-root user, in production', () => {
  const users = runtime.steps.filter((st) => st.instruction === 'USER');
  const user = users.at(-1)?.args;
  assert(user && !/^(root|0)(:|$)/.test(user), `final USER is ${user ?? 'not set (root)'}`);
  assert(runtime.steps.some((st) => st.instruction === 'ENV' && /NODE_ENV[= ]production/.test(st.args)), 'NODE_ENV=production is not set');
  const cmd = runtime.steps.findLast((st) => st.instruction === 'CMD')?.args ?? '';
  assert(/backend\/dist\/main\.js/.test(cmd), `CMD ${cmd} does not start backend/dist/main.js`);
  // The server's Node flags (the young generation's size, README "Performance") are backend/package.json's
  // start script's: the image must not run a differently tuned server than `npm start` and the bench.
  const cmdFlags = JSON.parse(cmd).filter((a) => a.startsWith('--'));
  assert(JSON.stringify(cmdFlags) === JSON.stringify(SERVER_NODE_FLAGS), `CMD's Node flags ${JSON.stringify(cmdFlags)} differ from backend/package.json's start script (${JSON.stringify(SERVER_NODE_FLAGS)})`);
});

// ---- the image's dependency stage and runtime, for real
if (!staticOnly) {
  console.log('Dockerfile, run here (a temp copy)');
  const dir = mkdtempSync(path.join(tmpdir(), 'nirog-image-'));
  try {
    const depsStage = stages.find((s) => s.steps.some((st) => st.instruction === 'RUN' && /--omit=dev/.test(st.args)));
    await check(`stage ${depsStage?.name}: its COPY and RUN steps install the production dependencies`, () => {
      for (const st of depsStage.steps) {
        if (st.instruction === 'COPY') {
          const parts = st.args.split(/\s+/).filter((p) => !p.startsWith('--'));
          const dest = path.join(dir, parts.at(-1));
          for (const src of parts.slice(0, -1)) {
            const target = parts.at(-1).endsWith('/') || parts.length > 2 ? path.join(dest, path.basename(src)) : dest;
            mkdirSync(path.dirname(target), { recursive: true });
            cpSync(path.join(root, src), target);
          }
        } else if (st.instruction === 'RUN') {
          const r = spawnSync('sh', ['-c', st.args], { cwd: dir, stdio: 'inherit' });
          assert(r.status === 0, `RUN ${st.args} exited ${r.status}`);
        }
      }
      const installed = new Set(readdirSync(path.join(dir, 'node_modules')));
      const dev = ['typescript', 'vite', 'jest', '@playwright', '@graphql-codegen', 'vitest', 'react', 'antd', 'node'].filter((p) => installed.has(p));
      assert(dev.length === 0, `dev or frontend packages in the runtime's node_modules: ${dev.join(', ')}`);
    });

    await check('the runtime stage\'s files (copied from this build) start in production and answer /healthz; a missing chunk is 404', async () => {
      for (const st of runtime.steps.filter((s) => s.instruction === 'COPY' && !/\s\/app\s+\.\/?$/.test(s.args))) {
        const [src, dest] = st.args.split(/\s+/).filter((p) => !p.startsWith('--'));
        const from = path.join(root, src.replace(/^\/app\//, ''));
        assert(existsSync(from), `${src} is missing here (run npm run build first)`);
        mkdirSync(path.dirname(path.join(dir, dest)), { recursive: true });
        cpSync(from, path.join(dir, dest), { recursive: true });
      }
      const port = await new Promise((resolve) => { const s = net.createServer().listen(0, '127.0.0.1', () => { const p = s.address().port; s.close(() => resolve(p)); }); });
      const cmd = JSON.parse(runtime.steps.findLast((st) => st.instruction === 'CMD').args);
      assert(cmd[0] === 'node', `CMD ${cmd.join(' ')}`);
      const child = spawn(process.execPath, cmd.slice(1), {
        cwd: dir,
        env: { PATH: process.env.PATH, NODE_ENV: 'production', PORT: String(port), HOST: '127.0.0.1', PGLITE_DATA_DIR: 'memory://', LOG_LEVEL: 'warn', JWT_SECRET: 'a1b2c3d4e5f60718293a4b5c6d7e8f90a1b2c3d4' },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let output = '';
      child.stdout.on('data', (d) => { output += d; });
      child.stderr.on('data', (d) => { output += d; });
      const exited = new Promise((resolve) => child.on('exit', resolve));
      try {
        let up = false;
        while (!up && child.exitCode === null) {
          await new Promise((r) => setTimeout(r, 300));
          up = await fetch(`http://127.0.0.1:${port}/healthz`).then((r) => r.ok, () => false);
        }
        assert(up, `the server exited ${child.exitCode}:\n${output.slice(-2000)}`);
        const home = await fetch(`http://127.0.0.1:${port}/`);
        assert(home.status === 200 && /<div id="root"[ >]/.test(await home.text()), 'the frontend is not served');
        const chunk = await fetch(`http://127.0.0.1:${port}/assets/missing-0000.js`);
        assert(chunk.status === 404, `a missing chunk answers ${chunk.status}`);
      } finally {
        child.kill('SIGTERM');
        await Promise.race([exited, new Promise((r) => setTimeout(r, 10000))]);
        if (child.exitCode === null) child.kill('SIGKILL');
      }
    });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const passed = results.filter((r) => r.ok).length;
const failed = results.length - passed;
if (jsonOut) writeFileSync(jsonOut, JSON.stringify({ passed, failed, results }, null, 2));
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);
