import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { getNamedType, isLeafType, type GraphQLField, type GraphQLSchema } from 'graphql';
import { createTestApp, type TestApp } from '../app.js';
import { newMedicine } from '../fixtures.js';
import { buildNirogSchema } from '../../src/schema.js';
import { limitOf } from '../../src/common/limits.js';

/**
 * Per-address throttles count every root field an operation executes, whatever the document's shape:
 * plain fields, aliases, inline fragments and fragment spreads, through GraphQL and REST alike. And
 * the cart quote, a public read that prices many lines, is capped (50 lines) and throttled.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { SIGNUPS_PER_IP_PER_HOUR: '2', CART_QUOTES_PER_IP_PER_MINUTE: '3' } });
});
afterAll(async () => {
  await t?.close();
});

let ipSeq = 0;
const newIp = () => `203.0.113.${++ipSeq}`;
const gql = (ip: string, query: string, variables?: object) =>
  request(t.app).post('/graphql').set('X-Forwarded-For', ip).send({ query, variables });
const signupInput = () => ({ name: 'Throttle Test', email: `throttle-${randomUUID().slice(0, 8)}@example.com`, password: 'Quiet-harbour-lamp-7' });
const codeOf = (res: request.Response) => res.body.errors?.[0]?.extensions?.code as string | undefined;

describe('signup throttle (2 an hour here) counts every executed signup', () => {
  const shapes: Record<string, (a: object, b: object) => { query: string; variables: object }> = {
    'aliases': (a, b) => ({ query: 'mutation($a: SignupInput!, $b: SignupInput!) { x: signup(input: $a) { id } y: signup(input: $b) { id } }', variables: { a, b } }),
    'inline fragments': (a, b) => ({ query: 'mutation($a: SignupInput!, $b: SignupInput!) { ... on Mutation { x: signup(input: $a) { id } } ... { y: signup(input: $b) { id } } }', variables: { a, b } }),
    'fragment spreads': (a, b) => ({ query: 'mutation($a: SignupInput!, $b: SignupInput!) { ...One ...Two } fragment One on Mutation { x: signup(input: $a) { id } } fragment Two on Mutation { y: signup(input: $b) { id } }', variables: { a, b } }),
  };
  for (const [shape, doc] of Object.entries(shapes)) {
    it(`through ${shape}: two signups use up the limit, the next is refused`, async () => {
      const ip = newIp();
      const first = doc(signupInput(), signupInput());
      const ok = await gql(ip, first.query, first.variables);
      expect(ok.body.errors).toBeUndefined();
      const next = await gql(ip, 'mutation($a: SignupInput!) { ... on Mutation { signup(input: $a) { id } } }', { a: signupInput() });
      expect(codeOf(next)).toBe('TOO_MANY_REQUESTS');
    });
  }

  it('refuses a document with three signups at once from a fresh address', async () => {
    const ip = newIp();
    const res = await gql(ip, 'mutation($a: SignupInput!, $b: SignupInput!, $c: SignupInput!) { ...F x: signup(input: $b) { id } ... on Mutation { y: signup(input: $c) { id } } } fragment F on Mutation { signup(input: $a) { id } }',
      { a: signupInput(), b: signupInput(), c: signupInput() });
    expect(codeOf(res)).toBe('TOO_MANY_REQUESTS');
  });

  it('counts what @skip and @include let run, decided with the variables', async () => {
    const ip = newIp();
    // Two signups written, one skipped: one counts, so a second document with one more still passes…
    const first = await gql(ip, 'mutation($a: SignupInput!, $b: SignupInput!, $no: Boolean!) { x: signup(input: $a) { id } y: signup(input: $b) @include(if: $no) { id } }',
      { a: signupInput(), b: signupInput(), no: false });
    expect(first.body.errors).toBeUndefined();
    expect(first.body.data.y).toBeUndefined();
    const second = await gql(ip, 'mutation($a: SignupInput!, $yes: Boolean!) { signup(input: $a) @skip(if: $yes) { id } ... @include(if: true) { z: signup(input: $a) { id } } }',
      { a: signupInput(), yes: true });
    expect(second.body.errors).toBeUndefined();
    // …and the limit (2) is now used up.
    expect(codeOf(await gql(ip, 'mutation($a: SignupInput!) { signup(input: $a) { id } }', { a: signupInput() }))).toBe('TOO_MANY_REQUESTS');
  });

  it('shares the count with the REST door', async () => {
    const ip = newIp();
    const a = signupInput();
    expect((await request(t.app).post('/api/register').set('X-Forwarded-For', ip).send(a)).status).toBe(200);
    expect(codeOf(await gql(ip, 'mutation($a: SignupInput!) { signup(input: $a) { id } }', { a: signupInput() }))).toBeUndefined();
    const third = await request(t.app).post('/api/register').set('X-Forwarded-For', ip).send(signupInput());
    expect(third.status).toBe(429);
  });
});

describe('cart quotes', () => {
  it('are throttled per address (3 a minute here) through REST and GraphQL, fragments included', async () => {
    const m = await newMedicine(t, 10);
    const ip = newIp();
    const rest = () => request(t.app).post('/api/cart/quote').set('X-Forwarded-For', ip).send({ orderItems: [{ _id: m.id, cartQuantity: 1 }] });
    expect((await rest()).status).toBe(200);
    expect((await gql(ip, 'query($i: [OrderLineInput!]!) { ...Q } fragment Q on Query { quoteCart(items: $i) { totalPoisha } }', { i: [{ medicineId: m.id, quantity: 1 }] })).body.data.quoteCart.totalPoisha).toBe(1250 + 6000);
    expect((await rest()).status).toBe(200);
    const refused = await rest();
    expect(refused.status).toBe(429);
    expect(refused.headers['retry-after']).toBeDefined();
    expect(codeOf(await gql(ip, 'query($i: [OrderLineInput!]!) { quoteCart(items: $i) { totalPoisha } }', { i: [{ medicineId: m.id, quantity: 1 }] }))).toBe('TOO_MANY_REQUESTS');
  });

  it('price at most 50 lines, like checkout', async () => {
    const lines = Array.from({ length: 51 }, () => ({ medicineId: randomUUID(), quantity: 1 }));
    const rest = await request(t.app).post('/api/cart/quote').set('X-Forwarded-For', newIp()).send({ items: lines });
    expect(rest.status).toBe(400);
    expect(rest.body.reason).toBe('TOO_MANY_LINES');
    const viaGql = await gql(newIp(), 'query($i: [OrderLineInput!]!) { quoteCart(items: $i) { totalPoisha } }', { i: lines });
    expect(viaGql.body.errors[0].extensions.reason).toBe('TOO_MANY_LINES');
    const fifty = await request(t.app).post('/api/cart/quote').set('X-Forwarded-For', newIp()).send({ items: lines.slice(0, 50) });
    expect(fifty.status).toBe(200);
  });
});

/**
 * The operations throttled per address, and their buckets: written here by hand, so that a throttle
 * taken off an operation (or one added without a row) fails this file instead of leaving the list
 * it checks. SMS codes have no REST path: the earlier client has no such screen.
 */
