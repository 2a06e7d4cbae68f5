import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import request from 'supertest';
import { createTestApp, type TestApp } from '../app.js';
import { createApp } from '../../src/app.js';
import { createLogger } from '../../src/common/logger.js';
import { DEMO_KEY } from '../../src/modules/integrators/index.js';

/**
 * The limits on public reads (common/rate-limit.ts, SharedCounts): searches per address (`search-ip`:
 * the doctor and medicine lists through both doors and the suggestions share one bucket), and a
 * blanket limit on every public read per address (`read-ip`), answers from the answer cache included.
 * Counted in memory, shared through PostgreSQL every second: two API processes over one database
 * refuse an address that has spent its allowance on either.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { SEARCHES_PER_IP_PER_MINUTE: '3', PUBLIC_READS_PER_IP_PER_MINUTE: '6', ANSWER_CACHE_SECONDS: '5' } });
});
afterAll(async () => {
  await t?.close();
});

let seq = 0;
const newIp = () => `198.51.100.${++seq}`;
const gql = (ip: string, query: string, variables?: object, headers: Record<string, string> = {}) => {
  let req = request(t.app).post('/graphql').set('X-Forwarded-For', ip);
  for (const [k, v] of Object.entries(headers)) req = req.set(k, v);
  return req.send({ query, variables });
};
const codeOf = (res: request.Response) => res.body.errors?.[0]?.extensions?.code as string | undefined;

describe('searches per address', () => {
  it('share one allowance across the doctors, the medicines, the suggestions and REST', async () => {
    const ip = newIp();
    expect(codeOf(await gql(ip, '{ doctors(search: "heart", page: 1, pageSize: 5) { total } }'))).toBeUndefined();
    expect((await request(t.app).get('/api/get/medicine?keyword=napa').set('X-Forwarded-For', ip)).status).toBe(200);
    expect(codeOf(await gql(ip, '{ searchSuggestions(text: "napa") { text } }'))).toBeUndefined();
    const refused = await request(t.app).get(`/api/doctors?keyword=${encodeURIComponent('হৃদরোগ')}`).set('X-Forwarded-For', ip);
    expect(refused.status).toBe(429);
    expect(refused.body.reason).toBe('RATE_LIMITED');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(codeOf(await gql(ip, '{ medicines(keyword: "seclo", page: 1, pageSize: 5) { total } }'))).toBe('TOO_MANY_REQUESTS');
    // Another address is not held back.
    expect(codeOf(await gql(newIp(), '{ doctors(search: "heart", page: 1, pageSize: 5) { total } }'))).toBeUndefined();
  });
});

describe('every public read per address', () => {
  it('counts public GraphQL fields and public REST paths alike, and no one\'s own records', async () => {
    const ip = newIp();
    const reads = [
      () => gql(ip, '{ specialities { title } }'),
      () => request(t.app).get('/api/fees').set('X-Forwarded-For', ip),
      () => gql(ip, '{ insuranceArticles { id } }'),
      () => request(t.app).get('/api/category').set('X-Forwarded-For', ip),
      () => gql(ip, '{ a: specialities { title } b: errorReasons { reason } }'),
    ];
    for (const read of reads) expect((await read()).status).toBe(200);
    // Six: the aliases counted two.
    expect((await request(t.app).get('/api/fees').set('X-Forwarded-For', ip)).status).toBe(429);
    expect(codeOf(await gql(ip, '{ specialities { slug } }'))).toBe('TOO_MANY_REQUESTS');
    // A login is no public read.
    expect((await request(t.app).post('/api/login').set('X-Forwarded-For', ip).send({ email: 'patient@nirog.test', password: 'wrong-password-1' })).status).toBe(401);
  });

  it('counts an answer the answer cache gives, as the app would', async () => {
    const ip = newIp();
    const statuses: number[] = [];
    for (let i = 0; i < 8; i += 1) {
      const res = await request(t.app).get('/api/ratings').set('X-Forwarded-For', ip);
      statuses.push(res.status);
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 200, 429, 429]);
    // The doctors list, kept by the answer cache after its first answer: its hits are counted too.
    const other = newIp();
    const hits: string[] = [];
    for (let i = 0; i < 7; i += 1) {
      const res = await request(t.app).get('/api/doctors?pageSize=2').set('X-Forwarded-For', other);
      hits.push(`${res.status}${res.headers['x-answer-cache'] === 'hit' ? ' hit' : ''}`);
    }
    expect(hits.filter((h) => h.endsWith('hit')).length).toBeGreaterThan(0);
    expect(hits.at(-1)).toMatch(/^429/);
  });

  it('leaves an integrator app to its own quota', async () => {
    const ip = newIp();
    for (let i = 0; i < 8; i += 1) {
      const res = await gql(ip, '{ specialities { title } }', undefined, { Authorization: `Bearer ${DEMO_KEY.key}` });
      expect(codeOf(res)).toBeUndefined();
    }
  });

  it('holds across two API processes over one database (shared every second)', async () => {
    const replica = await createApp(t.config, t.orm, createLogger('silent'));
    try {
      const ip = newIp();
      for (let i = 0; i < 4; i += 1) expect((await request(t.app).get('/api/status').set('X-Forwarded-For', ip)).status).toBe(200);
      // Until the first process shares its count, the second knows nothing of it…
      expect((await request(replica.app).get('/api/status').set('X-Forwarded-For', ip)).status).toBe(200);
      await t.services.limiter.shared.flush();
      await replica.services.limiter.shared.flush();
      // …then it counts the address's six reads (four, one, and one more here) and refuses the seventh.
      expect((await request(replica.app).get('/api/status').set('X-Forwarded-For', ip)).status).toBe(200);
      expect((await request(replica.app).get('/api/status').set('X-Forwarded-For', ip)).status).toBe(429);
    } finally {
      await replica.worker.stop();
      await replica.apollo.stop();
      await replica.services.limiter.shared.stop();
    }
  });
});
