import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { parse, getIntrospectionQuery } from 'graphql';
import { asAdmin, asVisitor, countQueries, createTestApp, type Client, type TestApp } from '../../../../test/app.js';
import { buildNirogSchema } from '../../../schema.js';
import { measureDocument } from '../../../common/graphql-limits.js';
import { Refunds, takeFromBucket } from '../integrator.quota.js';

/**
 * The cost budget of an app (a leaky bucket in PostgreSQL): every answer to an app reports it in
 * extensions.cost; a request over budget is refused before it runs with THROTTLED and when to retry;
 * what a request asked for and did not use goes back; the bucket refills; concurrent requests never
 * spend the same points. The bucket's clock is moved in the database rather than waited for. This
 * file runs with introspection off, as in production: people are refused it, an app with its key is not.
 */
let t: TestApp;
let admin: Client;

const DOCTORS = '{ doctors(pageSize: 100) { items { id } } }';
let doctorsCost = 0;
/** How many doctors the list holds (at most 100): DOCTORS answers 2 + this many points of work. */
let listed = 0;
/** A page exactly as long as the list: its actual cost is the requested one, nothing goes back. */
let fullPage = '';
let fullPageCost = 0;

async function newApp(quotaSize: number, quotaRestoreRate: number): Promise<{ id: string; key: string }> {
  const r = await admin.gql(`mutation($input: IntegratorAppInput!) { createIntegratorApp(input: $input) { key app { id } } }`, {
    input: { name: 'budget app', contactEmail: 'dev@apps.example', scopes: ['CATALOG_READ'], quotaSize, quotaRestoreRate },
  });
  expect(r.errors).toBeUndefined();
  return { id: r.data!.createIntegratorApp.app.id, key: r.data!.createIntegratorApp.key };
}

async function asApp(key: string, query: string) {
  const res = await t.http().post('/graphql').set('X-Api-Key', key).set('Content-Type', 'application/json').send(query.startsWith('{"') ? query : { query });
  const error = res.body.errors?.[0];
  return { status: res.status, body: res.body, cost: res.body.extensions?.cost, code: error?.extensions?.code, retryAfter: error?.extensions?.retryAfter, header: res.headers['retry-after'] };
}

