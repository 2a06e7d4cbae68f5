import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createTestApp, type TestApp } from '../app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

describe('a refused multipart upload', () => {
  it('answers 413 to a 6 MiB avatar on signup and the server keeps answering', async () => {
    const big = Buffer.alloc(6 * 1024 * 1024, 7);
    const res = await t.http().post('/api/register').field('name', 'Big File').field('email', 'big@example.com')
      .field('password', 'Very-long-password-1').attach('avatar', big, 'big.png')
      .timeout(15_000);
    expect(res.status).toBe(413);
    expect(res.body.reason).toBe('FILE_TOO_LARGE');
    const after = await t.http().get('/healthz');
    expect(after.status).toBe(200);
  });
});
