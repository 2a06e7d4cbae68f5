import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import request from 'supertest';
import { createTestApp, type TestApp } from '../app.js';
import { DEMO_PASSWORD } from '../../src/seeders/demo-accounts.js';

/**
 * Guesses sent all at once, as a script would (issue 21): each login attempt is counted atomically in
 * the database before its password is checked, so a burst cannot have more passwords checked than the
 * lockout threshold allows, for one account or from one address. The lock is long here so that it
 * cannot end during the burst.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { LOGIN_LOCK_THRESHOLD: '5', LOGIN_LOCK_BASE_SECONDS: '600', LOGIN_LOCK_MAX_SECONDS: '900', LOGIN_FAILURES_PER_IP: '10' } });
});
afterAll(async () => {
  await t?.close();
});

const login = (email: string, password: string, ip: string) =>
  request(t.app).post('/api/login').set('X-Forwarded-For', ip).send({ email, password });

describe('a burst of wrong passwords', () => {
  it('to one account: 100 at once, only the threshold (5) are checked, the rest are refused with the lockout code', async () => {
    const answers = await Promise.all(Array.from({ length: 100 }, (_, i) =>
      login('karim@nirog.test', `wrong-guess-${i}`, `192.0.2.${i + 1}`)));
    const checked = answers.filter((r) => r.status === 401);
    const refused = answers.filter((r) => r.status === 429);
    expect(checked).toHaveLength(5);
    expect(checked.every((r) => r.body.message === 'Invalid email or password')).toBe(true);
    expect(refused).toHaveLength(95);
    expect(refused.every((r) => r.body.code === 'TOO_MANY_REQUESTS' && Number(r.headers['retry-after']) >= 1)).toBe(true);
    // The lock counts the 5 checked guesses only (refused ones do not extend it) and holds for the right password too.
    const row = await t.sql(`select hits from rate_limit_buckets where key = ?`, ['login-account:karim@nirog.test']);
    expect(Number(row[0].hits)).toBe(5);
    expect((await login('karim@nirog.test', DEMO_PASSWORD, '192.0.2.200')).status).toBe(429);
  });

  it('from one address to many accounts: 100 at once, only the per-address limit (10) are checked', async () => {
    const answers = await Promise.all(Array.from({ length: 100 }, (_, i) =>
      login(`stuffing-${i}@example.com`, 'password123', '198.18.0.7')));
    expect(answers.filter((r) => r.status === 401)).toHaveLength(10);
    expect(answers.filter((r) => r.status === 429)).toHaveLength(90);
  });

  it('a right password ends the streak and gives its attempt back to the address', async () => {
    const ip = '198.18.0.9';
    for (let i = 0; i < 3; i += 1) expect((await login('nusrat@nirog.test', 'wrong-guess', ip)).status).toBe(401);
    expect((await login('nusrat@nirog.test', DEMO_PASSWORD, ip)).status).toBe(200);
    const rows = await t.sql(`select key, hits from rate_limit_buckets where key in (?, ?)`, ['login-account:nusrat@nirog.test', `login-ip:${ip}`]);
    expect(rows).toEqual([{ key: `login-ip:${ip}`, hits: 3 }]);
  });
});
