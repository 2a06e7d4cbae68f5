import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Pool } from 'pg';
import { asVisitor, countQueries, createTestApp, type TestApp } from '../app.js';
import { LITERAL_PAGES, SqlParams, nativeClient, selectRows } from '../../src/common/sql.js';

/**
 * The read models' statements (common/sql.ts `selectRows`) run as named prepared statements on
 * PostgreSQL outside a transaction, so PostgreSQL plans the doctors page once per connection instead
 * of on every request (issue #22). What must hold on both databases: the same rows, in the same types,
 * whichever way a statement went; every statement still counted; a transaction's reads inside it.
 */
let t: TestApp;
const onPostgres = !!process.env.DATABASE_URL;
/** What reached the pg pool directly (prepared statements); empty on PGlite, which has no pool. */
const sent: { name?: string; text: string; values?: unknown[] }[] = [];

beforeAll(async () => {
  t = await createTestApp();
  if (onPostgres) {
    const pool = await nativeClient<Pool>(t.orm);
    const query = pool.query.bind(pool) as (...args: unknown[]) => unknown;
    (pool as unknown as { query: (...args: unknown[]) => unknown }).query = (config: unknown, ...rest: unknown[]) => {
      if (config && typeof config === 'object' && 'text' in config) sent.push(config as { name?: string; text: string; values?: unknown[] });
      return query(config, ...rest);
    };
  }
}, 60_000);
afterAll(async () => {
  await t.close();
});

const em = () => t.orm.em.fork();

/** Every kind of value the read models read: text, text[], integers, booleans, timestamps, numerics, nulls. */
const SAMPLES: [string, (p: SqlParams) => string][] = [
  ['doctors ⋈ users', (p) => `select d.*, u.name, u.email, u.avatar_url from doctors d join users u on u.id = d.user_id
    where d.status = ${p.add('approved')} order by d.id limit ${p.add(20)}`],
  ['medicines', (p) => `select * from medicines where is_active = ${p.add(true)} and price_poisha >= ${p.add(0)} order by id limit ${p.add(20)}`],
  ['orders with lines', (p) => `select o.*, i.quantity, i.unit_price_poisha from orders o left join order_items i on i.order_id = o.id
    order by o.id, i.id limit ${p.add(30)}`],
  ['an overlap with a text[]', (p) => `select id, specialities from doctors where specialities && ${p.textArray(['Medicine', 'Cardiology'])} order by id`],
];

