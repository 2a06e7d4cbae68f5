import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import jwt from 'jsonwebtoken';
import WebSocket from 'ws';
import { asAdmin, asPatient, createTestApp, type Client, type TestApp } from '../app.js';
import { ORDER_EVENTS, liveAs, type LiveTestClient } from '../live.js';

/**
 * The live socket's limits and checks: connections per account and per address, subscriptions per
 * connection, an operation's cost, an app's budget, the origin, a session that ends, a token that
 * expires, heartbeats, the wait for connection_init, and the stop of the process.
 */
let t: TestApp;
let patient: Client;
const sockets: LiveTestClient[] = [];
const LIMITS = {
  LIVE_CONNECTIONS_PER_USER: '2', LIVE_CONNECTIONS_PER_IP: '3', LIVE_SUBSCRIPTIONS_PER_CONNECTION: '3', LIVE_MAX_COST: '100',
  LIVE_SESSION_CHECK_SECONDS: '1', LIVE_HEARTBEAT_SECONDS: '1', LIVE_INIT_TIMEOUT_SECONDS: '1',
};
let address = 0;
/** Each test its own client address (TRUST_PROXY trusts the loopback proxy in front: X-Forwarded-For). */
const from = () => ({ 'X-Forwarded-For': `203.0.113.${++address}` });

async function live(credential?: string, headers = from()) {
  const c = await liveAs(t, credential, { headers });
  sockets.push(c);
  return c;
}

/** A bare WebSocket on /graphql (graphql-transport-ws), for what a graphql-ws client would not do. */
async function bare(headers: Record<string, string> = from(), opts: { autoPong?: boolean } = {}) {
  const ws = new WebSocket(await t.liveUrl(), 'graphql-transport-ws', { headers, autoPong: opts.autoPong ?? true });
  const outcome = new Promise<{ status?: number; code?: number; reason?: string }>((resolve) => {
    ws.on('unexpected-response', (_req, res) => resolve({ status: res.statusCode }));
    ws.on('close', (code, reason) => resolve({ code, reason: reason.toString() }));
    ws.on('error', () => undefined);
  });
  const opened = new Promise<boolean>((resolve) => {
    ws.on('open', () => resolve(true));
    ws.on('unexpected-response', () => resolve(false));
    ws.on('error', () => resolve(false));
  });
  return { ws, outcome, opened };
}

beforeAll(async () => {
  t = await createTestApp({ env: LIMITS });
  patient = await asPatient(t);
});
afterAll(async () => {
  for (const s of sockets) await s.dispose();
  await t?.close();
});

describe('connections', () => {
  it('one account holds at most LIVE_CONNECTIONS_PER_USER: the next is closed 1013 (try again later) until one ends', async () => {
    const token = (await asPatient(t, 'karim@nirog.test')).token;
    const one = await live(token);
    const two = await live(token);
    await one.subscribe(ORDER_EVENTS).first();
    await two.subscribe(ORDER_EVENTS).first();
    const three = await live(token);
    expect(await three.closed()).toEqual({ code: 1013, reason: 'TOO_MANY_CONNECTIONS' });
    await one.dispose();
    await new Promise((r) => setTimeout(r, 100));
    const again = await live(token);
    expect((await again.subscribe(ORDER_EVENTS).first()).data!.orderEvents.type).toBe('SYNC');
  });

  it('one address holds at most LIVE_CONNECTIONS_PER_IP: the next upgrade is refused 429; another address is not', async () => {
    const here = from();
    const open = [await bare(here), await bare(here), await bare(here)];
    expect(await Promise.all(open.map((o) => o.opened))).toEqual([true, true, true]);
    const refused = await bare(here);
    expect(await refused.outcome).toEqual({ status: 429 });
    const elsewhere = await bare(from());
    expect(await elsewhere.opened).toBe(true);
    for (const o of [...open, elsewhere]) o.ws.close();
  });

  it("a browser's socket from another site is refused 403; this site's own is taken", async () => {
    expect(await (await bare({ ...from(), Origin: 'https://evil.example' })).outcome).toEqual({ status: 403 });
    const url = new URL(await t.liveUrl());
    const own = await bare({ ...from(), Origin: `http://${url.host}` });
    expect(await own.opened).toBe(true);
    own.ws.close();
  });

  it('a socket that does not say who it is (connection_init) in time is closed 4408', async () => {
    const silent = await bare();
    expect(await silent.opened).toBe(true);
    expect((await silent.outcome).code).toBe(4408);
  });

  it('a socket that stops answering pings is dropped (heartbeats)', async () => {
    const deaf = await bare(from(), { autoPong: false });
    await deaf.opened;
    deaf.ws.send(JSON.stringify({ type: 'connection_init', payload: {} }));
    const started = Date.now();
    const closed = await deaf.outcome;
    expect(closed.code).toBe(1006);
    expect(Date.now() - started).toBeLessThan(5000);
  });
});

