import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import request from 'supertest';
import { parse, validate } from 'graphql';
import { createTestApp, login, pngImage, type TestApp } from '../app.js';
import { codeSentTo, freshPhone } from '../fixtures.js';
import { createApp } from '../../src/app.js';
import { createLogger } from '../../src/common/logger.js';
import { measureDocument, queryLimitRules } from '../../src/common/graphql-limits.js';
import { buildNirogSchema } from '../../src/schema.js';
import { REPO_ROOT } from '../../src/config.js';
import { DEMO_PASSWORD } from '../../src/seeders/demo-accounts.js';

/**
 * Limits and abuse: GraphQL document limits, rate limits kept in PostgreSQL (so they hold across
 * replicas), login lockout with capped backoff, upload limits, HTTP headers and token rules.
 * The limiter's figures are set low here through the same environment variables production uses.
 */
let t: TestApp;
const LIMIT_ENV = {
  LOGIN_FAILURES_PER_IP: '8',
  LOGIN_LOCK_THRESHOLD: '3',
  LOGIN_LOCK_BASE_SECONDS: '2',
  LOGIN_LOCK_MAX_SECONDS: '4',
  SIGNUPS_PER_IP_PER_HOUR: '3',
  PASSWORD_RESETS_PER_IP_PER_HOUR: '3',
  FORMS_PER_IP_PER_HOUR: '2',
  CODE_ATTEMPTS_PER_IP_PER_HOUR: '3',
  SMS_CODES_PER_IP_PER_HOUR: '3',
  SMS_CODES_PER_NUMBER_PER_HOUR: '2',
  SMS_CODE_RESEND_SECONDS: '30',
  GRAPHQL_MAX_DEPTH: '8',
  GRAPHQL_MAX_ALIASES: '10',
  GRAPHQL_MAX_TOKENS: '1500',
  GRAPHQL_MAX_COST: '5000',
  GRAPHQL_HIDE_SUGGESTIONS: 'true',
  UPLOAD_MAX_BYTES: '20000',
  UPLOAD_MAX_FILES: '2',
};

beforeAll(async () => {
  t = await createTestApp({ env: LIMIT_ENV });
});
afterAll(async () => {
  await t?.close();
});

let ipSeq = 0;
/** A fresh client address per test (the app trusts X-Forwarded-For from loopback, as behind the proxy). */
const newIp = () => { ipSeq += 1; return `198.51.${100 + Math.floor(ipSeq / 250)}.${(ipSeq % 250) + 1}`; };
const gql = (query: string, variables?: object, ip = newIp(), app = t.app) =>
  request(app).post('/graphql').set('X-Forwarded-For', ip).send({ query, variables });