/** The bucket's stored level once it reads `expected`, or what it reads after `ms`. */
async function levelWithin(appId: string, expected: number, ms: number): Promise<number> {
  const until = Date.now() + ms;
  for (;;) {
    const [row] = await t.sql<{ available: number }>('select quota_available as available from integrator_apps where id = ?', [appId]);
    const level = Math.floor(Number(row!.available));
    if (level === expected || Date.now() > until) return level;
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** Sets the bucket's level, and its clock `secondsAgo` in the past (negative: in the future, so it does not refill meanwhile). */
async function setBucket(appId: string, available: number, secondsAgo: number) {
  await t.sql(
    `update integrator_apps set quota_available = ?, quota_updated_at = now() - make_interval(secs => ?) where id = ?`, [available, secondsAgo, appId]);
}

beforeAll(async () => {
  t = await createTestApp({ env: { GRAPHQL_INTROSPECTION: 'false' } });
  admin = await asAdmin(t);
  const schema = await buildNirogSchema();
  doctorsCost = measureDocument(schema, parse(DOCTORS)).get('')!.cost;
  expect(doctorsCost).toBe(102);
  listed = Math.min(100, (await asVisitor(t).gql('{ doctors(pageSize: 1) { total } }')).data!.doctors.total);
  expect(listed).toBeGreaterThan(10);
  fullPage = `{ doctors(pageSize: ${listed}) { items { id } } }`;
  fullPageCost = measureDocument(schema, parse(fullPage)).get('')!.cost;
});
afterAll(async () => {
  await t?.close();
});

describe('the cost budget of an app', () => {
  it('reports the cost and the bucket in every answer to an app, and never to people', async () => {
    const app = await newApp(1000, 1);
    const r = await asApp(app.key, fullPage);
    expect(r.body.errors).toBeUndefined();
    expect(r.cost).toEqual({
      requestedQueryCost: fullPageCost, actualQueryCost: fullPageCost,
      throttleStatus: { maximumAvailable: 1000, currentlyAvailable: 1000 - fullPageCost, restoreRate: 1 },
    });
    const person = await asVisitor(t).gql(DOCTORS);
    expect(person.errors).toBeUndefined();
    const raw = await t.http().post('/graphql').send({ query: DOCTORS });
    expect(raw.body.extensions?.cost).toBeUndefined();
  });

  it('charges what the answer held: a page asked for and not filled gives its points back', async () => {
    const app = await newApp(1000, 1);
    await setBucket(app.id, 500, -3600);
    const r = await asApp(app.key, '{ doctors(pageSize: 100) { items { id } } specialities { id } }');
    expect(r.body.errors).toBeUndefined();
    const specialities = r.body.data.specialities.length;
    const actual = 2 + r.body.data.doctors.items.length + 1 + specialities;
    expect(r.cost.requestedQueryCost).toBe(doctorsCost + 1 + 20);
    expect(r.cost.actualQueryCost).toBe(actual);
    expect(r.cost.actualQueryCost).toBeLessThan(r.cost.requestedQueryCost);
    expect(r.cost.throttleStatus.currentlyAvailable).toBe(500 - actual);
    // The points go back to the row within a moment (or with the app's next request), not in a statement of this one.
    expect(await levelWithin(app.id, 500 - actual, 1000)).toBe(500 - actual);
  });

  it('makes one quota statement a request: what a page did not use goes back with the next take', async () => {
    const app = await newApp(1000, 1);
    await setBucket(app.id, 500, -3600);
    // What earlier tests' apps are owed is written now, so that its timer cannot fire inside this test's count.
    await t.services.integrators.refunds.flush();
    const takes = (sql: string[]) => sql.filter((q) => /quota_available/.test(q) && /where id = \S+ and/.test(q)).length;
    const others = (sql: string[]) => sql.filter((q) => /quota_available/.test(q)).length - takes(sql);
    /** The request's statements, and whether it lasted long enough for the timed give-back (100 ms) to fall inside. */
    const timed = async () => {
      const start = Date.now();
      const r = await countQueries(() => asApp(app.key, DOCTORS));
      return { ...r, timerMayFire: Date.now() - start >= 100 };
    };
    const first = await timed();
    const second = await timed();
    const used = 2 + listed;
    expect(first.result.cost).toMatchObject({ requestedQueryCost: doctorsCost, actualQueryCost: used, throttleStatus: { currentlyAvailable: 500 - used } });
    expect(second.result.cost).toMatchObject({ requestedQueryCost: doctorsCost, actualQueryCost: used, throttleStatus: { currentlyAvailable: 500 - 2 * used } });
    // One take each; no give-back of its own (one sent before this change), only the timer's when the request lasted that long.
    for (const r of [first, second]) {
      expect(takes(r.sql)).toBe(1);
      expect(others(r.sql)).toBeLessThanOrEqual(r.timerMayFire ? 1 : 0);
    }
    expect(await levelWithin(app.id, 500 - 2 * used, 1000)).toBe(500 - 2 * used);
  });

  it('judges a take and a refusal on the points owed back too, and writes them first', async () => {
    // Points this process owes the app (as a request that used less than it asked leaves them): whether
    // the timer or the next take writes them, the level judged and reported includes them.
    const app = await newApp(1000, 10);
    await setBucket(app.id, 0, -3600);
    t.services.integrators.refunds.add(app.id, 50, t.orm.em.fork());
    const refused = await asApp(app.key, DOCTORS);
    expect(refused).toMatchObject({ status: 429, code: 'THROTTLED', retryAfter: Math.ceil((doctorsCost - 50) / 10) });
    expect(refused.cost.throttleStatus.currentlyAvailable).toBe(50);
    expect(await levelWithin(app.id, 50, 1000)).toBe(50);
    t.services.integrators.refunds.add(app.id, doctorsCost, t.orm.em.fork());
    const served = await asApp(app.key, fullPage);
    expect(served.body.errors).toBeUndefined();
    expect(served.cost.throttleStatus.currentlyAvailable).toBe(50 + doctorsCost - fullPageCost);
    expect(await levelWithin(app.id, 50 + doctorsCost - fullPageCost, 1000)).toBe(50 + doctorsCost - fullPageCost);
  });

  it('reports the bucket, untouched, on a refusal for scope and on a request that cannot run', async () => {
    const app = await newApp(1000, 1);
    await setBucket(app.id, 700, -3600);
    const refused = await asApp(app.key, '{ adminOrders(pageSize: 10) { total } }');
    expect(refused.code).toBe('FORBIDDEN');
    expect(refused.cost).toEqual({ requestedQueryCost: 2, actualQueryCost: 0, throttleStatus: { maximumAvailable: 1000, currentlyAvailable: 700, restoreRate: 1 } });
    const broken = await asApp(app.key, '{ doctors(pageSize: 10) { items { nope } } }');
    expect(broken.code).toBe('GRAPHQL_VALIDATION_FAILED');
    expect(broken.cost).toEqual({ requestedQueryCost: 0, actualQueryCost: 0, throttleStatus: { maximumAvailable: 1000, currentlyAvailable: 700, restoreRate: 1 } });
    const unparsable = await asApp(app.key, '{ doctors(');
    expect(unparsable.cost.throttleStatus.currentlyAvailable).toBe(700);
  });

  it('refuses a request over budget before it runs: THROTTLED, when to retry, the bucket', async () => {
    const app = await newApp(1000, 10);
    await setBucket(app.id, doctorsCost - 1, -3600);
    const r = await asApp(app.key, DOCTORS);
    expect(r).toMatchObject({ status: 429, code: 'THROTTLED', retryAfter: 1, header: '1' });
    expect(r.body.data).toBeUndefined();
    expect(r.cost).toMatchObject({ requestedQueryCost: doctorsCost, actualQueryCost: 0, throttleStatus: { currentlyAvailable: doctorsCost - 1, maximumAvailable: 1000, restoreRate: 10 } });
    await setBucket(app.id, 0, -3600);
    expect((await asApp(app.key, DOCTORS)).retryAfter).toBe(Math.ceil(doctorsCost / 10));
    // Nothing was spent by the refusals.
    expect((await asApp(app.key, DOCTORS)).cost.throttleStatus.currentlyAvailable).toBe(0);
  });

  it('refills: an empty bucket left alone long enough serves again', async () => {
    const app = await newApp(1000, 100);
    await setBucket(app.id, 0, 20);
    const r = await asApp(app.key, DOCTORS);
    expect(r.body.errors).toBeUndefined();
    // Twenty seconds at 100 a second fill the bucket (capped at its size) before this request's cost;
    // what it did not use comes back (and the bucket goes on refilling meanwhile).
    expect(r.cost.actualQueryCost).toBe(2 + listed);
    expect(r.cost.throttleStatus.currentlyAvailable).toBeGreaterThanOrEqual(1000 - 2 - listed);
    expect(r.cost.throttleStatus.currentlyAvailable).toBeLessThanOrEqual(1000);
  });

  it('says so when one query costs more than the whole bucket', async () => {
    const app = await newApp(50, 100);
    const r = await asApp(app.key, DOCTORS);
    expect(r).toMatchObject({ status: 429, code: 'THROTTLED', retryAfter: undefined });
    expect(r.body.errors[0].message).toMatch(/more than this app's whole budget/);
  });

  it('lets the database settle concurrent requests: exactly as many as the points pay for', async () => {
    // 4 full pages fit in the bucket (nothing of them goes back); the fifth would need minutes of refill.
    const app = await newApp(fullPageCost * 4 + 10, 1);
    const answers = await Promise.all(Array.from({ length: 12 }, () => asApp(app.key, fullPage)));
    const served = answers.filter((a) => a.status === 200 && !a.body.errors);
    const throttled = answers.filter((a) => a.code === 'THROTTLED');
    expect([served.length, throttled.length]).toEqual([4, 8]);
    const [row] = await t.sql<{ available: number }>('select quota_available as available from integrator_apps where id = ?', [app.id]);
    expect(Number(row!.available)).toBeGreaterThanOrEqual(10);
    expect(Number(row!.available)).toBeLessThan(fullPageCost);
  });

  it('takes the requests that queue behind an app\'s take in one statement, each reporting the level after its own take', async () => {
    const app = await newApp(10_000, 1);
    await setBucket(app.id, 5000, -3600);
    const refunds = new Refunds();
    const db = t.orm.em.fork();
    const takes = (sql: string[]) => sql.filter((q) => /update integrator_apps/.test(q)).length;
    const { result, sql } = await countQueries(() => Promise.all([100, 200, 300, 400, 500, 600].map((cost) => takeFromBucket(db, app.id, cost, refunds))));
    expect(result.every((r) => r.allowed)).toBe(true);
    // The first ran alone; the five that came while it was on its way, together: two statements, not six.
    expect(takes(sql)).toBe(2);
    // In the order they came, as if one after another: 5000 − 100, − 200, …
    expect(result.map((r) => r.report.throttleStatus.currentlyAvailable)).toEqual([4900, 4700, 4400, 4000, 3500, 2900]);
    expect(result.map((r) => r.report.requestedQueryCost)).toEqual([100, 200, 300, 400, 500, 600]);
    expect(await levelWithin(app.id, 2900, 0)).toBe(2900);
  });

  it('takes a batch the bucket cannot hold one by one, in order: exactly the points there are, and exact refusals', async () => {
    const app = await newApp(10_000, 1);
    await setBucket(app.id, 1000, -3600);
    const refunds = new Refunds();
    const db = t.orm.em.fork();
    // The first (300) alone; then 300 + 300 + 300 + 300 do not fit in 700: 300 and 300 are taken, the rest refused.
    const result = await Promise.all(Array.from({ length: 5 }, () => takeFromBucket(db, app.id, 300, refunds)));
    expect(result.map((r) => r.allowed)).toEqual([true, true, true, false, false]);
    expect(result.map((r) => r.report.throttleStatus.currentlyAvailable)).toEqual([700, 400, 100, 100, 100]);
    // 200 points missing at 1 a second; a second's refill at most happened meanwhile.
    for (const r of result.slice(3)) expect(r.retryAfterSeconds).toBeGreaterThanOrEqual(199);
    expect(await levelWithin(app.id, 100, 0)).toBeGreaterThanOrEqual(100);
  });

  it('lets an app introspect where introspection is off for people', async () => {
    const app = await newApp(1000, 100);
    const r = await asApp(app.key, getIntrospectionQuery());
    expect(r.body.errors).toBeUndefined();
    expect(r.body.data.__schema.queryType.name).toBe('Query');
    const person = await t.http().post('/graphql').send({ query: getIntrospectionQuery() });
    expect(person.body.errors[0].extensions.code).toBe('GRAPHQL_VALIDATION_FAILED');
    expect(person.body.data).toBeUndefined();
  });
});
