// EXPLAIN ANALYZE of each statement a search sends, at scale (values inlined).
import 'reflect-metadata';
const B = '/work/wt-44/backend/dist';
const { loadConfig } = await import(`${B}/config.js`);
const { initOrm } = await import(`${B}/db.js`);
const { preparedReads } = await import(`${B}/common/sql.js`);
const { searchDoctors } = await import(`${B}/modules/doctors/doctor.read.js`);
const { searchMedicines } = await import(`${B}/modules/medicines/medicine.read.js`);
const { ListCache } = await import(`${B}/common/list-cache.js`);
const config = loadConfig({ ...process.env, NODE_ENV: 'production', JWT_SECRET: 'bench-secret-0123456789-0123456789-abcdef', LOG_LEVEL: 'warn' });
const orm = await initOrm(config);
preparedReads.enabled = false;
const conn = orm.em.getConnection();
const captured = [];
const orig = conn.execute.bind(conn);
conn.execute = (sql, params = [], ...rest) => { if (typeof sql === 'string') captured.push([sql, params]); return orig(sql, params, ...rest); };
const lit = (v) => Array.isArray(v) ? `array[${v.map(lit).join(',')}]` : v === null ? 'null' : typeof v === 'number' || typeof v === 'boolean' ? String(v) : `'${String(v).replace(/'/g, "''")}'`;
const inline = (sql, params) => { let i = 0; return sql.replace(/\?/g, () => lit(params[i++])); };
const which = process.argv[2] ?? 'doctors';
const terms = process.argv.slice(3);
for (const s of terms) {
  captured.length = 0;
  if (which === 'doctors') await searchDoctors(orm.em.fork(), { search: s, page: 1, pageSize: 20, sort: 'recommended' }, new ListCache(0));
  else await searchMedicines(orm.em.fork(), { keyword: s, page: 1, pageSize: 20, includeInactive: false, lowStock: false }, {}, new ListCache(0), new ListCache(0));
  for (const [sql, params] of captured.slice()) {
    const rows = await orig(`explain (analyze, buffers, timing off, summary on) ${inline(sql, params)}`, []);
    const plan = rows.map((r) => r['QUERY PLAN']);
    const exec = plan.find((l) => /Execution Time/.test(l));
    const planning = plan.find((l) => /Planning Time/.test(l));
    console.log(`${which} "${s}" ${sql.slice(0, 40).replace(/\s+/g, ' ')}… ${planning} ${exec}`);
    if (process.env.PLANS) console.log(plan.join('\n'));
  }
}
await orm.close();
