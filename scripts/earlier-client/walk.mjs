#!/usr/bin/env node
// Walks the earlier client (health-bridge, served by serve.mjs on the same origin as Nirog) in
// headless Chromium, for every route of its router and for each role, and writes
// report.json + report.md + shots/<role>-<route>.png.
//
//   node walk.mjs [--base http://127.0.0.1:4500] [--out /work/earlier-client]
//                 [--roles visitor,patient,doctor,admin] [--routes /,/medicine] [--no-order]
//   env: BASE, OUT_DIR, ROLES, ROUTES, CHROMIUM_PATH (default /usr/bin/chromium), PASSWORD
//
// Only the serve.mjs origin is reached: every request to another origin (tailwind CDN, the
// Kommunicate chat widget, fonts, ...) is aborted and listed under "blocked external requests".

import fs from 'node:fs';
import path from 'node:path';
import { chromium } from '../../node_modules/playwright-core/index.mjs';

// The client's checkout and build, and where reports go: EARLIER_CLIENT_DIR (see README.md here).
const here = path.resolve(process.env.EARLIER_CLIENT_DIR || '/tmp/earlier-client');
function arg(name, fallback) {
  const i = process.argv.lastIndexOf(`--${name}`); // the last one wins (run-all.sh passes WALK_ARGS after its own)
  if (i >= 0 && process.argv[i + 1] && !process.argv[i + 1].startsWith('--')) return process.argv[i + 1];
  return fallback;
}
const BASE = (arg('base', process.env.BASE || 'http://127.0.0.1:4500')).replace(/\/$/, '');
const ORIGIN = new URL(BASE).origin;
const OUT = path.resolve(arg('out', process.env.OUT_DIR || here));
const SHOTS = path.join(OUT, 'shots');
const CHROMIUM = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
const PASSWORD = process.env.PASSWORD || 'nirog2026';
const ROLE_FILTER = (arg('roles', process.env.ROLES || '')).split(',').filter(Boolean);
const ROUTE_FILTER = (arg('routes', process.env.ROUTES || '')).split(',').filter(Boolean);
const DO_ORDER = !process.argv.includes('--no-order') && process.env.NO_ORDER !== '1';
const APP_JS = path.join(here, 'src-repo', 'src', 'App.js');

const ROLES = [
  { role: 'visitor' },
  { role: 'patient', email: 'patient@nirog.test', loginPath: '/user-signin', apiLogin: '/login' },
  { role: 'doctor', email: 'doctor@nirog.test', loginPath: '/doctor/login', apiLogin: '/login/doctor' },
  { role: 'admin', email: 'admin@nirog.test', loginPath: '/user-signin', apiLogin: '/login' },
].filter((r) => !ROLE_FILTER.length || ROLE_FILTER.includes(r.role));

// ---------------------------------------------------------------- routes
// Read from the client's own router (src-repo/src/App.js); the list below is the same router
// at commit 8341641 and is used only when App.js is not there.
const FALLBACK_ROUTES = ['/', '/home', '/consultation', '/user-signin', '/user-signup', '/activation/:activation_token', '/user/password', '/password/reset/:token', '/user/change/password', '/user/updateinfo', '/user/update/profile', '/user-info', '/user/confirm/email', '/doctor/signup', '/doctor/login', '/doctor-info', '/doctor-forgot-password', '/forgot/password/reset/:token', '/doctor/change/password', '/doctor/set-url', '/doctor-booking', '/doctor/:doctorId', '/doctors', '/book-appointment', '/hospital/appointment', '/payment/successfull/:tranId', '/contact', '/about', '/insurance', '/nurses', '/nurse/:nurseId', '/my-booking', '/my-order', '/my/hire-nurses', '/chat', '/admin-appointments', '/appointment/:appointmentId', '/admin/all-doctors', '/admin/create-doctor', '/admin/create-nurse', '/update-doctor/:doctorId', '/update-nurse/:nurseId', '/admin/all-nurses', '/admin/all-hired-nurses', '/admin-dashboard', '/admin/alluser', '/bloods', '/medicine', '/ambulance', '/cart', '/shipping', '/order/payment/successfull/:tranId', '/admin/user/order', '/my-prescription'];

function readRoutes() {
  try {
    const src = fs.readFileSync(APP_JS, 'utf8');
    const found = [];
    const re = /<Route\b[^>]*?\bpath=["']([^"']+)["']([^>]*?)element=\{([\s\S]*?)\}\s*\/?>/g;
    let m;
    while ((m = re.exec(src))) {
      const p = m[1];
      const el = m[3];
      if (!found.some((r) => r.path === p)) found.push({ path: p, private: /PrivateRoute/.test(el), component: (el.match(/<\s*(\w+)/g) || []).map((s) => s.replace(/[<\s]/g, '')).filter((c) => c !== 'PrivateRoute')[0] || '' });
    }
    if (found.length) return { source: APP_JS, routes: found };
  } catch { /* fall through */ }
  return { source: 'built-in list (App.js not found)', routes: FALLBACK_ROUTES.map((p) => ({ path: p, private: null, component: '' })) };
}

// Who each route is for (to tell an expected refusal from a broken call).
const ADMIN = new Set(['/admin-appointments', '/appointment/:appointmentId', '/admin/all-doctors', '/admin/create-doctor', '/admin/create-nurse', '/update-doctor/:doctorId', '/update-nurse/:nurseId', '/admin/all-nurses', '/admin/all-hired-nurses', '/admin-dashboard', '/admin/alluser', '/admin/user/order']);
const DOCTOR = new Set(['/doctor/change/password', '/doctor/set-url', '/doctor-booking', '/doctor-info']);
const PATIENT = new Set(['/book-appointment', '/hospital/appointment', '/my-booking', '/my-order', '/my/hire-nurses', '/chat', '/shipping', '/my-prescription']);
const ACCOUNT = new Set(['/user/change/password', '/user/updateinfo', '/user/update/profile', '/user-info']);
function audience(p) {
  if (ADMIN.has(p)) return ['admin'];
  if (DOCTOR.has(p)) return ['doctor'];
  if (PATIENT.has(p)) return ['patient'];
  if (ACCOUNT.has(p)) return ['patient', 'admin'];
  return ['visitor', 'patient', 'doctor', 'admin'];
}

