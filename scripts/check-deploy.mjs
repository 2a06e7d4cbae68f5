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

/**
 * nginx's `location` blocks (their modifier, path and body, nested blocks included), and the one it
 * picks for a request as nginx does: the URI decoded, slashes merged, dot segments resolved; an exact
 * match first, else the longest prefix. (Regex locations are refused: this judge does not run them.)
 */
function nginxLocations(conf) {
  const out = [];
  const re = /location\s+(=|\^~|~\*?)?\s*(\S+)\s*\{/g;
  let m;
  while ((m = re.exec(conf))) {
    let depth = 1;
    let i = re.lastIndex;
    for (; i < conf.length && depth; i++) depth += conf[i] === '{' ? 1 : conf[i] === '}' ? -1 : 0;
    out.push({ modifier: m[1] ?? '', path: m[2], body: conf.slice(re.lastIndex, i - 1) });
    re.lastIndex = i;
  }
  return out;
}
const locations = nginxLocations(nginxConf);
function nginxRoute(uri) {
  const at = uri.indexOf('?');
  const query = at < 0 ? '' : uri.slice(at + 1);
  const segments = [];
  for (const part of decodeURIComponent(at < 0 ? uri : uri.slice(0, at)).split('/')) {
    if (part === '..') segments.pop();
    else if (part && part !== '.') segments.push(part);
  }
  const path = `/${segments.join('/')}${/\/(\.\.?)?$/.test(uri.split('?')[0]) && segments.length ? '/' : ''}`;
  // As nginx chooses: an exact match; else the longest prefix, unless a regex location (in file
  // order) matches and that prefix is not ^~.
  const prefix = locations.filter((l) => (l.modifier === '' || l.modifier === '^~') && path.startsWith(l.path)).sort((a, b) => b.path.length - a.path.length)[0];
  const regex = prefix?.modifier === '^~' ? undefined
    : locations.find((l) => l.modifier.startsWith('~') && new RegExp(l.path, l.modifier === '~*' ? 'i' : '').test(path));
  const loc = locations.find((l) => l.modifier === '=' && l.path === path) ?? regex ?? prefix;
  if (!loc) return { status: 404 };
  const topLevel = loc.body.replace(/\{[^{}]*\}/g, '{}');
  const ret = /(?:^|[;{}\s])return\s+(\d{3})/.exec(topLevel);
  if (ret) return { status: Number(ret[1]), location: loc.path };
  const ifArgs = /if\s*\(\s*\$args\s*\)\s*\{\s*return\s+(\d{3})\s*;\s*\}/.exec(loc.body);
  if (ifArgs && query) return { status: Number(ifArgs[1]), location: loc.path };
  const upstream = /proxy_pass\s+https?:\/\/([\w$-]+)/.exec(topLevel)?.[1];
  return upstream ? { upstream, location: loc.path } : { status: 404, location: loc.path };
}
const upstreamServers = (name) => new RegExp(`upstream\\s+${name}\\s*\\{([^}]*)\\}`).exec(nginxConf)?.[1] ?? '';

await check('uploaded files are reachable: S3_PUBLIC_URL is a path the proxy routes to the bucket', async () => {
  if (!apiEnv.S3_BUCKET) return;
  const publicUrl = new URL(apiEnv.S3_PUBLIC_URL);
  const site = new URL(apiEnv.PUBLIC_URL);
  const proxy = services.proxy ?? {};
  const published = (proxy.ports ?? []).map((p) => String(p).split(':').slice(-2, -1)[0]);
  assert(publicUrl.origin === site.origin && published.includes(site.port || '80'), `S3_PUBLIC_URL ${publicUrl} is not on the proxy's published address ${site.origin}`);
  const prefix = publicUrl.pathname.replace(/\/?$/, '/');
  assert(prefix === `/${apiEnv.S3_BUCKET}/`, `S3_PUBLIC_URL's path ${prefix} is not the bucket /${apiEnv.S3_BUCKET}/ (the proxy forwards the path as is)`);
  const { PUBLIC_FOLDERS } = await import(pathToFileURL(path.join(root, 'backend/dist/common/storage.js')).href);
  const storageHost = new URL(apiEnv.S3_ENDPOINT).host;
  for (const folder of PUBLIC_FOLDERS) {
    const to = nginxRoute(`${prefix}${folder}/0b7c2e4a.webp`);
    assert(to.upstream, `${prefix}${folder}/… is not proxied (${JSON.stringify(to)})`);
    assert(upstreamServers(to.upstream).includes(`server ${storageHost}`), `${prefix}${folder}/… goes to ${to.upstream}, not to the storage service ${storageHost}`);
  }
});

await check('the bucket lets anyone read the public pictures by name and nothing else: no listing, never private/ (medical files)', async () => {
  const bucket = apiEnv.S3_BUCKET;
  if (!bucket) return;
  const { PUBLIC_FOLDERS, PRIVATE_S3_PREFIX } = await import(pathToFileURL(path.join(root, 'backend/dist/common/storage.js')).href);
  const init = services['storage-init'] ?? {};
  const script = [].concat(init.entrypoint ?? [], init.command ?? []).join(' ');
  assert(!/mc\s+(anonymous|policy)\s+(set\s+)?(download|public|upload|readonly|readwrite)\b/.test(script),
    'storage-init grants a canned anonymous policy (download, public…): it covers every key, private/ too, and lets anyone list the bucket');
  const installs = /mc\s+anonymous\s+set-json\s+(\S+)\s+[\w-]+\/([\w.-]+)/.exec(script);
  assert(installs && installs[2] === bucket, `storage-init does not install a bucket policy on ${bucket} (mc anonymous set-json <file> <alias>/${bucket})`);
  const mount = (init.volumes ?? []).map(String).find((v) => v.split(':')[1] === installs[1]);
  assert(mount?.startsWith('./deploy/storage-policy.json:'), `${installs[1]} is not deploy/storage-policy.json, mounted into storage-init`);
  const policy = JSON.parse(read('deploy/storage-policy.json'));
  const arn = `arn:aws:s3:::${bucket}`;
  const granted = new Set();
  for (const st of policy.Statement ?? []) {
    assert(!st.Condition && !st.NotAction && !st.NotResource && !st.NotPrincipal, 'a statement uses a Condition or NotAction/NotResource/NotPrincipal: keep the policy a plain list this check can read');
    if (st.Effect !== 'Allow') continue;
    const actions = [].concat(st.Action ?? []);
    assert(actions.length && actions.every((a) => a === 's3:GetObject'), `the policy allows ${actions.join(', ')}: only s3:GetObject (an object by its name), never s3:ListBucket or a wildcard`);
    for (const resource of [].concat(st.Resource ?? [])) {
      const folder = /^([a-z0-9-]+)\/\*$/.exec(resource.startsWith(`${arn}/`) ? resource.slice(arn.length + 1) : '')?.[1];
      assert(folder, `the policy grants ${resource}: only ${arn}/<public folder>/*`);
      assert(PUBLIC_FOLDERS.includes(folder) && `${folder}/` !== PRIVATE_S3_PREFIX, `the policy grants ${folder}/, which is not a public folder (${PUBLIC_FOLDERS.join(', ')})`);
      granted.add(folder);
    }
  }
  const unread = PUBLIC_FOLDERS.filter((f) => !granted.has(f));
  assert(!unread.length, `public folders the policy does not open (their pictures would not load): ${unread.join(', ')}`);
});

await check('nginx refuses listing queries and the bucket\'s root, and never proxies its private prefix', () => {
  const bucket = apiEnv.S3_BUCKET;
  if (!bucket) return;
  const refused = [
    `/${bucket}/`, `/${bucket}`, `/${bucket}/?prefix=prescriptions/`, `/${bucket}/?list-type=2&prefix=private/`, `/${bucket}/?delimiter=/&max-keys=1000`,
    `/${bucket}/avatars/?delimiter=/`, `/${bucket}/?versions`, `/${bucket}/?uploads`, `/${bucket}/?policy`, `/${bucket}/avatars/a.webp?acl`,
    `/${bucket}/private/prescriptions/0b7c2e4a.webp`, `/${bucket}//private/prescriptions/0b7c2e4a.webp`, `/${bucket}/%70rivate/prescriptions/0b7c2e4a.webp`,
    `/${bucket}/avatars/../private/prescriptions/0b7c2e4a.webp`, `/${bucket}/./private/`, `/${bucket}/private/`,
  ];
  const storage = new URL(apiEnv.S3_ENDPOINT).host;
  for (const uri of refused) {
    const to = nginxRoute(uri);
    // Not to the storage: refused by nginx, or (the bucket's name without its slash) an ordinary path of the app.
    const toStorage = to.upstream && upstreamServers(to.upstream).includes(`server ${storage}`);
    assert(!toStorage && (to.status ?? 0) !== 200, `GET ${uri} reaches the storage (${JSON.stringify(to)})`);
  }
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

await check('nginx refuses /metrics (any case, a trailing slash) and limits public search per client address', () => {
  const refusal = /location\s+~\*\s+\^\/metrics\(\/\|\$\)\s*\{\s*return\s+40[34];\s*\}/.test(nginxConf);
  assert(refusal, 'deploy/nginx.conf has no "location ~* ^/metrics(/|$) { return 404; }": /metrics would answer through the public door');
  const zone = /limit_req_zone\s+\$(\w+)\s+zone=(\w+):/.exec(nginxConf);
  assert(zone, 'deploy/nginx.conf has no limit_req_zone');
  const key = new RegExp(`map\\s+\\$args\\s+\\$${zone[1]}\\s*\\{([^}]*)\\}`).exec(nginxConf)?.[1] ?? '';
  assert(/default\s+""/.test(key) && /keyword\|search/.test(key) && key.includes('$binary_remote_addr'), `the limit's key $${zone[1]} is not the client address for searches (keyword, search) and empty otherwise`);
  const root = /location\s+\/\s*\{([^}]*)\}/.exec(nginxConf)?.[1] ?? '';
  assert(new RegExp(`limit_req\\s+zone=${zone[2]}\\b`).test(root) && /limit_req_status\s+429/.test(root), `location / does not apply zone ${zone[2]} with status 429`);
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