describe('GraphQL document limits', () => {
  it('refuses a query deeper than the limit, before running it', async () => {
    const ok = await gql('{ doctors(pageSize: 1) { items { id } } }');
    expect(ok.body.errors).toBeUndefined();
    let q = 'id';
    for (let i = 0; i < 12; i += 1) q = `speciality { ${q} }`;
    const res = await gql(`{ doctors { items { ${q} } } }`);
    expect(res.body.errors[0].extensions.code).toBe('GRAPHQL_VALIDATION_FAILED');
    expect(res.body.errors.map((e: { message: string }) => e.message).join(' ')).toMatch(/too deep/);
  });

  it('leaves the standard introspection query to the introspection policy (on outside production)', async () => {
    const { getIntrospectionQuery } = await import('graphql');
    const res = await gql(getIntrospectionQuery());
    expect(res.body.errors).toBeUndefined();
    expect(res.body.data.__schema.queryType.name).toBe('Query');
  });

  it('refuses too many aliases', async () => {
    const fields = Array.from({ length: 11 }, (_, i) => `a${i}: specialities { id }`).join(' ');
    const res = await gql(`{ ${fields} }`);
    expect(res.body.errors[0].extensions.code).toBe('GRAPHQL_VALIDATION_FAILED');
    expect(res.body.errors[0].message).toMatch(/too many aliases/);
  });

  it('refuses a document over the token limit at parse time', async () => {
    const res = await gql(`{ ${'__typename '.repeat(2000)} }`);
    expect(res.status).toBe(400);
    expect(res.body.errors[0].message).toMatch(/more that 1500 tokens/);
  });

  it('refuses an expensive query (large pages multiplied)', async () => {
    const res = await gql('{ doctors(pageSize: 100) { items { id reviews: speciality { id name } } } medicines(pageSize: 100) { items { id name priceInPoisha } } a: doctors(pageSize: 100) { items { id name email phone gender avatarUrl } } }');
    expect(res.body.errors?.[0]?.extensions?.code).toBe('GRAPHQL_VALIDATION_FAILED');
  });

  it('counts a page size given on the paged field against its items: 30 aliases of pageSize 100 cost 30 090, over the default 20 000', async () => {
    const schema = await buildNirogSchema();
    const { loadConfig } = await import('../../src/config.js');
    const defaults = loadConfig({ NODE_ENV: 'production', JWT_SECRET: '9f2c7e1a4b8d3f60e5a7c2b9d1f4e8a3-test', PAYMENT_SANDBOX: 'false' }).graphql;
    expect(defaults).toMatchObject({ maxAliases: 30, maxCost: 20000 });
    // One alias: doctors 1 + items (1 + 10 fields × 100) + total 1 = 1 003.
    const page = (size: string) => `doctors(pageSize: ${size}) { items { id name email phone gender avatarUrl fees experienceYears rating degree } total }`;
    const aliased = (size: string, head = '') => `${head}{ ${Array.from({ length: 30 }, (_, i) => `a${i}: ${page(size)}`).join(' ')} }`;
    for (const doc of [aliased('100'), aliased('$n', 'query($n: Int!) ')]) {
      expect([...measureDocument(schema, parse(doc)).values()]).toEqual([{ depth: 2, aliases: 30, cost: 30090 }]);
      expect(validate(schema, parse(doc), queryLimitRules(defaults)).map((e) => e.message)).toEqual(['The query is too expensive (cost 30090; at most 20000)']);
    }
    // Pages of 20 (as given, or left to the default) stay well inside: 30 × (1 + (1 + 10 × 20) + 1) = 6 090.
    for (const doc of [aliased('20'), `{ ${Array.from({ length: 30 }, (_, i) => `a${i}: ${page('20').replace('(pageSize: 20)', '')}`).join(' ')} }`]) {
      expect([...measureDocument(schema, parse(doc)).values()]).toEqual([{ depth: 2, aliases: 30, cost: 6090 }]);
      expect(validate(schema, parse(doc), queryLimitRules(defaults))).toEqual([]);
    }
    // Through HTTP with this file's limits (cost 5 000, 10 aliases): 5 pages of 100 given as a variable, 5 × 1 003 = 5 015.
    const res = await gql(`query($n: Int!) { ${Array.from({ length: 5 }, (_, i) => `a${i}: ${page('$n')}`).join(' ')} }`, { n: 100 });
    expect(res.body.errors?.[0]?.message).toBe('The query is too expensive (cost 5015; at most 5000)');
    expect(res.body.errors?.[0]?.extensions?.code).toBe('GRAPHQL_VALIDATION_FAILED');
    expect(res.body.data).toBeUndefined();
  });

  it('answers one operation per request: batched arrays are refused', async () => {
    const res = await request(t.app).post('/graphql').send([{ query: '{ __typename }' }, { query: '{ __typename }' }]);
    expect(res.status).toBe(400);
    expect(JSON.stringify(res.body ?? res.text)).not.toContain('"data"');
  });

  it('hides "Did you mean" field suggestions when told to (the production default)', async () => {
    const res = await gql('{ doctorz { id } }');
    expect(res.body.errors[0].message).not.toMatch(/Did you mean/);
  });

  it("lets every document of the frontend through the production limits", async () => {
    const schema = await buildNirogSchema();
    const files: string[] = [];
    const walk = (dir: string) => {
      for (const name of readdirSync(dir)) {
        const p = path.join(dir, name);
        if (statSync(p).isDirectory()) walk(p);
        else if (name.endsWith('.graphql')) files.push(p);
      }
    };
    walk(path.join(REPO_ROOT, 'frontend', 'src'));
    expect(files.length).toBeGreaterThan(10);
    // The defaults from config.ts, not this file's lowered ones.
    const { loadConfig } = await import('../../src/config.js');
    const production = loadConfig({ NODE_ENV: 'production', JWT_SECRET: '9f2c7e1a4b8d3f60e5a7c2b9d1f4e8a3-test', PAYMENT_SANDBOX: 'false' });
    const defaults = production.graphql;
    const fragments = files.map((f) => readFileSync(f, 'utf8')).join('\n');
    let checked = 0;
    let subscriptions = 0;
    for (const file of files) {
      const text = readFileSync(file, 'utf8');
      if (!/^\s*(query|mutation|subscription)\b/m.test(text)) continue;
      // Each document with every fragment of the frontend available (unused ones are dropped).
      const doc = parse(text + '\n' + fragments.split('\n').join('\n'), { maxTokens: defaults.maxTokens * 50 });
      const own = parse(text);
      // The file's own definitions come first; operations of the other files are left out.
      const used = { ...doc, definitions: doc.definitions.filter((d, i) => d.kind !== 'OperationDefinition' || i < own.definitions.length) };
      checked += own.definitions.filter((d) => d.kind === 'OperationDefinition').length;
      const errors = validate(schema, used, [...queryLimitRules(defaults)]);
      expect({ file: path.relative(REPO_ROOT, file), errors: errors.map((e) => e.message) }).toEqual({ file: path.relative(REPO_ROOT, file), errors: [] });
      expect(parse(text, { maxTokens: defaults.maxTokens })).toBeTruthy();
      // A subscription runs again at every change: the live socket's lower cost limit (LIVE_MAX_COST) applies.
      const live = { ...used, definitions: used.definitions.filter((d) => d.kind !== 'OperationDefinition' || d.operation === 'subscription') };
      const followed = live.definitions.filter((d) => d.kind === 'OperationDefinition').length;
      if (!followed) continue;
      subscriptions += followed;
      const liveErrors = validate(schema, live, [...queryLimitRules({ ...defaults, maxCost: production.live.maxCost })]);
      expect({ file: path.relative(REPO_ROOT, file), liveErrors: liveErrors.map((e) => e.message) }).toEqual({ file: path.relative(REPO_ROOT, file), liveErrors: [] });
    }
    expect(checked).toBeGreaterThan(30);
    expect(subscriptions).toBeGreaterThanOrEqual(5);
  });
});

