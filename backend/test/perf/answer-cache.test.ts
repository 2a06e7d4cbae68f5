import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import express from 'express';
import request from 'supertest';
import { asPatient, createTestApp, type TestApp } from '../app.js';
import { AnswerCache } from '../../src/common/answer-cache.js';

/**
 * The answer cache (common/answer-cache.ts, issue #22): a public answer that the server has already
 * declared shareable is sent again for a few seconds without running; a personal, failed or
 * undeclared answer never is; a committed change to the doctors clears it in every process.
 */
const manifestFile = path.resolve(import.meta.dirname, '../../../frontend/src/gql/persisted-documents.json');
const manifest = (existsSync(manifestFile) ? JSON.parse(readFileSync(manifestFile, 'utf8')) : {}) as Record<string, string>;

/** The web app's registered Doctors query (what its doctors page sends by GET). */
function webDoctorsHash(): string {
  const found = Object.entries(manifest).find(([, text]) => /\bquery Doctors\b/.test(text));
  if (!found) throw new Error('frontend/src/gql/persisted-documents.json has no Doctors query: run npm run build');
  return found[0].replace(/^sha256:/, '');
}

let t: TestApp;
let doctorsUrl: string;

beforeAll(async () => {
  t = await createTestApp({ env: { ANSWER_CACHE_SECONDS: '60', CORS_ORIGINS: 'http://earlier.example' } });
  await t.coordinator.start();
  const extensions = JSON.stringify({ persistedQuery: { version: 1, sha256Hash: webDoctorsHash() } });
  doctorsUrl = `/graphql?operationName=Doctors&variables=${encodeURIComponent(JSON.stringify({ page: 1, pageSize: 20 }))}&extensions=${encodeURIComponent(extensions)}`;
});
afterAll(async () => {
  await t?.coordinator.stop();
  await t?.close();
});

