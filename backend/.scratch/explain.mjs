// Prints each search's statements with their timings at scale, then EXPLAIN ANALYZE of them.
import 'reflect-metadata';
const B = '/work/wt-44/backend/dist';
const { loadConfig } = await import(`${B}/config.js`);
const { initOrm, sqlListeners } = await import(`${B}/db.js`);
const { preparedReads } = await import(`${B}/common/sql.js`);
const { searchDoctors } = await import(`${B}/modules/doctors/doctor.read.js`);
const { searchMedicines } = await import(`${B}/modules/medicines/medicine.read.js`);
const { ListCache } = await import(`${B}/common/list-cache.js`);
const config = loadConfig({ ...process.env, NODE_ENV: 'test', DATABASE_URL: process.env.DATABASE_URL });
const orm = await initOrm(config);
preparedReads.enabled = false;
let log = [];
sqlListeners.add((m) => log.push(m));
const nocache = new ListCache(0);
const docs = (process.env.DOCTOR_TERMS ?? 'cardiology|হৃদরোগ|heart|chest pain|karim|Mizanur Rahman|square|skuare hospital|dhanmondi|kamrul hasan|cardiolgy|zzzqq').split('|');
const meds = (process.env.MEDICINE_TERMS ?? 'napa|নাপা|paracetmol|seclo v12|omiprazole|beximco').split('|');
const em = () => orm.em.fork();
const strip = (m) => m.replace(/\x1b\[[0-9;]*m/g, '').replace(/^\[query\] /, '');
const out = [];
for (const s of docs) {
  log = [];
  const t0 = performance.now();
  const r = await searchDoctors(em(), { search: s, page: 1, pageSize: 20, sort: 'recommended' }, nocache);
  const ms = performance.now() - t0;
  out.push({ kind: 'doctors', s, total: r.total, ms: +ms.toFixed(1), first: r.items.slice(0, 3).map((d) => d.name), statements: log.map(strip) });
}
for (const k of meds) {
  log = [];
  const t0 = performance.now();
  const r = await searchMedicines(em(), { keyword: k, page: 1, pageSize: 20, includeInactive: false, lowStock: false }, {}, nocache, new ListCache(0));
  const ms = performance.now() - t0;
  out.push({ kind: 'medicines', s: k, total: r.total, ms: +ms.toFixed(1), first: r.items.slice(0, 3).map((d) => d.name), statements: log.map(strip) });
}
for (const o of out) console.log(`${o.kind} "${o.s}": ${o.total} found, ${o.ms} ms, first ${o.first.join(', ')}; ${o.statements.map((st) => (/took (\d+) ms/.exec(st) ?? [])[1] + 'ms').join(' + ')}`);
(await import('node:fs')).writeFileSync('/tmp/wt44/statements.json', JSON.stringify(out, null, 1));
await orm.close();
