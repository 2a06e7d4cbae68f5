#!/usr/bin/env node
// SQL statements per request of the list queries, at page sizes 5 and 50, on the database of
// DATABASE_URL (the built backend in-process, its SQL log counted). Prints one JSON line.
// The deterministic check of the same rule is backend/test/perf/sql-counts.test.ts (in CI).
import 'reflect-metadata';
import { loadConfig } from '../backend/dist/config.js';
import { initOrm, sqlListeners } from '../backend/dist/db.js';
import { createApp } from '../backend/dist/app.js';
import { createLogger } from '../backend/dist/common/logger.js';

// The per-address limits are shared between processes through PostgreSQL: the bench's load just before
// came from this same address, so without these this counter's reads could be refused (429).
const config = loadConfig({
  ...process.env, NODE_ENV: 'test', LOG_LEVEL: 'silent', OUTBOX_WORKER: 'false', FRONTEND_DIST: '/nonexistent',
  SEARCHES_PER_IP_PER_MINUTE: '100000000', PUBLIC_READS_PER_IP_PER_MINUTE: '100000000',
});
const orm = await initOrm(config, createLogger('silent'));
const nirog = await createApp(config, orm, createLogger('silent'));
const server = nirog.app.listen(0, '127.0.0.1');
await new Promise((r) => server.once('listening', r));
const base = `http://127.0.0.1:${server.address().port}`;

async function login(email, door = '') {
  const res = await fetch(`${base}/api/login${door}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email, password: 'nirog2026' }) });
  return (await res.json()).token;
}
const tokens = { visitor: null, patient: await login('patient@nirog.test'), doctor: await login('doctor@nirog.test', '/doctor'), admin: await login('admin@nirog.test') };

const LISTS = [
  ['GraphQL doctors (filtered)', 'visitor', 'gql', 'doctors(specialities: ["Medicine"], online: true, pageSize: $n) { total items { id name rating avatarUrl } }'],
  ['GraphQL medicines (keyword)', 'visitor', 'gql', 'medicines(keyword: "napa", pageSize: $n) { total items { id name price } }'],
  ['GraphQL nurses', 'visitor', 'gql', 'nurses(pageSize: $n) { total items { id name rating imageUrls } }'],
  ['GraphQL myOrders', 'patient', 'gql', 'myOrders(pageSize: $n) { total items { id status items { id name quantity } } }'],
  ['GraphQL myAppointments', 'patient', 'gql', 'myAppointments(pageSize: $n) { total items { id doctor { id name } prescription { id } } }'],
  ['GraphQL doctorAppointments', 'doctor', 'gql', 'doctorAppointments(pageSize: $n) { total items { id patientName doctor { id } } }'],
  ['GraphQL adminOrders', 'admin', 'gql', 'adminOrders(pageSize: $n) { total items { id customerName items { id } } }'],
  ['GraphQL allAppointments', 'admin', 'gql', 'allAppointments(pageSize: $n) { total items { id doctor { id name } } }'],
  ['GraphQL users', 'admin', 'gql', 'users(pageSize: $n) { total items { id name } }'],
  ['REST /api/doctors', 'visitor', 'rest', '/doctors?expert=Medicine&isActive=true&pageSize=$n'],
  ['REST /api/get/medicine', 'visitor', 'rest', '/get/medicine?keyword=napa&pageSize=$n'],
  ['REST /api/orders/myorders', 'patient', 'rest', '/orders/myorders?pageSize=$n'],
  ['REST /api/mybooking', 'patient', 'rest', '/mybooking?pageSize=$n'],
  ['REST /api/admin/allorder', 'admin', 'rest', '/admin/allorder?pageSize=$n'],
];

async function count(who, kind, text, n) {
  const headers = { 'content-type': 'application/json', ...(tokens[who] ? { authorization: `Bearer ${tokens[who]}` } : {}) };
  const sql = [];
  const listener = (msg) => sql.push(msg);
  sqlListeners.add(listener);
  try {
    const res = kind === 'gql'
      ? await fetch(`${base}/graphql`, { method: 'POST', headers, body: JSON.stringify({ query: `{ ${text.replace('$n', n)} }` }) })
      : await fetch(`${base}/api${text.replace('$n', n)}`, { headers });
    const body = await res.json();
    if (res.status !== 200 || body.errors) throw new Error(`${text}: ${res.status} ${JSON.stringify(body.errors ?? body)}`);
  } finally {
    sqlListeners.delete(listener);
  }
  // eslint-disable-next-line no-control-regex
  const reads = sql.filter((s) => /^\[query\] (select|with)\b/i.test(s.replace(/\x1b\[\d+m/g, ''))).length;
  return { total: sql.length, reads };
}

const out = [];
for (const [name, who, kind, text] of LISTS) {
  const five = await count(who, kind, text, 5);
  const fifty = await count(who, kind, text, 50);
  out.push({ name, at5: five.total, at50: fifty.total, reads: fifty.reads });
}
server.close();
await nirog.worker.stop();
await nirog.apollo.stop();
await orm.close(true);
console.log(JSON.stringify(out));