const THROTTLED_GRAPHQL: [kind: 'Query' | 'Mutation', name: string, bucket: string][] = [
  ['Query', 'quoteCart', 'quote-ip'],
  ['Mutation', 'signup', 'signup-ip'], ['Mutation', 'doctorSignup', 'signup-ip'],
  ['Mutation', 'activateAccount', 'code-ip'], ['Mutation', 'confirmEmail', 'code-ip'],
  ['Mutation', 'forgotPassword', 'reset-ip'], ['Mutation', 'doctorForgotPassword', 'reset-ip'],
  ['Mutation', 'sendSignupCode', 'sms-ip'], ['Mutation', 'sendLoginCode', 'sms-ip'], ['Mutation', 'sendPhoneCode', 'sms-ip'],
  ['Mutation', 'loginWithCode', 'code-ip'], ['Mutation', 'verifyPhone', 'code-ip'],
  ['Mutation', 'requestBlood', 'blood-ip'],
  ['Mutation', 'applyInsurance', 'form-ip'], ['Mutation', 'sendContactMessage', 'form-ip'],
  // Public searches (docs/search.md): the lists a keyword ranks, and the suggestions as one types.
  ['Query', 'doctors', 'search-ip'], ['Query', 'medicines', 'search-ip'], ['Query', 'searchSuggestions', 'search-ip'],
];
const THROTTLED_REST: [method: string, path: string, bucket: string][] = [
  ['post', '/register', 'signup-ip'], ['post', '/register/doctor', 'signup-ip'],
  ['post', '/activation', 'code-ip'], ['post', '/confirm/email', 'code-ip'],
  ['post', '/password/forgot', 'reset-ip'], ['post', '/doctor/forgotPassword', 'reset-ip'],
  ['post', '/cart/quote', 'quote-ip'], ['post', '/blood/booking', 'blood-ip'],
  ['post', '/insurance/apply', 'form-ip'], ['post', '/contact', 'form-ip'],
  ['get', '/doctors', 'search-ip'], ['get', '/get/medicine', 'search-ip'],
];

/**
 * Every throttled operation (THROTTLED_GRAPHQL, THROTTLED_REST): each
 * occurrence counts whatever the document's shape, and the REST path shares the GraphQL bucket. Every
 * limit is 1 here, so a first request in the shape under test uses up the address's allowance and a
 * plain second request must be refused. The documents name their variables without values: refused
 * as bad input once counted, they run nothing (no account, no mail).
 */
