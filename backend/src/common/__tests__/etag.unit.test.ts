import { describe, expect, it } from '@jest/globals';
import express from 'express';
import request from 'supertest';
import { weakEtag } from '../etag.js';

/**
 * Nirog computes express's weak ETag itself (common/etag.ts, without express's copies of the body). A
 * browser keeps the ETag of an answer and sends it back in If-None-Match, so the value must be exactly
 * express's: compared here with what an express app with its defaults sends for the same bodies.
 */
const BODIES: [string, string | Buffer][] = [
  ['empty', ''],
  ['ASCII JSON', JSON.stringify({ success: true, doctors: [{ id: 'a', name: 'Dr. A', fees: 500 }] })],
  ['Bangla text', 'ডাক্তার খুঁজুন — ফি ৫০০ টাকা'],
  ['a large answer', 'x'.repeat(70_000)],
  ['a buffer', Buffer.from([0, 1, 2, 250, 251, 252])],
];

function expressWith(body: string | Buffer, etagFn?: typeof weakEtag) {
  const app = express();
  if (etagFn) app.set('etag fn', etagFn);
  app.get('/', (_req, res) => {
    res.send(body);
  });
  return app;
}

describe('weakEtag', () => {
  it.each(BODIES)('%s: the same ETag as express sends', async (_name, body) => {
    const theirs = await request(expressWith(body)).get('/');
    expect(theirs.headers.etag).toMatch(/^W\/"/);
    expect(weakEtag(body)).toBe(theirs.headers.etag);
    const ours = await request(expressWith(body, weakEtag)).get('/');
    expect(ours.headers.etag).toBe(theirs.headers.etag);
  });

  it('different bodies, different ETags; a repeat is answered 304', async () => {
    expect(weakEtag('{"a":1}')).not.toBe(weakEtag('{"a":2}'));
    const app = expressWith('{"a":1}', weakEtag);
    const first = await request(app).get('/');
    const again = await request(app).get('/').set('If-None-Match', first.headers.etag as string);
    expect(again.status).toBe(304);
  });
});