describe('who is calling', () => {
  it('a token that is no token is refused 4401 (final); an expired one 4403 (the client refreshes and connects again)', async () => {
    const bad = await live('not-a-token');
    expect(await bad.closed()).toEqual({ code: 4401, reason: 'INVALID_TOKEN' });
    const claims = jwt.decode(patient.token!) as { sub: string; role: string; sid: string };
    const expired = jwt.sign({ role: claims.role, sid: claims.sid, exp: Math.floor(Date.now() / 1000) - 60 }, t.config.auth.jwtSecret,
      { algorithm: 'HS256', subject: claims.sub, issuer: 'nirog', audience: 'nirog-api' });
    expect(await (await live(expired)).closed()).toEqual({ code: 4403, reason: 'TOKEN_EXPIRED' });
  });

  it('a session that ends (logout) closes its sockets 4401 at the next check', async () => {
    const session = await asPatient(t, 'nusrat@nirog.test');
    const socket = await live(session.token);
    const sub = socket.subscribe(ORDER_EVENTS);
    await sub.first();
    expect((await session.gql('mutation { logout }')).errors).toBeUndefined();
    expect(await socket.closed(5000, false)).toEqual({ code: 4401, reason: 'SESSION_REVOKED' });
  });
});

describe('subscriptions', () => {
  it('one connection follows at most LIVE_SUBSCRIPTIONS_PER_CONNECTION (TOO_MANY_SUBSCRIPTIONS)', async () => {
    const socket = await live(patient.token);
    const subs = [socket.subscribe(ORDER_EVENTS), socket.subscribe(ORDER_EVENTS), socket.subscribe(ORDER_EVENTS)];
    for (const s of subs) expect((await s.first()).data!.orderEvents.type).toBe('SYNC');
    const fourth = (await socket.subscribe(ORDER_EVENTS).first()).errors;
    expect(fourth?.[0]?.extensions).toMatchObject({ code: 'TOO_MANY_REQUESTS', reason: 'TOO_MANY_SUBSCRIPTIONS', params: { max: 3 } });
    subs[0]!.stop();
    await new Promise((r) => setTimeout(r, 100));
    expect((await socket.subscribe(ORDER_EVENTS).first()).data!.orderEvents.type).toBe('SYNC');
  });

  it('an operation costing more than LIVE_MAX_COST is refused before it starts (QUERY_TOO_COMPLEX)', async () => {
    const socket = await live(patient.token);
    const costly = `subscription { orderEvents { type order { id items { id name strength unit quantity imageUrl unitPricePoisha lineTotalPoisha } } } }`;
    const refused = (await socket.subscribe(costly).first()).errors;
    expect(refused?.[0]?.extensions).toMatchObject({ code: 'GRAPHQL_VALIDATION_FAILED' });
    expect(refused?.[0]?.message).toMatch(/too expensive/);
  });

  it('variables of the wrong type are refused BAD_USER_INPUT, as over HTTP, never an uncoded error', async () => {
    // The tests above leave this account's two connections open (LIVE_CONNECTIONS_PER_USER).
    await Promise.all(sockets.splice(0).map((s) => s.dispose()));
    const socket = await live(patient.token);
    for (const id of [[], false, { a: 1 }]) {
      const refused = (await socket.subscribe('subscription($id: ID) { orderEvents(id: $id) { type } }', { id }).first()).errors;
      expect(refused?.[0]?.extensions).toMatchObject({ code: 'BAD_USER_INPUT' });
      expect(refused?.[0]?.message).toMatch(/Variable "\$id" got invalid value/);
    }
  });

  it("an app pays from its cost budget: a subscription it cannot pay for is refused THROTTLED", async () => {
    const admin = await asAdmin(t);
    const r = await admin.gql('mutation($input: IntegratorAppInput!) { createIntegratorApp(input: $input) { key } }', {
      input: { name: 'live budget', contactEmail: 'live@apps.example', scopes: ['ORDERS_READ'], quotaSize: 5, quotaRestoreRate: 1 },
    });
    const refused = (await (await live(r.data!.createIntegratorApp.key)).subscribe(ORDER_EVENTS).first()).errors;
    expect(refused?.[0]?.extensions).toMatchObject({ code: 'THROTTLED', reason: 'THROTTLED' });
    expect(refused?.[0]?.extensions?.retryAfter).toBeGreaterThan(0);
  });
});

describe('the process stopping', () => {
  it('closes every socket with 1012 (service restart) and takes no new one', async () => {
    const socket = await live((await asAdmin(t)).token);
    await socket.subscribe(ORDER_EVENTS).first();
    const metrics = await t.http().get('/metrics');
    expect(metrics.text).toMatch(/nirog_live_connections\{caller="person"\} [1-9]/);
    await t.live.close();
    expect(await socket.closed(5000)).toEqual({ code: 1012, reason: 'SERVICE_RESTART' });
    expect(await (await bare()).outcome).toEqual({ status: 503 });
  });
});