describe('every throttled operation, in every document shape and through both doors', () => {
  let one: TestApp;
  let schema: GraphQLSchema;
  beforeAll(async () => {
    one = await createTestApp({ env: {
      SIGNUPS_PER_IP_PER_HOUR: '1', PASSWORD_RESETS_PER_IP_PER_HOUR: '1', CODE_ATTEMPTS_PER_IP_PER_HOUR: '1',
      FORMS_PER_IP_PER_HOUR: '1', CART_QUOTES_PER_IP_PER_MINUTE: '1', BLOOD_REQUESTS_PER_HOUR: '1', SMS_CODES_PER_IP_PER_HOUR: '1',
      SEARCHES_PER_IP_PER_MINUTE: '1',
    } });
    schema = await buildNirogSchema();
  });
  afterAll(async () => {
    await one?.close();
  });

  type Op = { kind: 'Query' | 'Mutation'; name: string; limit: string; field: GraphQLField<unknown, unknown> };
  /** The operations the table names, with their fields from the schema. */
  const throttled = (): Op[] => THROTTLED_GRAPHQL.map(([kind, name, limit]) => {
    const field = (kind === 'Query' ? schema.getQueryType() : schema.getMutationType())!.getFields()[name];
    if (!field) throw new Error(`${kind}.${name} is in THROTTLED_GRAPHQL but not in the schema`);
    return { kind, name, limit, field };
  });
  /** What the schema and the route table declare, to compare with the tables. */
  const declaredGraphql = () => (['Query', 'Mutation'] as const).flatMap((kind) => {
    const type = kind === 'Query' ? schema.getQueryType() : schema.getMutationType();
    return Object.values(type?.getFields() ?? {}).flatMap((field) => {
      const limit = limitOf(field);
      return limit && 'throttle' in limit ? [[kind, field.name, limit.throttle]] : [];
    });
  });
  const restThrottled = () => one.restRoutes.filter((r) => r.limit && 'throttle' in r.limit);

  /** The operation once, in the given shape: its arguments as variables, its result by __typename. */
  function documentOf(op: Op, shape: 'field' | 'alias' | 'inline fragment' | 'fragment spread'): string {
    const vars = op.field.args.map((a, i) => `$a${i}: ${String(a.type)}`).join(', ');
    const args = op.field.args.length ? `(${op.field.args.map((a, i) => `${a.name}: $a${i}`).join(', ')})` : '';
    const call = `${op.name}${args}${isLeafType(getNamedType(op.field.type)) ? '' : ' { __typename }'}`;
    const head = `${op.kind.toLowerCase()}${vars ? `(${vars})` : ''}`;
    switch (shape) {
      case 'field': return `${head} { ${call} }`;
      case 'alias': return `${head} { counted: ${call} }`;
      case 'inline fragment': return `${head} { ... on ${op.kind} { ${call} } }`;
      case 'fragment spread': return `${head} { ...Spread } fragment Spread on ${op.kind} { ${call} }`;
    }
  }
  const send = (ip: string, query: string) => request(one.app).post('/graphql').set('X-Forwarded-For', ip).send({ query, variables: {} });

  it('throttles exactly the operations of the tables, each in its bucket (signup, reset mail, codes, forms, blood, quotes, SMS codes, searches)', () => {
    const byName = (a: unknown[], b: unknown[]) => String(a).localeCompare(String(b));
    expect(declaredGraphql().sort(byName)).toEqual([...THROTTLED_GRAPHQL].sort(byName));
    const rest = restThrottled().map((r) => [r.method, r.path, (r.limit as { throttle: string }).throttle]);
    expect(rest.sort(byName)).toEqual([...THROTTLED_REST].sort(byName));
  });

  for (const shape of ['field', 'alias', 'inline fragment', 'fragment spread'] as const) {
    it(`counts each throttled GraphQL operation in the shape: ${shape}`, async () => {
      const uncounted: string[] = [];
      for (const op of throttled()) {
        const ip = newIp();
        const first = await send(ip, documentOf(op, shape));
        expect([op.name, codeOf(first)]).not.toEqual([op.name, 'TOO_MANY_REQUESTS']);
        const second = await send(ip, documentOf(op, 'field'));
        if (codeOf(second) !== 'TOO_MANY_REQUESTS') uncounted.push(`${op.kind}.${op.name}`);
      }
      expect(uncounted).toEqual([]);
    });
  }

  it('shares each REST path\'s bucket with the GraphQL operations of its limit, both ways', async () => {
    const unshared: string[] = [];
    for (const route of restThrottled()) {
      const name = (route.limit as { throttle: string }).throttle;
      const twin = throttled().find((o) => o.limit === name)!;
      const path = `/api${route.path.replace(/:\w+/g, randomUUID())}`;
      const rest = (ip: string) => request(one.app)[route.method](path).set('X-Forwarded-For', ip).send({});
      const restFirst = newIp();
      expect((await rest(restFirst)).status).not.toBe(429);
      if (codeOf(await send(restFirst, documentOf(twin, 'field'))) !== 'TOO_MANY_REQUESTS') unshared.push(`${route.method} ${route.path} → ${twin.name}`);
      const gqlFirst = newIp();
      expect(codeOf(await send(gqlFirst, documentOf(twin, 'fragment spread')))).not.toBe('TOO_MANY_REQUESTS');
      if ((await rest(gqlFirst)).status !== 429) unshared.push(`${twin.name} → ${route.method} ${route.path}`);
    }
    expect(unshared).toEqual([]);
  });
});