describe('prepared reads', () => {
  it.each(SAMPLES)('%s: the same rows outside a transaction (prepared on PostgreSQL) as inside one (through the ORM)', async (_name, write) => {
    const params = new SqlParams();
    const sql = write(params);
    const before = sent.length;
    const outside = await selectRows<Record<string, unknown>>(em(), sql, params);
    const prepared = sent.slice(before);
    const inside = await em().transactional((trx) => selectRows<Record<string, unknown>>(trx, sql, params));
    expect(outside.length).toBeGreaterThan(0);
    expect(outside).toEqual(inside);
    // Only the read outside the transaction reached the pool itself, named, with numbered parameters.
    expect(prepared).toHaveLength(onPostgres ? 1 : 0);
    expect(sent.length - before).toBe(prepared.length);
    if (onPostgres) {
      expect(prepared[0]!.name).toMatch(/^nirog_read_\d+$/);
      expect(prepared[0]!.text).not.toContain('?');
      expect(prepared[0]!.text).toContain(`$${params.values.length}`);
    }
  });

  it('one name per SQL text, the same on every call; another text gets another name', async () => {
    const run = async (limit: number) => {
      const before = sent.length;
      const p = new SqlParams();
      await selectRows(em(), `select id from doctors where review_count >= ${p.add(0)} limit ${limit}`, p);
      return sent.slice(before).map((s) => s.name);
    };
    const a1 = await run(1);
    const a2 = await run(1);
    const b = await run(2);
    if (!onPostgres) return expect([a1, a2, b]).toEqual([[], [], []]);
    expect(a1).toEqual(a2);
    expect(b[0]).toBeDefined();
    expect(b[0]).not.toBe(a1[0]);
  });

  it('the doctors list: still two statements per request, each counted, the page prepared on PostgreSQL', async () => {
    const visitor = asVisitor(t);
    const before = sent.length;
    const { result, count, sql } = await countQueries(() => visitor.gql('{ doctors(page: 1, pageSize: 20) { total items { id name rating } } }'));
    expect(result.errors).toBeUndefined();
    expect((result.data!.doctors as { items: unknown[] }).items.length).toBeGreaterThan(0);
    expect(count).toBe(2);
    expect(sql.some((s) => /from doctors d where/.test(s))).toBe(true);
    const prepared = sent.slice(before);
    expect(prepared.map((s) => /^select count/.test(s.text) || /order by/.test(s.text))).toEqual(onPostgres ? [true, true] : []);
    expect(prepared.every((s) => s.name?.startsWith('nirog_read_'))).toBe(true);
  });

  it('a page writes its limit and offset as numbers on the first pages, as parameters after them', () => {
    const window = (page: number, pageSize: number) => {
      const p = new SqlParams();
      return [p.window({ page, pageSize }), p.values];
    };
    expect(window(1, 20)).toEqual(['limit 20 offset 0', []]);
    expect(window(LITERAL_PAGES, 50)).toEqual([`limit 50 offset ${(LITERAL_PAGES - 1) * 50}`, []]);
    expect(window(LITERAL_PAGES + 1, 20)).toEqual(['limit ? offset ?', [20, LITERAL_PAGES * 20]]);
    // Nothing but a whole number is written into the text.
    expect(window(1, 1.5)).toEqual(['limit ? offset ?', [1.5, 0]]);
    expect(window(1, Number.NaN)).toEqual(['limit ? offset ?', [Number.NaN, Number.NaN]]);
  });

  it('the doctors page runs on its generic plan from the sixth execution (planned once, not per request)', async () => {
    // With `limit $n offset $m` PostgreSQL costs the generic plan for 10 % of the rows and, at 100k
    // doctors, plans every execution anew (pg_prepared_statements: 0 generic plans). A test database is
    // too small to show that, so the text is checked, and that PostgreSQL gives this text its generic plan.
    // The web card's first page, as sent:
    const before = sent.length;
    const { result, sql } = await countQueries(() => asVisitor(t).gql('{ doctors(page: 1, pageSize: 20) { items { id } } }'));
    expect(result.errors).toBeUndefined();
    expect(sql.find((s) => /order by/.test(s))).toMatch(/limit 20 offset 0/);
    if (!onPostgres) return;
    const page = sent.slice(before).find((s) => /order by/.test(s.text))!;
    const client = await (await nativeClient<Pool>(t.orm)).connect();
    try {
      for (let i = 0; i < 7; i++) await client.query({ name: 'nirog_window_check', text: page.text, values: page.values });
      const { rows } = await client.query<{ generic_plans: string }>(`select generic_plans from pg_prepared_statements where name = 'nirog_window_check'`);
      expect(Number(rows[0]!.generic_plans)).toBeGreaterThan(0);
      await client.query('deallocate nirog_window_check');
    } finally {
      client.release();
    }
  });

  it('a bad statement fails as it did through the ORM, and the next one runs', async () => {
    await expect(selectRows(em(), 'select no_such_column from doctors', new SqlParams())).rejects.toThrow(/no_such_column/);
    const p = new SqlParams();
    const rows = await selectRows<{ n: number }>(em(), `select count(*)::int as n from doctors where status = ${p.add('approved')}`, p);
    expect(rows[0]!.n).toBeGreaterThan(0);
  });
});

describe('DATABASE_PREPARED_STATEMENTS=false (a pooler that cannot keep prepared statements)', () => {
  it('sends every read through the ORM, unnamed, with the same answer', async () => {
    const before = await asVisitor(t).gql('{ doctors(page: 1, pageSize: 5) { total items { id name } } }');
    const off = await createTestApp({ env: { DATABASE_PREPARED_STATEMENTS: 'false' } });
    try {
      expect(off.config.db.preparedStatements).toBe(false);
      const sentBefore = sent.length;
      // The same database on PGlite; another fresh one on PostgreSQL, seeded alike.
      const answer = await asVisitor(off).gql('{ doctors(page: 1, pageSize: 5) { total items { id name } } }');
      expect(answer.errors).toBeUndefined();
      expect(answer.data!.doctors.total).toBe(before.data!.doctors.total);
      expect(sent.length).toBe(sentBefore);
      if (onPostgres) {
        const pool = await nativeClient<Pool>(off.orm);
        const named: unknown[] = [];
        const query = pool.query.bind(pool) as (...args: unknown[]) => unknown;
        (pool as unknown as { query: (...args: unknown[]) => unknown }).query = (config: unknown, ...rest: unknown[]) => {
          if (config && typeof config === 'object' && 'name' in config) named.push(config);
          return query(config, ...rest);
        };
        await asVisitor(off).gql('{ doctors(page: 1, pageSize: 5) { total items { id name } } }');
        expect(named).toEqual([]);
      }
    } finally {
      await off.close();
    }
  });
});

describe('a database away at the first prepared read', () => {
  it('the next read asks for the pool again and succeeds', async () => {
    const fresh = await createTestApp({ seed: false });
    try {
      const connection = fresh.orm.em.getConnection() as unknown as { getNativeClient(): Promise<Pool> };
      const real = connection.getNativeClient.bind(connection);
      let calls = 0;
      connection.getNativeClient = () => (++calls === 1 ? Promise.reject(new Error('connect ECONNREFUSED')) : real());
      const read = () => selectRows<{ n: number }>(fresh.orm.em.fork(), 'select 1 as n', new SqlParams());
      if (onPostgres) await expect(read()).rejects.toThrow(/ECONNREFUSED/);
      expect((await read())[0]!.n).toBe(1);
      expect(calls).toBe(onPostgres ? 2 : 0);
    } finally {
      await fresh.close();
    }
  });
});
