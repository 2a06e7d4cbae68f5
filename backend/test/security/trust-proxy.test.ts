import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import request from 'supertest';
import { createTestApp, type TestApp } from '../app.js';
import { ConfigError, loadConfig } from '../../src/config.js';

/**
 * TRUST_PROXY as Express means it (issue 21): compose's "1" is one proxy hop, not the address
 * 0.0.0.1. Behind one hop each client keeps its own per-address limits, and what a client writes in
 * X-Forwarded-For itself is not believed. The test client connects from 127.0.0.1, standing for nginx.
 */
describe('TRUST_PROXY is parsed once, in config.ts', () => {
  it.each([
    ['1', 1],
    ['2', 2],
    ['0', 0],
    ['true', true],
    ['false', false],
    ['loopback', ['loopback']],
    ['loopback, 10.0.0.0/8', ['loopback', '10.0.0.0/8']],
    ['172.16.0.1,fd00::/8, uniquelocal', ['172.16.0.1', 'fd00::/8', 'uniquelocal']],
    ['10.0.0.0/255.0.0.0', ['10.0.0.0/255.0.0.0']],
  ])('"%s" → %p', (value, expected) => {
    expect(loadConfig({ NODE_ENV: 'test', TRUST_PROXY: value }).trustProxy).toEqual(expected);
  });

  it('defaults to loopback', () => {
    expect(loadConfig({ NODE_ENV: 'test' }).trustProxy).toEqual(['loopback']);
  });

  it.each(['nginx', '10.0.0.0/33', '1.2.3', 'loopback, nginx', '-1'])('refuses "%s" with a message naming the variable', (value) => {
    expect(() => loadConfig({ NODE_ENV: 'test', TRUST_PROXY: value })).toThrow(ConfigError);
    expect(() => loadConfig({ NODE_ENV: 'test', TRUST_PROXY: value })).toThrow(/TRUST_PROXY/);
  });
});

const failLogin = (t: TestApp, xff: string) =>
  request(t.app).post('/api/login').set('X-Forwarded-For', xff).send({ email: 'nobody@example.com', password: 'wrong-password' });

describe('behind one proxy hop (TRUST_PROXY=1)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ seed: false, env: { TRUST_PROXY: '1', LOGIN_FAILURES_PER_IP: '3' } });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('two clients (different X-Forwarded-For) have separate per-address limits', async () => {
    for (let i = 0; i < 3; i += 1) expect((await failLogin(t, '203.0.113.10')).status).toBe(401);
    expect((await failLogin(t, '203.0.113.10')).status).toBe(429);
    // Another client through the same proxy is not locked out by the first.
    expect((await failLogin(t, '203.0.113.20')).status).toBe(401);
  });

  it('ignores what the client wrote in X-Forwarded-For: only the hop the proxy added counts', async () => {
    // nginx appends the address it saw to the client's own header: "<whatever the client sent>, <client>".
    expect((await failLogin(t, '198.51.100.99, 203.0.113.10')).status).toBe(429);
    expect((await failLogin(t, '203.0.113.10, 203.0.113.30')).status).toBe(401);
  });
});

describe('with no proxy trusted (TRUST_PROXY=false)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ seed: false, env: { TRUST_PROXY: 'false', LOGIN_FAILURES_PER_IP: '2' } });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('an X-Forwarded-For from an untrusted peer is ignored: the limit is the peer\'s own', async () => {
    expect((await failLogin(t, '203.0.113.1')).status).toBe(401);
    expect((await failLogin(t, '203.0.113.2')).status).toBe(401);
    expect((await failLogin(t, '203.0.113.3')).status).toBe(429);
  });
});

describe('trusted addresses and subnets', () => {
  let inside: TestApp;
  let outside: TestApp;
  beforeAll(async () => {
    // The test client (the "proxy") connects from 127.0.0.1.
    inside = await createTestApp({ seed: false, env: { TRUST_PROXY: '10.0.0.0/8, 127.0.0.0/8', LOGIN_FAILURES_PER_IP: '2' } });
    outside = await createTestApp({ seed: false, env: { TRUST_PROXY: '10.0.0.0/8, 192.168.1.7', LOGIN_FAILURES_PER_IP: '2' } });
  });
  afterAll(async () => {
    await inside?.close();
    await outside?.close();
  });

  it('a peer inside a listed subnet is a proxy: the address it adds is the client', async () => {
    expect((await failLogin(inside, '203.0.113.41')).status).toBe(401);
    expect((await failLogin(inside, '203.0.113.41')).status).toBe(401);
    expect((await failLogin(inside, '203.0.113.41')).status).toBe(429);
    expect((await failLogin(inside, '203.0.113.42')).status).toBe(401);
  });

  it('hops inside the subnets are skipped from the right, up to the first address outside them', async () => {
    // "<client>, <an inner proxy at 10.1.2.3>": the client is the first untrusted address from the right.
    expect((await failLogin(inside, '203.0.113.41, 10.1.2.3')).status).toBe(429);
    expect((await failLogin(inside, '203.0.113.43, 10.1.2.3')).status).toBe(401);
  });

  it('a peer outside every listed address and subnet is the client itself, whatever it writes', async () => {
    expect((await failLogin(outside, '203.0.113.51')).status).toBe(401);
    expect((await failLogin(outside, '203.0.113.52')).status).toBe(401);
    expect((await failLogin(outside, '203.0.113.53')).status).toBe(429);
  });
});

describe('every hop trusted (TRUST_PROXY=true)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ seed: false, env: { TRUST_PROXY: 'true', LOGIN_FAILURES_PER_IP: '1' } });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('takes the left-most address of X-Forwarded-For as the client (only right behind a proxy that overwrites it)', async () => {
    expect((await failLogin(t, '203.0.113.61, 10.0.0.1')).status).toBe(401);
    expect((await failLogin(t, '203.0.113.61, 10.0.0.2')).status).toBe(429);
    expect((await failLogin(t, '203.0.113.62, 10.0.0.1')).status).toBe(401);
  });
});
