import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { parse, getIntrospectionQuery } from 'graphql';
import { asAdmin, asVisitor, createTestApp, type Client, type TestApp } from '../../../../test/app.js';
import { buildNirogSchema } from '../../../schema.js';
import { measureDocument } from '../../../common/graphql-limits.js';

/**
 * The cost budget of an app (a leaky bucket in PostgreSQL): every answer to an app reports it in
 * extensions.cost; a request over budget is refused before it runs with THROTTLED and when to retry;
 * the bucket refills; concurrent requests never spend the same points. The bucket's clock is moved in
 * the database rather than waited for. This file runs with introspection off, as in production: people
 * are refused it, an app with its key is not.
 */
let t: TestApp;
let admin: Client;

const DOCTORS = '{ doctors(pageSize: 100) { items { id } } }';
let doctorsCost = 0;

async function newApp(quotaSize: number, quotaRestoreRate: number): Promise<{ id: string; key: string }> {
  const r = await admin.gql(`mutation($input: IntegratorAppInput!) { createIntegratorApp(input: $input) { key app { id } } }`, {
    input: { name: 'budget app', contactEmail: 'dev@apps.example', scopes: ['CATALOG_READ'], quotaSize, quotaRestoreRate },
  });
  expect(r.errors).toBeUndefined();
  return { id: r.data!.createIntegratorApp.app.id, key: r.data!.createIntegratorApp.key };
}

async function asApp(key: string, query: string) {
  const res = await t.http().post('/graphql').set('X-Api-Key', key).set('Content-Type', 'application/json').send({ query });
  const error = res.body.errors?.[0];
  return { status: res.status, body: res.body, cost: res.body.extensions?.cost, code: error?.extensions?.code, retryAfter: error?.extensions?.retryAfter, header: res.headers['retry-after'] };
}

/** Sets the bucket's level, and its clock `secondsAgo` in the past (negative: in the future, so it does not refill meanwhile). */
async function setBucket(appId: string, available: number, secondsAgo: number) {
  await t.orm.em.fork().getConnection().execute(
    `update integrator_apps set quota_available = ?, quota_updated_at = now() - make_interval(secs => ?) where id = ?`, [available, secondsAgo, appId]);
}

beforeAll(async () => {
  t = await createTestApp({ env: { GRAPHQL_INTROSPECTION: 'false' } });
  admin = await asAdmin(t);
  doctorsCost = measureDocument(await buildNirogSchema(), parse(DOCTORS)).get('')!.cost;
  expect(doctorsCost).toBeGreaterThan(100);
});
afterAll(async () => {
  await t?.close();
});

describe('the cost budget of an app', () => {
  it('reports the cost and the bucket in every answer to an app, and never to people', async () => {
    const app = await newApp(1000, 100);
    const r = await asApp(app.key, DOCTORS);
    expect(r.body.errors).toBeUndefined();
    expect(r.cost).toEqual({
      requestedQueryCost: doctorsCost, actualQueryCost: doctorsCost,
      throttleStatus: { maximumAvailable: 1000, currentlyAvailable: 1000 - doctorsCost, restoreRate: 100 },
    });
    const person = await asVisitor(t).gql(DOCTORS);
    expect(person.errors).toBeUndefined();
    const raw = await t.http().post('/graphql').send({ query: DOCTORS });
    expect(raw.body.extensions?.cost).toBeUndefined();
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
    // Twenty seconds at 100 a second fill the bucket (capped at its size) before this request's cost.
    expect(r.cost.throttleStatus.currentlyAvailable).toBe(1000 - doctorsCost);
  });

  it('says so when one query costs more than the whole bucket', async () => {
    const app = await newApp(50, 100);
    const r = await asApp(app.key, DOCTORS);
    expect(r).toMatchObject({ status: 429, code: 'THROTTLED', retryAfter: undefined });
    expect(r.body.errors[0].message).toMatch(/more than this app's whole budget/);
  });

  it('lets the database settle concurrent requests: exactly as many as the points pay for', async () => {
    // 4 requests fit in the bucket; the fifth would need ~90 seconds of refill at 1 point a second.
    const app = await newApp(doctorsCost * 4 + 10, 1);
    const answers = await Promise.all(Array.from({ length: 12 }, () => asApp(app.key, DOCTORS)));
    const served = answers.filter((a) => a.status === 200 && !a.body.errors);
    const throttled = answers.filter((a) => a.code === 'THROTTLED');
    expect([served.length, throttled.length]).toEqual([4, 8]);
    const [row] = await t.orm.em.fork().getConnection().execute<{ available: number }[]>('select quota_available as available from integrator_apps where id = ?', [app.id]);
    expect(Number(row!.available)).toBeGreaterThanOrEqual(10);
    expect(Number(row!.available)).toBeLessThan(doctorsCost);
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
