#!/usr/bin/env node
// The raw baselines of the benchmarks: a bare node:http server and `pg` answering JSON. No framework,
// no ORM, no GraphQL, no validation: what the database and Node give.
//   - the same-SQL baseline: for each benchmarked list, the same SQL as Nirog sends (the session
//     check where logged in, the page, the count): framework overhead, with our SQL's cost on both sides;
//   - the minimal handler (/minimal): `select * from doctors order by 1 limit 20`, nothing else: the
//     raw limit, which our own SQL's cost counts against too.
import http from 'node:http';
import pg from 'pg';

const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: Number(process.env.DATABASE_POOL_MAX ?? 10) });
const port = Number(process.env.PORT ?? 4291);

const DOCTOR_ORDER = `order by d.is_online desc, case when d.review_count = 0 then 0 else d.rating_half_stars_total::float / d.review_count end desc,
  d.review_count desc, d.id asc`;

/** The JWT's claims, read without checking the signature (the app checks it; the baseline only needs the ids). */
function claims(req) {
  const token = (req.headers.authorization ?? '').replace(/^Bearer /, '');
  const payload = token.split('.')[1];
  return payload ? JSON.parse(Buffer.from(payload, 'base64url').toString()) : null;
}

async function session(req) {
  const c = claims(req);
  if (!c) return null;
  const { rows } = await pool.query(
    `select u.role, d.id as doctor_id from auth_sessions s join users u on u.id = s.user_id left join doctors d on d.user_id = u.id
      where s.id = $1 and s.user_id = $2 and s.revoked_at is null and s.expires_at > now() and u.deleted_at is null`, [c.sid, c.sub]);
  return rows[0] ? { id: c.sub } : null;
}

const routes = {
  /**
   * The simplest possible handler (issue #22's second baseline): one statement, no filter, no join,
   * no count, the rows as they come. What Node, pg and PostgreSQL give for a list of 20 doctors.
   */
  async '/minimal'() {
    const { rows } = await pool.query('select * from doctors order by 1 limit 20');
    return rows;
  },
  /** Approved doctors, 20 a page (the doctors list): of one speciality and online now with ?speciality=, else all. */
  async '/doctors'(url) {
    const speciality = url.searchParams.get('speciality');
    const where = `where d.status = 'approved'${speciality ? ' and d.specialities && $1 and d.is_online = true' : ''}`;
    const params = speciality ? [[speciality]] : [];
    const [page, count] = await Promise.all([
      pool.query(`select d.* from doctors d ${where} ${DOCTOR_ORDER} limit 20`, params), // the card's name, photo and gender are on doctors
      pool.query(`select count(*) as count from doctors d ${where}`, params),
    ]);
    return { items: page.rows, total: Number(count.rows[0].count) };
  },
  /**
   * The medicine search on Nirog's search machinery (docs/search.md) without its ranking: the words of
   * the vocabulary the keyword's search key begins, then the medicines carrying one (the word index),
   * by name, and how many (three statements, as Nirog sends for a keyword nobody asked a moment ago).
   */
  async '/medicines'(url) {
    const q = url.searchParams.get('keyword') ?? 'napa';
    const { rows: [{ words }] } = await pool.query(`select array(select word from search_words, (select nirog_search_key($1::text) as key) k
      where word >= k.key collate "C" and word < (k.key || '~') collate "C" and medicines > 0) as words`, [q]);
    const match = 'is_active = true and search_words && $1::text[]';
    const [page, count] = await Promise.all([
      pool.query(`with matched as materialized (select * from medicines where ${match}) select * from matched order by name asc, id asc limit 20`, [words]),
      pool.query(`select count(*) as count from medicines where ${match}`, [words]),
    ]);
    return { items: page.rows, total: Number(count.rows[0].count) };
  },
  /** The logged-in patient's order history, 20 a page, with each order's lines. */
  async '/orders'(url, req) {
    const user = await session(req);
    if (!user) return null;
    const [page, count] = await Promise.all([
      pool.query(`select o.*, i.id as item_id, i.name as item_name, i.quantity, i.unit, i.image_url, i.unit_price_poisha, i.line_total_poisha
        from (select * from orders where user_id = $1 order by created_at desc, id asc limit 20) o
        left join order_items i on i.order_id = o.id order by o.created_at desc, o.id asc, i.id asc`, [user.id]),
      pool.query(`select count(*) as count from orders where user_id = $1`, [user.id]),
    ]);
    const orders = new Map();
    for (const r of page.rows) {
      if (!orders.has(r.id)) orders.set(r.id, { id: r.id, status: r.status, totalPoisha: r.total_poisha, createdAt: r.created_at, items: [] });
      if (r.item_id) orders.get(r.id).items.push({ id: r.item_id, name: r.item_name, quantity: r.quantity, lineTotalPoisha: r.line_total_poisha });
    }
    return { items: [...orders.values()], total: Number(count.rows[0].count) };
  },
};

http.createServer(async (req, res) => {
  const url = new URL(req.url, 'http://baseline');
  const handler = routes[url.pathname];
  try {
    const body = handler ? await handler(url, req) : undefined;
    res.writeHead(body ? 200 : handler ? 401 : 404, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body ?? { error: 'no' }));
  } catch (err) {
    res.writeHead(500, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ error: String(err) }));
  }
}).listen(port, '127.0.0.1', () => console.log(`baseline on ${port}`));
