import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { buildNirogSchema } from '../src/schema.js';
import { GraphQLObjectType, GraphQLSchema, GraphQLString } from 'graphql';
import { accessRuleOf, APPS_ONLY, assertEveryOperationHasAccessRule } from '../src/common/access.js';
import { Role } from '../src/common/roles.js';
import { createTestApp, type TestApp } from './app.js';
import { loadConfig, ConfigError } from '../src/config.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ seed: false });
});
afterAll(async () => {
  await t.close();
});

describe('foundation', () => {
  it('has committed migrations that match the entities exactly', async () => {
    const diff = await t.orm.schema.getUpdateSchemaSQL({ wrap: false, safe: false });
    expect(diff.trim()).toBe('');
  });

  it('gives every query, mutation and REST path a valid access rule (deny by default)', async () => {
    const schema = await buildNirogSchema();
    const ops = [
      ...Object.keys(schema.getQueryType()!.getFields()).map((f) => ['Query', f] as const),
      ...Object.keys(schema.getMutationType()!.getFields()).map((f) => ['Mutation', f] as const),
    ];
    expect(ops.length).toBeGreaterThan(10);
    // A rule is 'public', 'authenticated' or a non-empty list of roles (or the integrator apps' own mark).
    const roles = [...Object.values(Role), APPS_ONLY];
    const valid = (rule: unknown) => rule === 'public' || rule === 'authenticated'
      || (Array.isArray(rule) && rule.length > 0 && rule.every((r) => roles.includes(r)));
    expect(ops.filter(([op, f]) => !valid(accessRuleOf(schema, op, f)))).toEqual([]);
    expect(t.restRoutes.filter((r) => !valid(r.access)).map((r) => `${r.method} ${r.path}`)).toEqual([]);
  });

  it('refuses to build a schema with an operation that has no access rule, and names it', () => {
    const field = (access?: unknown) => ({ type: GraphQLString, extensions: access === undefined ? {} : { access } });
    const schemaWith = (fields: Record<string, ReturnType<typeof field>>) => new GraphQLSchema({ query: new GraphQLObjectType({ name: 'Query', fields }) });
    expect(() => assertEveryOperationHasAccessRule(schemaWith({ open: field('public'), mine: field([Role.User]) }))).not.toThrow();
    expect(() => assertEveryOperationHasAccessRule(schemaWith({ open: field('public'), forgotten: field() }))).toThrow(/Query\.forgotten/);
  });

  it('reports health with the database', async () => {
    const res = await t.http().get('/healthz');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: 'ok', database: 'ok' });
  });

  it('answers unknown API paths with a coded 404 and malformed JSON with a coded 400', async () => {
    const missing = await t.http().get('/api/no/such/path');
    expect(missing.status).toBe(404);
    expect(missing.body.code).toBe('NOT_FOUND');
    const broken = await t.http().post('/api/login').set('Content-Type', 'application/json').send('{"email": ');
    expect(broken.status).toBe(400);
    expect(broken.body.code).toBe('BAD_USER_INPUT');
  });

  it('refuses a GraphQL multipart request without the preflight header (CSRF guard)', async () => {
    const res = await t.http().post('/graphql')
      .field('operations', JSON.stringify({ query: 'mutation($a: Upload!) { updateAvatar(avatar: $a) { id } }', variables: { a: null } }))
      .field('map', JSON.stringify({ 0: ['variables.a'] }))
      .attach('0', Buffer.from('x'), 'x.png');
    expect(res.status).toBe(400);
  });

  it('sets security headers', async () => {
    const res = await t.http().get('/healthz');
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-powered-by']).toBeUndefined();
    expect(res.headers['x-request-id']).toMatch(/[0-9a-f-]{36}/);
  });

  it.each([
    [{ PORT: 'abc' }, 'PORT must be a whole number'],
    [{ NODE_ENV: 'production' }, 'JWT_SECRET must be set in production'],
    [{ DATABASE_URL: 'not a url' }, 'DATABASE_URL must be a URL'],
    [{ JWT_SECRET: 'short' }, 'at least 32 characters'],
    [{ NODE_ENV: 'production', JWT_SECRET: '9f2c7e1a4b8d3f60e5a7c2b9d1f4e8a3-test', PAYMENT_SANDBOX: 'true' }, 'PAYMENT_SANDBOX_SECRET must be set'],
    [{ NODE_ENV: 'production', JWT_SECRET: '9f2c7e1a4b8d3f60e5a7c2b9d1f4e8a3-test', SEED_DEMO_DATA: 'true' }, 'SEED_DEMO_DATA cannot be on in production'],
  ])('stops on a bad setting %p with a clear message', (env, message) => {
    expect(() => loadConfig(env as Record<string, string>)).toThrow(ConfigError);
    expect(() => loadConfig(env as Record<string, string>)).toThrow(message);
  });
});