// ---------------------------------------------------------------- helpers
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi;
function apiKey(method, pathAndQuery) {
  const [p, q] = pathAndQuery.split('?');
  let key = p.replace(UUID, ':id').replace(/NRG[A-Z0-9]{6,}/g, ':tranId');
  if (q !== undefined) {
    // keep parameter names and short values; long values (payment references, signatures) become :v
    key += `?${q.split('&').map((kv) => { const [k, v = ''] = kv.split('='); return `${k}=${v.length >= 12 || UUID.test(v) ? ':v' : v}`; }).join('&')}`;
    UUID.lastIndex = 0;
  }
  return `${method} ${key}`;
}
function slug(p) {
  if (p === '/') return 'root';
  return p.replace(/^\//, '').replace(/:/g, '').replace(/[^A-Za-z0-9_-]+/g, '_');
}
function short(s, n = 300) {
  if (s == null) return s;
  s = String(s);
  return s.length > n ? `${s.slice(0, n)}…` : s;
}
function bodyFacts(text) {
  try {
    const j = JSON.parse(text);
    if (j && typeof j === 'object') {
      return { code: j.code ?? j.error?.code ?? null, reason: j.reason ?? null, message: j.message ?? j.error?.message ?? (typeof j.error === 'string' ? j.error : null) };
    }
  } catch { /* not JSON */ }
  return { code: null, reason: null, message: short(text, 200) };
}

async function apiFetch(method, p, { token, body } = {}) {
  const headers = { 'content-type': 'application/json' };
  if (token) headers.authorization = token; // the earlier client sends the bare token
  const res = await fetch(`${BASE}/api${p}`, { method, headers, body: body ? JSON.stringify(body) : undefined });
  const text = await res.text();
  let json = null;
  try { json = JSON.parse(text); } catch { /* not JSON */ }
  return { status: res.status, json, text };
}

// ---------------------------------------------------------------- ids for :param routes
async function resolveIds(log) {
  const ids = { notes: {} };
  const doctors = await apiFetch('GET', '/doctors');
  ids.doctorId = doctors.json?.doctors?.[0]?._id ?? null;
  ids.notes.doctorId = ids.doctorId ? `GET /api/doctors → doctors[0] (${doctors.json.doctors[0].name})` : `GET /api/doctors answered ${doctors.status}`;
  const nurses = await apiFetch('GET', '/get/nurses');
  ids.nurseId = nurses.json?.nurses?.[0]?._id ?? null;
  ids.notes.nurseId = ids.nurseId ? `GET /api/get/nurses → nurses[0] (${nurses.json.nurses[0].name})` : `GET /api/get/nurses answered ${nurses.status}`;
  const admin = await apiFetch('POST', '/login', { body: { email: 'admin@nirog.test', password: PASSWORD } });
  if (admin.json?.token) {
    const appts = await apiFetch('GET', '/getall/appointment', { token: admin.json.token });
    ids.appointmentId = appts.json?.appointments?.[0]?._id ?? null;
    ids.notes.appointmentId = ids.appointmentId ? 'GET /api/getall/appointment (admin) → appointments[0]' : `GET /api/getall/appointment answered ${appts.status}`;
  } else {
    ids.notes.appointmentId = `admin login via POST /api/login answered ${admin.status}`;
  }
  const patient = await apiFetch('POST', '/login', { body: { email: 'patient@nirog.test', password: PASSWORD } });
  if (patient.json?.token) {
    const orders = await apiFetch('GET', '/orders/myorders', { token: patient.json.token });
    const o = orders.json?.orders?.find((x) => x.paymentInfo?.id);
    ids.orderTranId = o?.paymentInfo?.id ?? null;
    ids.notes.orderTranId = ids.orderTranId ? 'GET /api/orders/myorders (patient) → an existing order\'s paymentInfo.id (replaced by the walk\'s own order when it is placed)' : `GET /api/orders/myorders answered ${orders.status}`;
  }
  ids.appointmentTranId = ids.orderTranId; // the page does not call the API with it
  ids.notes.appointmentTranId = 'the /payment/successfull page makes no API call with the id; an order tranId is used';
  ids.token = 'walk-not-a-real-token';
  ids.notes.token = 'dummy (no real activation / reset token is readable through /api); a refusal of it is expected';
  log(`ids: ${JSON.stringify({ ...ids, notes: undefined })}`);
  return ids;
}

function fillRoute(p, ids) {
  const map = {
    ':doctorId': ids.doctorId, ':nurseId': ids.nurseId, ':appointmentId': ids.appointmentId,
    ':activation_token': ids.token, ':token': ids.token,
  };
  let out = p;
  const used = [];
  for (const [k, v] of Object.entries(map)) {
    if (out.includes(k)) { out = out.replace(k, encodeURIComponent(v ?? 'missing-id')); used.push(k); }
  }
  if (out.includes(':tranId')) {
    const v = p.startsWith('/order/') ? ids.orderTranId : ids.appointmentTranId;
    out = out.replace(':tranId', encodeURIComponent(v ?? 'missing-id'));
    used.push(':tranId');
  }
  return { url: out, params: used };
}

// ---------------------------------------------------------------- page instrumentation
function instrument(page, sink) {
  // sink.cur is the collector of the step under way
  const inflight = new Set();
  sink.inflight = inflight;
  sink.lastActivity = Date.now();
  page.on('request', (req) => { inflight.add(req); sink.lastActivity = Date.now(); });
  const done = (req) => { inflight.delete(req); sink.lastActivity = Date.now(); };
  page.on('requestfinished', done);
  page.on('requestfailed', (req) => {
    done(req);
    const u = new URL(req.url());
    const c = sink.cur;
    if (!c) return;
    if (u.origin !== ORIGIN) return; // blocked externals are counted by the router
    const entry = { method: req.method(), path: u.pathname + u.search, status: null, failure: req.failure()?.errorText ?? 'failed' };
    if (u.pathname.startsWith('/api/')) { c.apiCalls.push(entry); c.failedApi.push(entry); }
    else c.failedAssets.push(entry);
  });
  page.on('response', async (res) => {
    const c = sink.cur;
    if (!c) return;
    const req = res.request();
    const u = new URL(res.url());
    if (u.origin !== ORIGIN) return;
    const status = res.status();
    if (status >= 300 && status < 400) c.redirects.push({ method: req.method(), path: u.pathname + u.search, status, location: res.headers().location ?? null });
    if (u.pathname.startsWith('/api/') || u.pathname === '/graphql') {
      const entry = { method: req.method(), path: u.pathname + u.search, status };
      c.apiCalls.push(entry);
      if (status >= 400) {
        let text = '';
        try { text = await res.text(); } catch { /* body gone */ }
        Object.assign(entry, bodyFacts(text));
        c.failedApi.push(entry);
      }
    } else if (status >= 400) {
      c.failedAssets.push({ method: req.method(), path: u.pathname + u.search, status });
    }
  });
  page.on('pageerror', (err) => {
    const c = sink.cur;
    if (!c) return;
    c.pageErrors.push({ message: short(err.message, 500), stack: short((err.stack || '').split('\n').slice(0, 3).join(' | '), 500) });
  });
  page.on('console', (msg) => {
    const c = sink.cur;
    if (!c || msg.type() !== 'error') return;
    const loc = msg.location()?.url || '';
    const text = msg.text();
    if (/ERR_BLOCKED_BY_CLIENT|ERR_FAILED/.test(text) && loc && !loc.startsWith(ORIGIN)) return; // our own blocking
    c.consoleErrors.push({ text: short(text, 500), url: loc });
  });
}

function newCollector() {
  return { apiCalls: [], failedApi: [], failedAssets: [], pageErrors: [], consoleErrors: [], redirects: [] };
}

async function waitQuiet(page, sink, quietMs = 700, maxMs = 15000) {
  const start = Date.now();
  while (Date.now() - start < maxMs) {
    if (sink.inflight.size === 0 && Date.now() - sink.lastActivity >= quietMs) return true;
    await sleep(100);
  }
  return false;
}

async function settle(page, sink) {
  // The client shows a 2 s Loader before it mounts the router (App.js), so wait for .App first.
  let mounted = true;
  try { await page.waitForSelector('#root .App', { timeout: 10000 }); } catch { mounted = false; }
  const quiet = await waitQuiet(page, sink);
  await sleep(300);
  return { mounted, quiet };
}

async function domFacts(page) {
  return page.evaluate(() => {
    const root = document.getElementById('root');
    const app = document.querySelector('#root .App');
    const rootHtml = root ? root.innerHTML.trim().length : 0;
    const bodyText = (document.body?.innerText || '').trim();
    let contentText = '';
    let contentMedia = 0;
    if (app) {
      for (const child of app.children) {
        if (child.tagName === 'HEADER' || child.querySelector(':scope > footer')) continue;
        contentText += ` ${child.innerText || ''}`;
        contentMedia += child.querySelectorAll('img,svg,canvas,video,iframe,input,select,textarea,button').length;
      }
    }
    contentText = contentText.replace(/\s+/g, ' ').trim();
    // signs of a missing or differently shaped field in an answer
    const suspicious = [...new Set((contentText.match(/.{0,40}(\bundefined\b|\bNaN\b|\[object Object\]|Invalid Date|\bnull\b).{0,40}/g) || []))].slice(0, 5);
    const brokenImages = [...new Set([...document.querySelectorAll('#root img')]
      .filter((i) => i.complete && i.naturalWidth === 0 && (i.getAttribute('src') || '') !== '')
      .map((i) => { try { const u = new URL(i.src); return u.origin === location.origin ? u.pathname : `${u.origin}${u.pathname}`; } catch { return i.getAttribute('src'); } }))];
    const emptySrcImages = [...document.querySelectorAll('#root img')].filter((i) => !i.getAttribute('src')).length;
    return { rootHtmlLength: rootHtml, bodyTextLength: bodyText.length, appMounted: !!app, contentTextLength: contentText.length, contentMedia, contentSample: contentText.slice(0, 160), title: document.title, suspicious, brokenImages, emptySrcImages };
  });
}

async function readSession(page) {
  return page.evaluate(() => {
    const raw = localStorage.getItem('persist:authentication');
    if (!raw) return null;
    try {
      const outer = JSON.parse(raw);
      const parse = (v) => { try { return JSON.parse(v); } catch { return v; } };
      const user = parse(outer.loggeduser);
      return { token: parse(outer.token) || null, role: user?.user?.role ?? null, email: user?.user?.email ?? null, error: parse(outer.error) || null };
    } catch { return { raw: raw.slice(0, 200) }; }
  });
}

async function newContext(browser) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, serviceWorkers: 'block' });
  context.blocked = new Map();
  await context.route('**/*', (route) => {
    const u = route.request().url();
    let origin = '';
    try { origin = new URL(u).origin; } catch { /* data: etc */ }
    if (!origin || origin === 'null' || origin === ORIGIN || u.startsWith('data:') || u.startsWith('blob:')) return route.continue();
    context.blocked.set(origin, (context.blocked.get(origin) || 0) + 1);
    return route.abort('blockedbyclient');
  });
  return context;
}