/** Asks until an answer is not a hit (a notification clears the cache a moment after the commit). */
async function untilMiss(url: string): Promise<import('supertest').Response> {
  for (let i = 0; i < 250; i++) {
    const res = await t.http().get(url);
    if (res.headers['x-answer-cache'] !== 'hit') return res;
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error(`${url} stayed cached`);
}

describe('a public read by hash (GraphQL)', () => {
  it('is answered once by the app, then from the cache with the same bytes and headers and its own request id', async () => {
    expect((await t.http().get(doctorsUrl)).headers['x-answer-cache']).toBe('miss');
    const hit = await t.http().get(doctorsUrl);
    const again = await t.http().get(doctorsUrl);
    expect([hit.status, hit.headers['x-answer-cache']]).toEqual([200, 'hit']);
    expect(again.headers['x-answer-cache']).toBe('hit');
    expect(again.text).toBe(hit.text);
    expect(hit.body.data.doctors.items.length).toBeGreaterThan(0);
    expect(hit.headers['cache-control']).toMatch(/^public, max-age=30/);
    expect(hit.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
    expect(hit.headers['x-request-id']).not.toBe(again.headers['x-request-id']);
  });

  it('keeps the compressed answer apart from the plain one, so a phone asking for gzip still gets gzip', async () => {
    const gzip = async () => t.http().get(doctorsUrl).set('Accept-Encoding', 'gzip');
    await gzip();
    const res = await gzip();
    expect(res.headers['x-answer-cache']).toBe('hit');
    expect(res.headers['content-encoding']).toBe('gzip');
    const plain = await t.http().get(doctorsUrl).set('Accept-Encoding', 'identity');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(res.body).toEqual(plain.body); // supertest unzips: the same data
  });

  it('is never looked up or kept for a signed-in caller', async () => {
    const patient = await asPatient(t);
    for (let i = 0; i < 2; i++) {
      const res = await t.http().get(doctorsUrl).set('Authorization', `Bearer ${patient.token}`);
      expect(res.status).toBe(200);
      expect(res.headers['x-answer-cache']).toBeUndefined();
      expect(res.headers['cache-control']).toBe('private, no-store');
    }
  });

  it('goes to the app when the caller asks for a fresh answer or revalidates', async () => {
    await t.http().get(doctorsUrl);
    expect((await t.http().get(doctorsUrl).set('Cache-Control', 'no-cache')).headers['x-answer-cache']).toBe('miss');
    expect((await t.http().get(doctorsUrl).set('Pragma', 'no-cache')).headers['x-answer-cache']).toBe('miss');
    const etag = (await t.http().get(doctorsUrl)).headers.etag;
    const revalidated = await t.http().get(doctorsUrl).set('If-None-Match', etag);
    expect([revalidated.status, revalidated.headers['x-answer-cache']]).toEqual([304, 'miss']);
  });

  it('keeps no failed answer and no answer that is not declared public', async () => {
    const broken = `/graphql?operationName=Doctors&variables=${encodeURIComponent(JSON.stringify({ page: 'one' }))}&extensions=${encodeURIComponent(JSON.stringify({ persistedQuery: { version: 1, sha256Hash: webDoctorsHash() } }))}`;
    const unknown = `/graphql?extensions=${encodeURIComponent(JSON.stringify({ persistedQuery: { version: 1, sha256Hash: 'a'.repeat(64) } }))}`;
    for (const url of [broken, unknown]) {
      const first = await t.http().get(url);
      const second = await t.http().get(url);
      expect(first.status).toBeGreaterThanOrEqual(400);
      expect(second.headers['x-answer-cache']).toBe('miss');
    }
  });

  it("is cleared in every process when a doctor's card changes, by any writer", async () => {
    await t.http().get(doctorsUrl);
    const before = await t.http().get(doctorsUrl);
    expect(before.headers['x-answer-cache']).toBe('hit');
    const first = before.body.data.doctors.items[0];
    await t.sql('update doctors set fee_poisha = fee_poisha + 100 where id = ?', [first.id]);
    const after = await untilMiss(doctorsUrl);
    const changed = after.body.data.doctors.items.find((d: { id: string }) => d.id === first.id);
    expect(changed.feePoisha).toBe(first.feePoisha + 100);
  });
});

describe('the REST doctors list (a route marked shareable)', () => {
  it('is kept for visitors, apart for each Origin (its CORS headers and picture links differ)', async () => {
    const url = '/api/doctors?pageSize=5';
    await untilMiss(url);
    const hit = await t.http().get(url);
    expect([hit.status, hit.headers['x-answer-cache']]).toEqual([200, 'hit']);
    expect(hit.body.doctors).toHaveLength(5);
    const fromEarlier = await t.http().get(url).set('Origin', 'http://earlier.example');
    expect(fromEarlier.headers['x-answer-cache']).toBe('miss');
    expect(fromEarlier.headers['access-control-allow-origin']).toBe('http://earlier.example');
    const again = await t.http().get(url).set('Origin', 'http://earlier.example');
    expect(again.headers['x-answer-cache']).toBe('hit');
    expect(again.headers['access-control-allow-origin']).toBe('http://earlier.example');
    expect(again.text).toBe(fromEarlier.text);
    expect((await t.http().get(url)).headers['access-control-allow-origin']).toBeUndefined();
  });

  it('counts a hit in /metrics under the route that wrote it', async () => {
    const served = async () => {
      const text = (await t.http().get('/metrics')).text;
      const line = text.split('\n').find((l) => l.startsWith('nirog_http_request_duration_seconds_count{') && l.includes('route="/api/doctors"') && l.includes('method="GET"') && l.includes('status="200"'));
      return { count: Number(line?.split(' ').pop() ?? 0), bare: text.includes('route="/api"') };
    };
    const before = await served();
    await t.http().get('/api/doctors?pageSize=3');
    const hit = await t.http().get('/api/doctors?pageSize=3');
    expect(hit.headers['x-answer-cache']).toBe('hit');
    expect(await served()).toEqual({ count: before.count + 2, bare: false });
  });

  it('is not kept for a route that is not marked, however public', async () => {
    await t.http().get('/api/category');
    expect((await t.http().get('/api/category')).headers['x-answer-cache']).toBe('miss');
  });
});

describe('AnswerCache', () => {
  const answer = (text: string) => ({ status: 200, route: '/api/doctors', headers: [['content-type', 'application/json']] as [string, string][], body: Buffer.from(text) });

  it('forgets an answer after the shorter of its own TTL and the max-age the answer allows', () => {
    let now = 0;
    const cache = new AnswerCache(5000, 10, 1000, () => now);
    cache.keep('long', answer('a'), 30);
    cache.keep('short', answer('b'), 2);
    now = 1999;
    expect(cache.lookup('short')?.body.toString()).toBe('b');
    now = 2000;
    expect(cache.lookup('short')).toBeUndefined();
    expect(cache.lookup('long')?.body.toString()).toBe('a');
    now = 5000;
    expect(cache.lookup('long')).toBeUndefined();
  });

  it('keeps at most its number of answers and none larger than its limit, and nothing when off', () => {
    const cache = new AnswerCache(5000, 2, 4);
    cache.keep('a', answer('1'), 30);
    cache.keep('b', answer('2'), 30);
    cache.keep('c', answer('3'), 30);
    cache.keep('big', answer('12345'), 30);
    expect([cache.lookup('a'), cache.lookup('big')]).toEqual([undefined, undefined]);
    expect(cache.size).toBe(2);
    const off = new AnswerCache(0);
    off.keep('a', answer('1'), 30);
    expect([off.enabled, off.size]).toEqual([false, 0]);
  });
});

describe('AnswerCache.middleware', () => {
  // A miss keeps what the app wrote as it wrote it (one string is not copied); a hit must send the
  // same bytes with the right length, whatever the pieces: UTF-8 text, several writes, Buffers.
  const cache = new AnswerCache(60_000);
  const app = express();
  app.use(cache.middleware());
  const bangla = { name: 'ডা. রহিমা খাতুন', fee: '৳৫০০' };
  app.get('/send', (_req, res) => {
    res.locals.shareableAnswer = true;
    res.json(bangla);
  });
  app.get('/pieces', (_req, res) => {
    res.locals.shareableAnswer = true;
    res.setHeader('Content-Type', 'text/plain; charset=utf-8');
    res.write('নীরোগ, ');
    res.write(Buffer.from('free of '));
    res.end('disease', 'utf8');
  });
  app.get('/strings', (_req, res) => {
    res.locals.shareableAnswer = true;
    res.setHeader('Content-Type', 'text/plain; charset=utf-8');
    res.write('ঢাকা ');
    res.end('ঘড়ি');
  });
  app.get('/latin1', (_req, res) => {
    res.locals.shareableAnswer = true;
    res.setHeader('Content-Type', 'text/plain; charset=latin1');
    res.end('café', 'latin1');
  });

  it.each([
    ['/send', Buffer.from(JSON.stringify(bangla))],
    ['/pieces', Buffer.from('নীরোগ, free of disease')],
    ['/strings', Buffer.from('ঢাকা ঘড়ি')],
    ['/latin1', Buffer.from('café', 'latin1')],
  ])('sends %s again with the bytes and length the app wrote', async (url, bytes) => {
    const asBytes = (r: request.Request) => r.buffer(true).parse((res, done) => {
      const parts: Buffer[] = [];
      res.on('data', (c: Buffer) => parts.push(c));
      res.on('end', () => done(null, Buffer.concat(parts)));
    });
    const miss = await asBytes(request(app).get(url));
    const hit = await asBytes(request(app).get(url));
    expect([miss.headers['x-answer-cache'], hit.headers['x-answer-cache']]).toEqual(['miss', 'hit']);
    expect(miss.body).toEqual(bytes);
    expect(hit.body).toEqual(bytes);
    expect(Number(hit.headers['content-length'])).toBe(bytes.length);
    expect(hit.headers['content-type']).toBe(miss.headers['content-type']);
  });

  it('keeps the one Buffer the app wrote, not a copy (a copy per miss was REST\'s p99 tail)', async () => {
    const written = Buffer.from(JSON.stringify(bangla));
    const app2 = express();
    app2.use(cache.middleware());
    app2.get('/buffer', (_req, res) => {
      res.locals.shareableAnswer = true;
      res.end(written);
    });
    await request(app2).get('/buffer').set('Accept-Encoding', 'identity');
    expect(cache.lookup('/buffer\n\nidentity\n')?.body).toBe(written);
  });

  it('answers a fresh request from the app, keeps its answer when none is kept, and leaves a kept one as it is', async () => {
    let now = 0;
    const clocked = new AnswerCache(5_000, 10, 1024, () => now);
    let version = 0;
    const app2 = express();
    app2.use(clocked.middleware());
    app2.get('/v', (_req, res) => {
      res.locals.shareableAnswer = true;
      res.json({ version: ++version });
    });
    const get = async (fresh = false) => {
      const res = await (fresh ? request(app2).get('/v').set('Cache-Control', 'no-cache') : request(app2).get('/v'));
      return [res.body.version, res.headers['x-answer-cache']];
    };
    // Nothing kept: the fresh answer is kept for the next caller.
    expect(await get(true)).toEqual([1, 'miss']);
    expect(await get()).toEqual([1, 'hit']);
    // One kept: a reload runs the app for its caller only; recording every reload cost each ~40 µs.
    expect(await get(true)).toEqual([2, 'miss']);
    expect(await get()).toEqual([1, 'hit']);
    // Past its TTL the next answer, fresh or not, is kept again.
    now = 5_000;
    expect(await get(true)).toEqual([3, 'miss']);
    expect(await get()).toEqual([3, 'hit']);
  });

  it('keeps nothing larger than its limit, counted in bytes', async () => {
    const small = new AnswerCache(60_000, 10, 10);
    const app2 = express();
    app2.use(small.middleware());
    // 4 characters, 12 bytes in UTF-8: over a 10-byte limit although its length is 4.
    app2.get('/', (_req, res) => {
      res.locals.shareableAnswer = true;
      res.end('ঢাকা');
    });
    await request(app2).get('/');
    expect((await request(app2).get('/')).headers['x-answer-cache']).toBe('miss');
    expect(small.size).toBe(0);
  });
});