describe('rate limits kept in PostgreSQL', () => {
  it('locks an account after failures in a row, refuses even the right password, and the lock expires', async () => {
    const ip1 = newIp();
    for (let i = 0; i < 3; i += 1) {
      const bad = await request(t.app).post('/api/login').set('X-Forwarded-For', ip1).send({ email: 'karim@nirog.test', password: 'wrong-guess-1' });
      expect(bad.status).toBe(401);
      expect(bad.body.message).toBe('Invalid email or password');
    }
    // The owner, from another address, with the right password: still refused while the lock lasts.
    const owner = await request(t.app).post('/api/login').set('X-Forwarded-For', newIp()).send({ email: 'karim@nirog.test', password: DEMO_PASSWORD });
    expect(owner.status).toBe(429);
    expect(owner.body).toMatchObject({ code: 'TOO_MANY_REQUESTS', message: 'Too many attempts. Please wait a little and try again.' });
    expect(Number(owner.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect(Number(owner.headers['retry-after'])).toBeLessThanOrEqual(4);
    // Attempts during the lock do not extend it; after at most the cap the owner gets in.
    await new Promise((r) => setTimeout(r, 4200));
    const later = await request(t.app).post('/api/login').set('X-Forwarded-For', newIp()).send({ email: 'karim@nirog.test', password: DEMO_PASSWORD });
    expect(later.status).toBe(200);
  });

  it('backs off exponentially and never beyond the cap', async () => {
    const email = 'nusrat@nirog.test';
    const fail = () => request(t.app).post('/api/login').set('X-Forwarded-For', newIp()).send({ email, password: 'wrong-guess-2' });
    // The lock's length as set by the failing attempt (its statement's now() is updated_at), so a slow
    // machine between that attempt and this read changes nothing.
    const lock = () => t.sql(`select extract(epoch from locked_until - updated_at) as s, hits from rate_limit_buckets where key = ?`, [`login-account:${email}`]);
    for (let i = 0; i < 3; i += 1) await fail();
    const lock1 = await lock();
    expect(Number(lock1[0].s)).toBe(2);
    await new Promise((r) => setTimeout(r, 2100));
    await fail(); // 4th failure: 2 × 2 = 4 s (the cap)
    await new Promise((r) => setTimeout(r, 4100));
    await fail(); // 5th: 2 × 4 = 8 s, capped at 4
    const lock3 = await lock();
    expect(Number(lock3[0].hits)).toBe(5);
    expect(Number(lock3[0].s)).toBe(4);
  });

  it('answers an unknown email exactly like a wrong password (no account enumeration)', async () => {
    const ip = newIp();
    const a = await request(t.app).post('/api/login').set('X-Forwarded-For', ip).send({ email: 'nobody-here@nirog.test', password: 'wrong-guess-3' });
    const b = await request(t.app).post('/api/login').set('X-Forwarded-For', ip).send({ email: 'patient@nirog.test', password: 'wrong-guess-3' });
    expect([a.status, a.body.message, a.body.code]).toEqual([b.status, b.body.message, b.body.code]);
    await request(t.app).post('/api/login').set('X-Forwarded-For', newIp()).send({ email: 'patient@nirog.test', password: DEMO_PASSWORD });
  });

  it('limits failed logins per address across accounts, counted by a second replica too', async () => {
    const ip = newIp();
    // A second API process on the same database: the count is in PostgreSQL, not in memory.
    const replica = await createApp(t.config, t.orm, createLogger('silent'));
    try {
      const apps = [t.app, replica.app];
      const statuses: number[] = [];
      for (let i = 0; i < 10; i += 1) {
        const res = await request(apps[i % 2]).post('/api/login').set('X-Forwarded-For', ip).send({ email: `stuffing-${i}@example.com`, password: 'password123' });
        statuses.push(res.status);
      }
      expect(statuses.slice(0, 8)).toEqual(Array(8).fill(401));
      expect(statuses.slice(8)).toEqual([429, 429]);
      // The same address cannot log in at all meanwhile; another address can.
      expect((await request(replica.app).post('/api/login').set('X-Forwarded-For', ip).send({ email: 'admin@nirog.test', password: DEMO_PASSWORD })).status).toBe(429);
      expect((await request(replica.app).post('/api/login').set('X-Forwarded-For', newIp()).send({ email: 'admin@nirog.test', password: DEMO_PASSWORD })).status).toBe(200);
    } finally {
      await replica.worker.stop();
      await replica.apollo.stop();
      await replica.services.limiter.shared.stop();
    }
  });

  it('counts concurrent attempts exactly (atomic upsert)', async () => {
    const ip = newIp();
    const results = await Promise.all(Array.from({ length: 12 }, (_, i) =>
      request(t.app).post('/api/password/forgot').set('X-Forwarded-For', ip).send({ email: `someone${i}@example.com` })));
    expect(results.filter((r) => r.status === 200)).toHaveLength(3);
    expect(results.filter((r) => r.status === 429)).toHaveLength(9);
  });

  it('throttles signups per address through both doors', async () => {
    const ip = newIp();
    const rest = async (i: number) => request(t.app).post('/api/register').set('X-Forwarded-For', ip).send({ name: 'Spam', email: `spam${i}-${ip}@example.com`, password: 'mango-tree-42' });
    expect((await rest(1)).status).toBe(200);
    expect((await rest(2)).status).toBe(200);
    const g = await gql('mutation($i: SignupInput!) { signup(input: $i) { id } }', { i: { name: 'Spam', email: `spam3-${ip}@example.com`, password: 'mango-tree-42' } }, ip);
    expect(g.body.errors).toBeUndefined();
    const refused = await gql('mutation($i: SignupInput!) { signup(input: $i) { id } }', { i: { name: 'Spam', email: `spam4-${ip}@example.com`, password: 'mango-tree-42' } }, ip);
    expect(refused.body.errors[0].extensions).toMatchObject({ code: 'TOO_MANY_REQUESTS' });
    expect(refused.status).toBe(429);
    // Apollo Client asks for application/graphql-response+json, so it reads the 429's message (shown in the form).
    const fromBrowser = await request(t.app).post('/graphql').set('X-Forwarded-For', ip).set('Accept', 'application/graphql-response+json,application/json;q=0.9')
      .send({ query: 'mutation($i: SignupInput!) { signup(input: $i) { id } }', variables: { i: { name: 'Spam', email: `spam5-${ip}@example.com`, password: 'mango-tree-42' } } });
    expect(fromBrowser.status).toBe(429);
    expect(fromBrowser.headers['content-type']).toMatch(/application\/graphql-response\+json/);
    expect(JSON.parse(fromBrowser.text).errors[0].message).toBe('Too many attempts. Please wait a little and try again.');
    const count = await t.sql(`select count(*)::int as n from users where email like ?`, [`spam%-${ip}@example.com`]);
    expect(count[0].n).toBe(3);
  });

  it('throttles the public contact and insurance forms per address', async () => {
    const ip = newIp();
    const send = () => request(t.app).post('/api/contact').set('X-Forwarded-For', ip).send({ name: 'A', email: 'a@example.com', message: 'Hello there, a question.' });
    const codes = [(await send()).status, (await send()).status, (await send()).status];
    expect(codes[2]).toBe(429);
  });

  it('throttles verification code attempts per address on top of the five tries per code', async () => {
    const ip = newIp();
    const patient = await login(t, 'patient@nirog.test');
    const codes: number[] = [];
    for (let i = 0; i < 4; i += 1) {
      codes.push((await request(t.app).post('/api/confirm/email').set('X-Forwarded-For', ip).set('Authorization', `Bearer ${patient.token}`).send({ code: '000000' })).status);
    }
    expect(codes[3]).toBe(429);
  });
});

describe('SMS codes (phone signup, login and verification)', () => {
  const SEND = 'mutation($i: PhoneNumberInput!) { sendLoginCode(input: $i) { phone resendInSeconds } }';
  const SIGNUP = 'mutation($i: PhoneSignupInput!) { sendSignupCode(input: $i) { phone resendInSeconds } }';
  const LOGIN = 'mutation($i: PhoneCodeInput!) { loginWithCode(input: $i) { token } }';
  const codes = async (phone: string) => (await t.sql(`select count(*)::int as n from phone_codes where phone_e164 = ?`, [`+88${phone}`]))[0].n as number;
  const texted = async (phone: string) => (await t.sql(`select count(*)::int as n from sms_outbox where to_phone = ?`, [`+88${phone}`]))[0].n as number;
  /** Time passes for a number: its resend window is over. */
  const afterResendWindow = (phone: string) => t.sql(`update rate_limit_buckets set window_start = now() - interval '31 seconds' where key = ?`, [`sms-resend:+88${phone}`]);

  it('sends one code per number per resend window, whoever asks, whether or not the number has an account', async () => {
    for (const phone of [freshPhone(), '01712345678']) {
      const first = await gql(SIGNUP, { i: { name: 'Asker', phone } });
      expect(first.body.errors).toBeUndefined();
      expect(first.body.data.sendSignupCode.resendInSeconds).toBe(30);
      // Another address, another purpose: the same number waits.
      const again = await gql(SEND, { i: { phone } });
      expect(again.body.data).toBeNull();
      expect(again.body.errors[0].extensions).toMatchObject({ code: 'TOO_MANY_REQUESTS', reason: 'RESEND_COOLDOWN' });
      expect(again.body.errors[0].extensions.params.seconds).toBeGreaterThanOrEqual(1);
      expect(again.body.errors[0].extensions.params.seconds).toBeLessThanOrEqual(30);
      expect(again.body.errors[0].extensions.retryAfter).toBe(again.body.errors[0].extensions.params.seconds);
      expect(await texted(phone)).toBe(1);
    }
  });

  it('caps the codes one number gets in an hour (SMS_CODES_PER_NUMBER_PER_HOUR), across addresses', async () => {
    const phone = freshPhone();
    expect((await gql(SIGNUP, { i: { name: 'A', phone } })).body.errors).toBeUndefined();
    await afterResendWindow(phone);
    expect((await gql(SIGNUP, { i: { name: 'A', phone } })).body.errors).toBeUndefined();
    await afterResendWindow(phone);
    const third = await gql(SIGNUP, { i: { name: 'A', phone } });
    expect(third.body.data).toBeNull();
    expect(third.body.errors[0].extensions).toMatchObject({ code: 'TOO_MANY_REQUESTS', reason: 'RATE_LIMITED' });
    expect(await codes(phone)).toBe(2);
    expect(await texted(phone)).toBe(2);
  });

  it('throttles the codes one address asks for across numbers (SMS_CODES_PER_IP_PER_HOUR), through every code operation', async () => {
    const ip = newIp();
    // Logged in from an address of its own, as a patient the lockout test above left alone (it locks nusrat@, and spends the default address's failures).
    const signedIn = await request(t.app).post('/api/login').set('X-Forwarded-For', newIp()).send({ email: 'karim@nirog.test', password: DEMO_PASSWORD });
    expect(signedIn.status).toBe(200);
    const patient = { token: signedIn.body.token as string };
    const phones = [freshPhone(), freshPhone(), freshPhone(), freshPhone()];
    const results = [
      await gql(SIGNUP, { i: { name: 'A', phone: phones[0] } }, ip),
      await gql(SEND, { i: { phone: phones[1] } }, ip),
      await request(t.app).post('/graphql').set('X-Forwarded-For', ip).set('Authorization', `Bearer ${patient.token}`)
        .send({ query: 'mutation($i: PhoneNumberInput!) { sendPhoneCode(input: $i) { phone } }', variables: { i: { phone: phones[2] } } }),
      await gql(SIGNUP, { i: { name: 'A', phone: phones[3] } }, ip),
    ];
    expect(results.map((r) => r.status)).toEqual([200, 200, 200, 429]);
    expect(results[3]!.body.errors[0].extensions.code).toBe('TOO_MANY_REQUESTS');
    expect(await codes(phones[3]!)).toBe(0);
    expect(await texted(phones[3]!)).toBe(0);
  });

  it('of concurrent requests for one number, one gets a code (the window is taken atomically)', async () => {
    const phone = freshPhone();
    const results = await Promise.all(Array.from({ length: 12 }, () => gql(SIGNUP, { i: { name: 'Race', phone } })));
    expect(results.filter((r) => r.body.data?.sendSignupCode)).toHaveLength(1);
    expect(results.filter((r) => r.body.errors?.[0]?.extensions.reason === 'RESEND_COOLDOWN')).toHaveLength(11);
    expect(await codes(phone)).toBe(1);
    expect(await texted(phone)).toBe(1);
  });

  it('tries a code at most five times, however many guesses arrive at once, then refuses even the right code', async () => {
    const phone = freshPhone();
    await gql(SIGNUP, { i: { name: 'Guessed', phone } });
    const code = await codeSentTo(t, phone);
    const wrong = Array.from({ length: 15 }, (_, i) => String((Number(code) + 1 + i) % 1_000_000).padStart(6, '0'));
    const guesses = await Promise.all(wrong.map((c) => gql(LOGIN, { i: { phone, code: c } })));
    expect(guesses.every((g) => g.body.data === null)).toBe(true);
    const [row] = await t.sql(`select attempts from phone_codes where phone_e164 = ?`, [`+88${phone}`]);
    expect(row.attempts).toBe(5);
    const right = await gql(LOGIN, { i: { phone, code } });
    expect(right.body.errors[0].extensions).toMatchObject({ code: 'TOO_MANY_REQUESTS', reason: 'CODE_LOCKED' });
    expect((await t.sql(`select count(*)::int as n from users where phone_e164 = ?`, [`+88${phone}`]))[0].n).toBe(0);
  });

  it('throttles code checks per address on top of the five tries per code (CODE_ATTEMPTS_PER_IP_PER_HOUR)', async () => {
    const ip = newIp();
    const statuses: number[] = [];
    for (let i = 0; i < 4; i += 1) statuses.push((await gql(LOGIN, { i: { phone: freshPhone(), code: '000000' } }, ip)).status);
    expect(statuses[3]).toBe(429);
  });

  it('takes a code once: of concurrent right answers one logs in and makes one account', async () => {
    const phone = freshPhone();
    await gql(SIGNUP, { i: { name: 'Twice', phone } });
    const code = await codeSentTo(t, phone);
    const results = await Promise.all(Array.from({ length: 3 }, () => gql(LOGIN, { i: { phone, code } })));
    expect(results.filter((r) => r.body.data?.loginWithCode?.token)).toHaveLength(1);
    expect((await t.sql(`select count(*)::int as n from users where phone_e164 = ?`, [`+88${phone}`]))[0].n).toBe(1);
  });

  it('declares its limits, so the SMS it queues pass the outbox guard: sending per address, codes per address', async () => {
    const schema = await buildNirogSchema();
    const names = ['sendSignupCode', 'sendLoginCode', 'sendPhoneCode', 'loginWithCode', 'verifyPhone'];
    const declared = Object.fromEntries(names.map((name) => [name, schema.getMutationType()!.getFields()[name]?.extensions.limit]));
    expect(declared).toEqual({
      sendSignupCode: { throttle: 'sms-ip' }, sendLoginCode: { throttle: 'sms-ip' }, sendPhoneCode: { throttle: 'sms-ip' },
      loginWithCode: { throttle: 'code-ip' }, verifyPhone: { throttle: 'code-ip' },
    });
  });
});

describe('uploads', () => {
  it('refuses a file over the size limit, too many files, and a non-image named .png; stores no file name', async () => {
    const patient = await login(t, 'patient@nirog.test');
    const big = Buffer.alloc(30000, 1);
    const tooBig = await patient.multipart('put', '/update/avatar').attach('avatar', big, 'big.png');
    expect([400, 413]).toContain(tooBig.status);
    expect(tooBig.body.code).toMatch(/PAYLOAD_TOO_LARGE|BAD_USER_INPUT/);
    const fake = await patient.multipart('put', '/update/avatar').attach('avatar', Buffer.from('GIF89a<script>alert(1)</script>'), { filename: '../../etc/passwd.png', contentType: 'image/png' });
    expect(fake.status).toBe(400);
    const png = await pngImage();
    const many = await patient.multipart('put', '/update/avatar').attach('avatar', png, 'a.png').attach('x', png, 'b.png').attach('y', png, 'c.png');
    expect(many.status).toBe(400);
    const ok = await patient.multipart('put', '/update/avatar').attach('avatar', png, '../../../evil name.png');
    expect(ok.status).toBe(200);
    const url: string = ok.body.user?.avatar?.url ?? JSON.stringify(ok.body);
    expect(url).not.toContain('evil');
    expect(url).not.toContain('..');
    expect(url).toMatch(/\.webp/);
  });

  it('refuses too many files through GraphQL too, with a coded GraphQL error', async () => {
    const admin = await login(t, 'admin@nirog.test');
    const png = await pngImage();
    const res = await request(t.app).post('/graphql').set('Authorization', `Bearer ${admin.token}`).set('apollo-require-preflight', 'true')
      .field('operations', JSON.stringify({ query: 'mutation($a: Upload!) { updateAvatar(avatar: $a) { id } }', variables: { a: null } }))
      .field('map', JSON.stringify({ 0: ['variables.a'], 1: ['variables.a'], 2: ['variables.a'] }))
      .attach('0', png, 'a.png').attach('1', png, 'b.png').attach('2', png, 'c.png');
    expect(res.status).toBe(413);
    expect(res.body.errors[0].extensions.code).toBe('PAYLOAD_TOO_LARGE');
  });
});

describe('HTTP and tokens', () => {
  it('sends the security headers: CSP, no framing, no sniffing, no referrer leak', async () => {
    const res = await request(t.app).get('/healthz');
    const csp = res.headers['content-security-policy'];
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(res.headers['referrer-policy']).toBe('no-referrer');
    expect(res.headers['x-powered-by']).toBeUndefined();
    // HSTS only behind TLS (PUBLIC_URL https): a plain-HTTP dev server must not pin browsers.
    expect(res.headers['strict-transport-security']).toBeUndefined();
  });

  it.each([
    ['REST', '/api/doctors?pageSize=2'],
    ['REST, any case and a missing path', '/API/nothing-here'],
    ['GraphQL', '/graphql?query=%7B__typename%7D'],
  ])('answers the API (%s) with the REST header set: no framing, no sniffing, a policy that loads nothing, no page-only headers', async (_door, url) => {
    const res = await request(t.app).get(url).set('apollo-require-preflight', 'true');
    expect(res.headers['content-type']).toMatch(/^application\/(graphql-response\+)?json/);
    expect(res.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-frame-options']).toBe('DENY');
    expect(res.headers['cross-origin-resource-policy']).toBe('same-origin');
    for (const pageOnly of ['referrer-policy', 'cross-origin-opener-policy', 'origin-agent-cluster', 'x-dns-prefetch-control', 'x-download-options', 'x-xss-protection', 'x-permitted-cross-domain-policies', 'x-powered-by']) {
      expect([pageOnly, res.headers[pageOnly]]).toEqual([pageOnly, undefined]);
    }
    expect(res.headers['strict-transport-security']).toBeUndefined();
  });

  it('sends HSTS when the public address is https, on pages and on the API', async () => {
    const tls = await createTestApp({ seed: false, env: { PUBLIC_URL: 'https://nirog.example' } });
    try {
      const res = await request(tls.app).get('/healthz');
      expect(res.headers['strict-transport-security']).toMatch(/max-age=31536000/);
      const api = await request(tls.app).get('/api/doctors?pageSize=1');
      expect(api.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    } finally {
      await tls.close();
    }
  });

  it('allows no cross-origin reads (no CORS headers) and refuses simple cross-site GraphQL requests (CSRF)', async () => {
    const pre = await request(t.app).options('/graphql').set('Origin', 'https://evil.example').set('Access-Control-Request-Method', 'POST');
    expect(pre.headers['access-control-allow-origin']).toBeUndefined();
    const simple = await request(t.app).get('/graphql?query=%7B__typename%7D').set('Origin', 'https://evil.example');
    expect(simple.status).toBe(400);
    const form = await request(t.app).post('/graphql').set('Content-Type', 'text/plain').send('{"query":"mutation { logout }"}');
    expect(form.status).toBe(400);
  });

  it('refuses tokens signed with another algorithm, none, or expired; logout and refresh reuse revoke', async () => {
    const jwt = (await import('jsonwebtoken')).default;
    const patient = await login(t, 'patient@nirog.test');
    const claims = jwt.decode(patient.token!) as Record<string, unknown>;
    const none = jwt.sign({ ...claims }, '', { algorithm: 'none' });
    const hs512 = jwt.sign({ ...claims }, t.config.auth.jwtSecret, { algorithm: 'HS512' });
    const expired = jwt.sign({ ...claims, exp: Math.floor(Date.now() / 1000) - 10 }, t.config.auth.jwtSecret, { algorithm: 'HS256' });
    for (const token of [none, hs512, expired]) {
      const res = await request(t.app).get('/api/currentUserDetails').set('Authorization', `Bearer ${token}`);
      expect(res.status).toBe(401);
    }
    expect((await patient.get('/currentUserDetails')).status).toBe(200);
    // Refresh rotation with reuse detection: the old refresh token, once past the grace of a
    // second tab's refresh (REFRESH_GRACE_SECONDS), kills the session.
    const first = await request(t.app).post('/api/token/refresh').send({ refreshToken: patient.refreshToken });
    expect(first.status).toBe(200);
    await t.sql(`update auth_sessions set rotated_at = rotated_at - interval '1 minute' where id = ?`, [patient.refreshToken!.split('.')[0]]);
    const replay = await request(t.app).post('/api/token/refresh').send({ refreshToken: patient.refreshToken });
    expect(replay.status).toBe(401);
    const rotated = await request(t.app).post('/api/token/refresh').send({ refreshToken: first.body.refreshToken });
    expect(rotated.status).toBe(401);
    // Logout ends the session at once: the access token stops working before it expires.
    const other = await login(t, 'patient@nirog.test');
    expect((await other.post('/logout')).status).toBe(200);
    expect((await other.get('/currentUserDetails')).status).toBe(401);
  });
});