// Log in through the client's own form, as a user would.
async function login(page, sink, r) {
  const c = (sink.cur = newCollector());
  const out = { role: r.role, email: r.email, loginPath: r.loginPath, ok: false };
  await page.goto(BASE + r.loginPath, { waitUntil: 'load', timeout: 30000 });
  await settle(page, sink);
  const inputs = page.locator('form input');
  // Both TextFields share one id, so labels can't be used: the first input is Email, the second Password.
  await inputs.nth(0).click();
  await inputs.nth(0).pressSequentially(r.email, { delay: 10 });
  await inputs.nth(1).click();
  await inputs.nth(1).pressSequentially(PASSWORD, { delay: 10 });
  const respP = page.waitForResponse((res) => res.url().startsWith(`${ORIGIN}/api${r.apiLogin}`) && res.request().method() === 'POST', { timeout: 20000 }).catch(() => null);
  await page.locator('form button', { hasText: 'Login' }).first().click();
  const resp = await respP;
  if (resp) {
    out.apiStatus = resp.status();
    try { out.requestBody = JSON.parse(resp.request().postData() || 'null'); if (out.requestBody?.password) out.requestBody.password = '***'; } catch { out.requestBody = short(resp.request().postData(), 100); }
    out.requestContentType = resp.request().headers()['content-type'];
  }
  for (let i = 0; i < 50; i++) {
    const s = await readSession(page);
    if (s?.token) { out.ok = true; out.session = { role: s.role, email: s.email, tokenPresent: true }; break; }
    await sleep(200);
  }
  await waitQuiet(page, sink, 500, 8000);
  out.landedOn = new URL(page.url()).pathname;
  if (!out.ok) out.session = await readSession(page);
  out.failedApi = c.failedApi;
  out.pageErrors = c.pageErrors;
  out.consoleErrors = c.consoleErrors;
  out.apiCalls = c.apiCalls;
  sink.cur = null;
  await page.screenshot({ path: path.join(SHOTS, `${r.role}-login.png`) });
  out.loggedInAt = Date.now();
  return out;
}

async function visit(page, sink, role, route, ids) {
  const { url, params } = fillRoute(route.path, ids);
  const c = (sink.cur = newCollector());
  const rec = { role, route: route.path, url, params, private: route.private, audience: audience(route.path) };
  const t0 = Date.now();
  try {
    await page.goto(BASE + url, { waitUntil: 'load', timeout: 30000 });
  } catch (e) {
    rec.navigationError = short(e.message, 300);
  }
  const s = await settle(page, sink);
  rec.mounted = s.mounted;
  rec.networkQuiet = s.quiet;
  try { Object.assign(rec, await domFacts(page)); } catch (e) { rec.domError = short(e.message, 200); }
  rec.finalPath = (() => { try { const u = new URL(page.url()); return u.pathname + u.search; } catch { return page.url(); } })();
  rec.redirected = rec.finalPath !== url;
  rec.shot = path.join('shots', `${role}-${slug(route.path)}.png`);
  try { await page.screenshot({ path: path.join(OUT, rec.shot) }); } catch (e) { rec.shotError = short(e.message, 200); }
  sink.cur = null;
  Object.assign(rec, c);
  rec.ms = Date.now() - t0;
  classify(rec);
  return rec;
}

function classify(rec) {
  const expectedRole = !rec.audience.includes(rec.role);
  const unexpected = [];
  const expected = [];
  for (const f of rec.failedApi) {
    const denial = f.status === 401 || f.status === 403;
    // A dummy activation/reset token is expected to be refused (any 4xx).
    const dummy = rec.params.some((p) => p === ':token' || p === ':activation_token') && f.status >= 400 && f.status < 500;
    if ((denial && (expectedRole || rec.role === 'visitor')) || dummy) expected.push(f); else unexpected.push(f);
  }
  rec.unexpectedFailedApi = unexpected;
  rec.expectedFailedApi = expected;
  rec.crash = rec.pageErrors.length > 0 || (rec.rootHtmlLength === 0);
  rec.rootEmptied = rec.rootHtmlLength === 0;
  rec.blank = !rec.crash && (rec.rootHtmlLength === 0 || (rec.appMounted && rec.contentTextLength === 0 && rec.contentMedia === 0) || rec.bodyTextLength === 0);
  const parts = [];
  if (rec.crash) parts.push(`crash (${rec.pageErrors[0]?.message ?? 'React root empty'})`);
  if (rec.blank) parts.push('blank');
  if (!rec.mounted && !rec.crash) parts.push('app not mounted');
  if (unexpected.length) parts.push(`failed calls: ${unexpected.map((f) => `${f.method} ${f.path} → ${f.status ?? f.failure}${f.code ? ` ${f.code}` : ''}`).join('; ')}`);
  let verdict = parts.length ? parts.join(' + ') : 'OK';
  const notes = [];
  if (rec.crash) notes.push(rec.rootEmptied ? 'React root emptied (white page)' : 'uncaught error; the page still rendered');
  if (rec.crash && !unexpected.length && expected.length) notes.push('the error follows an expected refusal');
  if (expected.length) notes.push(`expected refusals: ${expected.map((f) => `${f.method} ${f.path} → ${f.status}${f.code ? ` ${f.code}` : ''}`).join('; ')}`);
  if (rec.redirected) notes.push(`landed on ${rec.finalPath}`);
  if (rec.consoleErrors.length) notes.push(`${rec.consoleErrors.length} console error(s): ${short(rec.consoleErrors[0].text, 120)}`);
  if (rec.failedAssets.length) notes.push(`${rec.failedAssets.length} failed asset(s): ${[...new Set(rec.failedAssets.map((a) => `${a.path.split('?')[0]} ${a.status ?? a.failure}`))].slice(0, 3).join(', ')}`);
  if (!rec.networkQuiet) notes.push('network never went quiet (15 s)');
  if (rec.suspicious?.length) notes.push(`text shows ${rec.suspicious.map((t) => `"${t.trim()}"`).join(', ')}`);
  const brokenSameOrigin = (rec.brokenImages || []).filter((b) => b.startsWith('/'));
  if (brokenSameOrigin.length) notes.push(`${brokenSameOrigin.length} broken image(s): ${brokenSameOrigin.slice(0, 3).join(', ')}`);
  rec.verdict = verdict;
  rec.notes = notes;
}

// ---------------------------------------------------------------- pages reached through the client's own links
// Some pages read state that an earlier page put in the store (the doctor picked on /doctor/:id,
// the axios Authorization header set by an earlier private call), so opening them cold differs from
// reaching them the way a user does. These flows only navigate; nothing is submitted.
const LINK_FLOWS = [
  { role: 'patient', name: 'doctor page → Hospital Visit', from: '/doctor/:doctorId', link: 'a[href="/hospital/appointment"]', route: '/hospital/appointment' },
  { role: 'patient', name: 'doctor page → See Doctor Now', from: '/doctor/:doctorId', link: 'a[href="/book-appointment"]', route: '/book-appointment' },
  { role: 'admin', name: 'All Appointments → Edit (first)', from: '/admin-appointments', link: 'a[href^="/appointment/"]', route: '/appointment/:appointmentId' },
];

async function linkFlow(page, sink, flow, ids) {
  const { url: fromUrl } = fillRoute(flow.from, ids);
  const rec = { role: flow.role, route: flow.route, flow: flow.name, from: fromUrl, params: [], audience: audience(flow.route) };
  const t0 = Date.now();
  sink.cur = newCollector();
  await page.goto(BASE + fromUrl, { waitUntil: 'load', timeout: 30000 });
  await settle(page, sink);
  const before = sink.cur;
  const c = (sink.cur = newCollector());
  rec.fromFailedApi = before.failedApi;
  const link = page.locator(flow.link).first();
  if (!(await link.count())) {
    rec.verdict = `link ${flow.link} not on ${fromUrl}`;
    rec.notes = [];
    Object.assign(rec, c);
    rec.unexpectedFailedApi = [];
    sink.cur = null;
    return rec;
  }
  rec.linkHref = await link.getAttribute('href');
  await link.click();
  try { await page.waitForURL((u) => u.pathname !== new URL(BASE + fromUrl).pathname, { timeout: 10000 }); } catch { /* stayed */ }
  await waitQuiet(page, sink);
  await sleep(300);
  try { Object.assign(rec, await domFacts(page)); } catch (e) { rec.domError = short(e.message, 200); }
  rec.mounted = rec.appMounted;
  rec.networkQuiet = true;
  rec.url = new URL(page.url()).pathname;
  rec.finalPath = rec.url;
  rec.redirected = false;
  rec.shot = path.join('shots', `${flow.role}-via-link-${slug(flow.route)}.png`);
  await page.screenshot({ path: path.join(OUT, rec.shot) }).catch(() => {});
  sink.cur = null;
  Object.assign(rec, c);
  rec.ms = Date.now() - t0;
  classify(rec);
  return rec;
}

// ---------------------------------------------------------------- the patient's order
async function orderFlow(browser, sink0, log) {
  const out = { steps: [], ok: false };
  const context = await newContext(browser);
  const page = await context.newPage();
  const sink = {};
  instrument(page, sink);
  const step = (s) => { out.steps.push(s); log(`order: ${s}`); };
  const all = newCollector();
  const track = () => { const c = newCollector(); sink.cur = c; return c; };
  const merge = (c) => { for (const k of Object.keys(all)) all[k].push(...c[k]); };
  try {
    const r = ROLES.find((x) => x.role === 'patient') || { role: 'patient', email: 'patient@nirog.test', loginPath: '/user-signin', apiLogin: '/login' };
    const lg = await login(page, sink, r);
    merge({ ...newCollector(), apiCalls: lg.apiCalls, failedApi: lg.failedApi, pageErrors: lg.pageErrors });
    if (!lg.ok) { step(`login failed (POST /api/login → ${lg.apiStatus})`); out.login = lg; return out; }
    const token = (await readSession(page)).token;
    const before = await apiFetch('GET', '/orders/myorders', { token });
    const beforeIds = new Set((before.json?.orders || []).map((o) => o._id));
    out.ordersBefore = beforeIds.size;

    let c = track();
    await page.goto(`${BASE}/medicine`, { waitUntil: 'load' });
    await settle(page, sink);
    const bag = page.locator('div.flex.justify-between.gap-2 > svg').first();
    await bag.waitFor({ timeout: 15000 });
    const card = bag.locator('xpath=ancestor::div[contains(@class,"col-span-6")][1]');
    out.medicineCard = short((await card.innerText()).replace(/\s+/g, ' '), 120);
    await bag.click();
    step(`added to cart from /medicine: ${out.medicineCard}`);
    await sleep(500);
    await page.screenshot({ path: path.join(SHOTS, 'patient-order-1-medicine.png') });
    merge(c);

    c = track();
    await page.locator('a[href="/cart"]').first().click();
    await page.waitForURL(/\/cart$/, { timeout: 10000 });
    await waitQuiet(page, sink, 500, 5000);
    // one more of the same line: cart quantity 2
    await page.locator('button.mr-5').first().click();
    await sleep(400);
    const cart = await page.evaluate(() => JSON.parse(localStorage.getItem('cartItems') || '[]'));
    out.cart = cart.map((l) => ({ _id: l._id, name: l.name, price: l.price, cartQuantity: l.cartQuantity, quantityFieldOnLine: l.quantity }));
    out.cartQuantity = cart.reduce((a, l) => a + l.cartQuantity, 0);
    out.cartItemsPrice = cart.reduce((a, l) => a + l.cartQuantity * l.price, 0);
    out.cartTotalShown = await page.locator('text=Subtotal').locator('xpath=following-sibling::span[1]').innerText().catch(() => null);
    step(`cart: ${out.cart.map((l) => `${l.name} ${l.price} × ${l.cartQuantity} (line's quantity field: ${l.quantityFieldOnLine})`).join(', ')}; page shows Subtotal ${out.cartTotalShown}`);
    await page.screenshot({ path: path.join(SHOTS, 'patient-order-2-cart.png') });
    merge(c);

    c = track();
    await page.getByRole('button', { name: 'Check out' }).click();
    await page.waitForURL(/\/shipping$/, { timeout: 10000 });
    await waitQuiet(page, sink, 500, 5000);
    await page.locator('form select').first().selectOption('Bkash');
    const f = page.locator('form input');
    const shipping = { name: 'Rahima Akter', address: 'House 12, Road 5, Sector 7', city: 'Dhaka', phone: '01712345678' };
    await f.nth(0).fill(shipping.name);
    await f.nth(1).fill(shipping.address);
    await f.nth(2).fill(shipping.city);
    await f.nth(3).fill(shipping.phone);
    await page.screenshot({ path: path.join(SHOTS, 'patient-order-3-shipping.png') });
    // The page leaves for the payment URL as soon as the answer lands, before Playwright can read its
    // body; so the answer is fetched here and handed to the page unchanged.
    let createdText = null;
    await page.route('**/api/create/order', async (route) => {
      const r2 = await route.fetch();
      createdText = await r2.text();
      await route.fulfill({ response: r2, body: createdText });
    });
    const respP = page.waitForResponse((res) => res.url().startsWith(`${ORIGIN}/api/create/order`), { timeout: 20000 }).catch(() => null);
    await page.getByRole('button', { name: 'Confirm' }).click();
    const resp = await respP;
    if (!resp) { step('no POST /api/create/order was sent'); merge(c); return out; }
    out.createOrder = { status: resp.status(), request: JSON.parse(resp.request().postData() || 'null') };
    let body = null;
    try { body = JSON.parse(createdText); } catch { body = createdText; }
    out.createOrder.response = body;
    step(`POST /api/create/order → ${resp.status()}${body?.url ? ` url=${body.url}` : ''}${body?.code ? ` code=${body.code}` : ''}${body?.message ? ` message=${body.message}` : ''}`);
    merge(c);

    c = track();
    let onSandbox = false;
    try {
      await page.waitForURL((u) => u.pathname.startsWith('/sandbox/'), { timeout: 20000 });
      onSandbox = true;
    } catch { /* no redirect */ }
    await waitQuiet(page, sink, 500, 8000);
    out.paymentPage = page.url();
    out.paymentPageOnSameOrigin = page.url().startsWith(ORIGIN);
    await page.screenshot({ path: path.join(SHOTS, 'patient-order-4-sandbox.png') });
    out.paymentPageShot = 'shots/patient-order-4-sandbox.png';
    step(onSandbox ? `redirected to the sandbox: ${out.paymentPage}` : `not on a /sandbox/ page; at ${out.paymentPage}`);
    out.sandboxText = short((await page.locator('body').innerText().catch(() => '')).replace(/\s+/g, ' '), 400);
    merge(c);

    // What Nirog recorded, before paying.
    const after = await apiFetch('GET', '/orders/myorders', { token });
    const createdId = body?.order?._id || body?._id || body?.order?.id;
    const newOnes = (after.json?.orders || []).filter((o) => !beforeIds.has(o._id));
    const order = (after.json?.orders || []).find((o) => o._id === createdId) || newOnes[0] || null;
    out.myordersStatus = after.status;
    out.newOrdersSeen = newOnes.length;
    if (order) {
      out.order = order;
      out.orderedQuantity = (order.orderItems || []).reduce((a, l) => a + Number(l.quantity || 0), 0);
      out.orderedItems = (order.orderItems || []).map((l) => ({ name: l.name, price: l.price, quantity: l.quantity, totalPrice: l.totalPrice }));
      out.orderedItemsPrice = order.itemsPrice;
      out.orderedShipping = order.shippingPrice;
      out.orderedTotal = order.totalPrice;
      out.clientSentTotal = out.createOrder.request?.totalPrice;
      out.clientSentItemsPrice = out.createOrder.request?.itemsPrice;
      out.cartTotal = out.cartItemsPrice + 60;
      out.quantityMatches = out.orderedQuantity === out.cartQuantity;
      out.totalMatches = Number(out.orderedTotal) === Number(out.cartTotal);
      out.tranId = order.paymentInfo?.id ?? null;
      step(`GET /api/orders/myorders: order ${order._id}: quantity ${out.orderedQuantity} (cart ${out.cartQuantity}), items ${out.orderedItemsPrice} + shipping ${out.orderedShipping} = total ${out.orderedTotal} (cart ${out.cartTotal}); paymentInfo ${JSON.stringify(order.paymentInfo)}; orderStatus ${order.orderStatus}`);
    } else {
      step(`GET /api/orders/myorders → ${after.status}: no new order found`);
    }

    // Pay in the sandbox and follow the redirects back to the client.
    if (onSandbox) {
      c = track();
      const approve = page.locator('button[value="approve"]');
      if (await approve.count()) {
        await approve.first().click();
        try { await page.waitForURL((u) => !u.pathname.startsWith('/sandbox/'), { timeout: 20000 }); } catch { /* stayed */ }
        await settle(page, sink);
        out.afterApprove = page.url();
        out.afterApproveOnSameOrigin = page.url().startsWith(ORIGIN);
        await page.screenshot({ path: path.join(SHOTS, 'patient-order-5-after-approve.png') });
        step(`approved in the sandbox; landed on ${out.afterApprove}`);
        const paid = await apiFetch('GET', '/orders/myorders', { token });
        const o2 = (paid.json?.orders || []).find((o) => o._id === order?._id);
        if (o2) { out.afterApproveOrder = { paymentInfo: o2.paymentInfo, orderStatus: o2.orderStatus, paidAt: o2.paidAt, totalPrice: o2.totalPrice }; step(`after approval: paymentInfo ${JSON.stringify(o2.paymentInfo)}, orderStatus ${o2.orderStatus}, paidAt ${o2.paidAt}`); }
      } else step('no Approve button on the sandbox page');
      merge(c);
    }
    out.ok = !!order;
  } catch (e) {
    step(`error: ${short(e.message, 400)}`);
    try { await page.screenshot({ path: path.join(SHOTS, 'patient-order-error.png') }); } catch { /* ignore */ }
  } finally {
    sink.cur = null;
    out.failedApi = all.failedApi;
    out.pageErrors = all.pageErrors;
    out.consoleErrors = all.consoleErrors;
    out.apiCalls = all.apiCalls;
    out.redirects = all.redirects;
    out.blocked = Object.fromEntries(context.blocked);
    await context.close();
  }
  return out;
}

// ---------------------------------------------------------------- report
function mdEscape(s) { return String(s ?? '').replace(/\|/g, '\\|').replace(/\n/g, ' '); }

function writeReports(report) {
  fs.writeFileSync(path.join(OUT, 'report.json'), JSON.stringify(report, null, 2));
  const L = [];
  L.push('# Earlier client (health-bridge) against Nirog /api');
  L.push('');
  L.push(`Run ${report.startedAt} → ${report.finishedAt} against ${report.base} (serve.mjs → Nirog). Routes from ${report.routesSource} (${report.routes.length}); roles: ${report.roles.join(', ')}.`);
  L.push('');
  const counts = {};
  for (const v of report.visits) counts[v.verdict === 'OK' ? 'OK' : (v.crash ? 'crash' : v.blank ? 'blank' : 'failed calls')] = (counts[v.verdict === 'OK' ? 'OK' : (v.crash ? 'crash' : v.blank ? 'blank' : 'failed calls')] || 0) + 1;
  L.push(`Summary: ${Object.entries(counts).map(([k, v]) => `${k} ${v}`).join(', ')} of ${report.visits.length} role × route visits.`);
  L.push('');
  L.push('## Logins (through the client\'s own forms)');
  L.push('');
  L.push('| role | screen | POST status | stored session | landed on | failed calls |');
  L.push('| --- | --- | --- | --- | --- | --- |');
  for (const l of report.logins) L.push(`| ${l.role} | ${l.loginPath} | ${l.apiStatus ?? '-'} | ${l.ok ? `yes (role ${l.session?.role})` : `no ${mdEscape(JSON.stringify(l.session))}`} | ${l.landedOn} | ${mdEscape(l.failedApi.map((f) => `${f.method} ${f.path} → ${f.status} ${f.code ?? ''} ${f.message ?? ''}`).join('; '))} |`);
  L.push('');
  L.push('## Role × route');
  L.push('');
  L.push('Verdict: OK / crash (first page error) / blank / failed calls (status ≥ 400 on /api that the role should not get). 401/403 on routes not meant for the role, and refusals of the dummy activation/reset token, are listed under notes as expected refusals.');
  L.push('');
  L.push('| route | opened as | ' + report.roles.join(' | ') + ' |');
  L.push('| --- | --- | ' + report.roles.map(() => '---').join(' | ') + ' |');
  for (const r of report.routes) {
    const cells = report.roles.map((role) => {
      const v = report.visits.find((x) => x.role === role && x.route === r.path);
      if (!v) return '-';
      let cell = v.verdict;
      if (v.crash) cell += v.rootEmptied ? ' [white page]' : ' [page still shown]';
      if (v.crash && v.notes?.includes('the error follows an expected refusal')) cell += ` after expected ${[...new Set(v.expectedFailedApi.map((f) => f.status))].join('/')}`;
      if (v.redirected && v.finalPath) cell += ` → ${v.finalPath}`;
      return mdEscape(cell);
    });
    const sample = report.visits.find((x) => x.route === r.path);
    L.push(`| \`${r.path}\` | ${sample ? `\`${sample.url}\`` : ''} | ${cells.join(' | ')} |`);
  }
  L.push('');
  L.push('## Crashes grouped by error');
  L.push('');
  const groups = new Map();
  for (const v of [...report.visits, ...(report.linkFlows || [])]) {
    if (!v.crash) continue;
    const k = v.pageErrors[0]?.message ?? 'React root empty';
    if (!groups.has(k)) groups.set(k, []);
    groups.get(k).push(v);
  }
  if (!groups.size) L.push('none');
  for (const [msg, vs] of groups) {
    const after = vs.filter((v) => v.notes?.includes('the error follows an expected refusal')).length;
    const white = vs.filter((v) => v.rootEmptied).length;
    L.push(`- \`${mdEscape(msg)}\` — ${vs.length} visit(s) (${white} white page, ${after} right after an expected refusal): ${vs.map((v) => `${v.role} ${v.route}${v.flow ? ' (via link)' : ''}`).join(', ')}`);
  }
  L.push('');
  L.push('## Unexpected failed /api calls (status ≥ 400 the role should not get)');
  L.push('');
  const unexp = [...report.visits, ...(report.linkFlows || [])].flatMap((v) => (v.unexpectedFailedApi || []).map((f) => ({ v, f })));
  if (!unexp.length) L.push('none');
  for (const { v, f } of unexp) L.push(`- ${v.role} ${v.route}${v.flow ? ` (via link: ${v.flow})` : ''}: ${f.method} ${f.path} → ${f.status ?? f.failure} code=${f.code ?? '-'} reason=${f.reason ?? '-'} message=${mdEscape(f.message ?? '-')}`);
  L.push('');
  L.push('## Details per visit (non-OK verdicts and notes)');
  L.push('');
  for (const v of report.visits) {
    if (v.verdict === 'OK' && !v.notes.length) continue;
    L.push(`- **${v.role} ${v.route}** (${v.url}) — ${mdEscape(v.verdict)}; ${mdEscape(v.notes.join('; '))} [shot](${v.shot})`);
    for (const f of v.unexpectedFailedApi) L.push(`  - ${f.method} ${f.path} → ${f.status ?? f.failure} code=${f.code ?? '-'} reason=${f.reason ?? '-'} message=${mdEscape(f.message ?? '-')}`);
    for (const e of v.pageErrors) L.push(`  - page error: ${mdEscape(e.message)} (${mdEscape(e.stack)})`);
    for (const e of v.consoleErrors.slice(0, 3)) L.push(`  - console: ${mdEscape(short(e.text, 200))}`);
  }
  L.push('');
  L.push('## Pages reached through the client\'s own links (navigation only)');
  L.push('');
  if (!report.linkFlows.length) L.push('none run');
  for (const v of report.linkFlows) {
    L.push(`- **${v.role}: ${v.flow}** (${v.from} → ${v.linkHref ?? '-'}, landed on ${v.url ?? '-'}) — ${mdEscape(v.verdict)}${v.notes?.length ? `; ${mdEscape(v.notes.join('; '))}` : ''}${v.shot ? ` [shot](${v.shot})` : ''}`);
    for (const f of v.failedApi || []) L.push(`  - ${f.method} ${f.path} → ${f.status ?? f.failure} code=${f.code ?? '-'} message=${mdEscape(f.message ?? '-')}`);
    for (const e of v.pageErrors || []) L.push(`  - page error: ${mdEscape(e.message)}`);
  }
  L.push('');
  L.push('## Order check (patient, Bkash)');
  L.push('');
  const o = report.order;
  if (!o) L.push('not run');
  else {
    for (const s of o.steps) L.push(`- ${mdEscape(s)}`);
    L.push('');
    if (o.order) {
      L.push('| | cart (client) | sent by client | Nirog recorded |');
      L.push('| --- | --- | --- | --- |');
      L.push(`| quantity | ${o.cartQuantity} | ${(o.createOrder?.request?.orderItems || []).map((l) => `cartQuantity ${l.cartQuantity}, quantity ${l.quantity}`).join('; ')} | ${o.orderedQuantity} |`);
      L.push(`| items price | ${o.cartItemsPrice} | ${o.clientSentItemsPrice} | ${o.orderedItemsPrice} |`);
      L.push(`| total | ${o.cartTotal} (page: ${o.cartTotalShown}) | ${o.clientSentTotal} | ${o.orderedTotal} |`);
      L.push('');
      L.push(`Quantity ${o.quantityMatches ? 'matches' : 'DIFFERS'}; total ${o.totalMatches ? 'matches' : 'DIFFERS'}. Payment page: ${o.paymentPage} (${o.paymentPageShot}).${o.afterApprove ? ` After Approve: ${o.afterApprove}.` : ''}`);
    }
    if (o.redirects?.length) { L.push(''); L.push('Redirects seen by the browser (same origin):'); for (const r of o.redirects) L.push(`- ${r.method} ${r.path} → ${r.status} Location: ${r.location}`); }
    if (o.failedApi?.length) { L.push(''); L.push('Failed calls during the order:'); for (const f of o.failedApi) L.push(`- ${f.method} ${f.path} → ${f.status ?? f.failure} ${f.code ?? ''} ${mdEscape(f.message ?? '')}`); }
    if (o.pageErrors?.length) { L.push(''); L.push('Page errors during the order:'); for (const e of o.pageErrors) L.push(`- ${mdEscape(e.message)}`); }
  }
  L.push('');
  L.push('## Every distinct /api call the client made');
  L.push('');
  L.push('(ids shown as :id; statuses with counts; roles that made it)');
  L.push('');
  L.push('| call | statuses | roles | example answer on failure |');
  L.push('| --- | --- | --- | --- |');
  for (const a of report.apiCalls) L.push(`| \`${mdEscape(a.call)}\` | ${Object.entries(a.statuses).map(([s, n]) => `${s}×${n}`).join(', ')} | ${a.roles.join(', ')} | ${mdEscape(a.failureExample ? `${a.failureExample.status} ${a.failureExample.code ?? ''} ${a.failureExample.message ?? ''}` : '')} |`);
  L.push('');
  L.push('## Failed same-origin assets (non-/api, status ≥ 400)');
  L.push('');
  if (!report.failedAssets.length) L.push('none');
  for (const a of report.failedAssets) L.push(`- ${a.path} → ${a.status} (${a.count}×, e.g. ${a.example})`);
  L.push('');
  L.push('## Broken same-origin images (img loaded with no picture)');
  L.push('');
  if (!report.brokenImages.length) L.push('none');
  for (const b of report.brokenImages) L.push(`- ${b.src} (${b.count}×, e.g. ${b.where.join(', ')})`);
  L.push('');
  L.push('## Text that suggests a missing field (undefined / NaN / null / [object Object] / Invalid Date)');
  L.push('');
  if (!report.suspiciousText.length) L.push('none');
  for (const x of report.suspiciousText) L.push(`- ${x.role} ${x.route}: ${x.text.map((t) => `"${mdEscape(t.trim())}"`).join(', ')}`);
  L.push('');
  L.push('## Blocked external requests (not part of the check; the harness reaches no other origin)');
  L.push('');
  for (const [k, v] of Object.entries(report.blockedExternal)) L.push(`- ${k}: ${v}`);
  L.push('');
  L.push('## Ids used for :param routes');
  L.push('');
  for (const [k, v] of Object.entries(report.ids.notes || {})) L.push(`- ${k} = ${report.ids[k]}: ${v}`);
  fs.writeFileSync(path.join(OUT, 'report.md'), L.join('\n') + '\n');
}

function aggregate(report) {
  const calls = new Map();
  const add = (role, where, e) => {
    const k = apiKey(e.method, e.path);
    if (!calls.has(k)) calls.set(k, { call: k, statuses: {}, roles: new Set(), routes: new Set(), failureExample: null });
    const a = calls.get(k);
    const s = String(e.status ?? e.failure);
    a.statuses[s] = (a.statuses[s] || 0) + 1;
    a.roles.add(role);
    a.routes.add(where);
    if ((e.status == null || e.status >= 400) && !a.failureExample) a.failureExample = { status: e.status ?? e.failure, code: e.code, reason: e.reason, message: e.message, route: where, role };
  };
  for (const v of report.visits) {
    const failed = new Map(v.failedApi.map((f) => [`${f.method} ${f.path} ${f.status}`, f]));
    for (const e of v.apiCalls) add(v.role, v.route, failed.get(`${e.method} ${e.path} ${e.status}`) || e);
  }
  for (const l of report.logins) for (const e of l.apiCalls || []) add(l.role, `${l.loginPath} (login)`, e);
  for (const v of report.linkFlows || []) {
    const failed = new Map((v.failedApi || []).map((f) => [`${f.method} ${f.path} ${f.status}`, f]));
    for (const e of v.apiCalls || []) add(v.role, `${v.route} (via link)`, failed.get(`${e.method} ${e.path} ${e.status}`) || e);
  }
  if (report.order) {
    const failed = new Map((report.order.failedApi || []).map((f) => [`${f.method} ${f.path} ${f.status}`, f]));
    for (const e of report.order.apiCalls || []) add('patient', 'order flow', failed.get(`${e.method} ${e.path} ${e.status}`) || e);
  }
  report.apiCalls = [...calls.values()].map((a) => ({ ...a, roles: [...a.roles], routes: [...a.routes] })).sort((x, y) => x.call.split(' ')[1].localeCompare(y.call.split(' ')[1]) || x.call.localeCompare(y.call));
  const assets = new Map();
  for (const v of report.visits) for (const a of v.failedAssets) {
    const k = `${a.path.split('?')[0]} ${a.status ?? a.failure}`;
    if (!assets.has(k)) assets.set(k, { path: a.path.split('?')[0], status: a.status ?? a.failure, count: 0, example: `${v.role} ${v.route}` });
    assets.get(k).count++;
  }
  report.failedAssets = [...assets.values()];
  const broken = new Map();
  const suspicious = [];
  for (const v of [...report.visits, ...(report.linkFlows || [])]) {
    for (const b of v.brokenImages || []) {
      if (!b.startsWith('/')) continue; // blocked external images are not part of the check
      if (!broken.has(b)) broken.set(b, { src: b, count: 0, where: [] });
      const e = broken.get(b); e.count++; if (e.where.length < 4) e.where.push(`${v.role} ${v.route}`);
    }
    if (v.suspicious?.length) suspicious.push({ role: v.role, route: v.route, text: v.suspicious });
  }
  report.brokenImages = [...broken.values()];
  report.suspiciousText = suspicious;
}

// ---------------------------------------------------------------- main
async function main() {
  if (process.argv.includes('--render')) {
    // rewrite report.md from an existing report.json (no browser, no server)
    const report = JSON.parse(fs.readFileSync(path.join(OUT, 'report.json'), 'utf8'));
    for (const v of [...report.visits, ...(report.linkFlows || [])]) if (v.audience && v.failedApi) classify(v);
    aggregate(report);
    writeReports(report);
    console.log(`re-rendered ${path.join(OUT, 'report.md')}`);
    return;
  }
  fs.mkdirSync(SHOTS, { recursive: true });
  const log = (...a) => console.log(new Date().toISOString().slice(11, 19), ...a);
  const { source, routes: allRoutes } = readRoutes();
  const routes = allRoutes.filter((r) => !ROUTE_FILTER.length || ROUTE_FILTER.includes(r.path));
  log(`${routes.length} routes from ${source}; roles ${ROLES.map((r) => r.role).join(', ')}; base ${BASE}`);

  const health = await fetch(`${BASE}/api/doctors`).then((r) => r.status).catch((e) => `unreachable: ${e.message}`);
  if (health !== 200) throw new Error(`GET ${BASE}/api/doctors → ${health}; is serve.mjs (and Nirog) running?`);

  const report = { base: BASE, startedAt: new Date().toISOString(), routesSource: source, routes, roles: ROLES.map((r) => r.role), logins: [], visits: [], linkFlows: [] };
  report.ids = await resolveIds(log);
  const browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: ['--no-sandbox'] });
  const blocked = {};
  try {
    if (DO_ORDER && (!ROLE_FILTER.length || ROLE_FILTER.includes('patient'))) {
      report.order = await orderFlow(browser, null, log);
      if (report.order.tranId) { report.ids.orderTranId = report.order.tranId; report.ids.notes.orderTranId = 'the walk\'s own Bkash order (paymentInfo.id)'; }
      for (const [k, v] of Object.entries(report.order.blocked || {})) blocked[k] = (blocked[k] || 0) + v;
    }
    for (const r of ROLES) {
      const context = await newContext(browser);
      const page = await context.newPage();
      const sink = {};
      instrument(page, sink);
      let loginAt = Date.now();
      if (r.email) {
        let lg;
        try { lg = await login(page, sink, r); } catch (e) { lg = { role: r.role, email: r.email, loginPath: r.loginPath, ok: false, error: short(e.message, 300), failedApi: [], pageErrors: [] }; }
        lg.apiCalls = lg.apiCalls || [];
        report.logins.push(lg);
        loginAt = lg.loggedInAt || Date.now();
        log(`${r.role}: login ${lg.ok ? 'ok' : 'FAILED'} (POST ${r.apiLogin} → ${lg.apiStatus}) landed on ${lg.landedOn}`);
      }
      for (const route of routes) {
        // Nirog's access tokens last 15 min and the earlier client never refreshes; log in again past 13 min.
        if (r.email && Date.now() - loginAt > 13 * 60 * 1000) {
          await page.evaluate(() => localStorage.removeItem('persist:authentication'));
          const lg = await login(page, sink, r);
          loginAt = lg.loggedInAt || Date.now();
          log(`${r.role}: logged in again (token age)`);
        }
        let rec;
        try {
          rec = await visit(page, sink, r.role, route, report.ids);
        } catch (e) {
          rec = { role: r.role, route: route.path, url: route.path, verdict: `harness error: ${short(e.message, 200)}`, notes: [], apiCalls: [], failedApi: [], unexpectedFailedApi: [], failedAssets: [], pageErrors: [], consoleErrors: [], crash: false, blank: false };
        }
        report.visits.push(rec);
        log(`${r.role.padEnd(7)} ${route.path.padEnd(36)} ${rec.verdict}${rec.notes.length ? `  [${rec.notes.join('; ')}]` : ''}`);
      }
      for (const flow of LINK_FLOWS.filter((f) => f.role === r.role && (!ROUTE_FILTER.length || ROUTE_FILTER.includes(f.route)))) {
        let rec;
        try { rec = await linkFlow(page, sink, flow, report.ids); } catch (e) { rec = { role: r.role, route: flow.route, flow: flow.name, verdict: `harness error: ${short(e.message, 200)}`, notes: [], apiCalls: [], failedApi: [], unexpectedFailedApi: [], failedAssets: [], pageErrors: [], consoleErrors: [] }; sink.cur = null; }
        report.linkFlows.push(rec);
        log(`${r.role.padEnd(7)} via link: ${flow.name.padEnd(30)} ${rec.verdict}${rec.notes.length ? `  [${rec.notes.join('; ')}]` : ''}`);
      }
      for (const [k, v] of context.blocked) blocked[k] = (blocked[k] || 0) + v;
      await context.close();
    }
  } finally {
    await browser.close();
  }
  report.blockedExternal = blocked;
  report.finishedAt = new Date().toISOString();
  aggregate(report);
  writeReports(report);
  log(`report: ${path.join(OUT, 'report.md')} and report.json`);
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
