import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Kind, parse, type OperationDefinitionNode } from 'graphql';
import { asPatient, asVisitor, createTestApp, type TestApp } from './app.js';
import { accessRuleOf } from '../src/common/access.js';
import { executedRootFields } from '../src/common/limits.js';
import { buildNirogSchema } from '../src/schema.js';
import { PUBLIC_READS } from '../../frontend/src/lib/publicReads.js';

/**
 * Persisted queries (common/persisted-queries.ts): registered documents by hash, by GET for reads, with
 * Cache-Control: public only for an anonymous read of public data.
 */
const DOCUMENTS = {
  specialities: 'query Specialities { specialities { __typename id slug title } }',
  doctors: 'query Doctors($page: Int!, $pageSize: Int!) { doctors(page: $page, pageSize: $pageSize) { __typename total items { __typename id name } } }',
  me: 'query Me { me { __typename id email } }',
  mixed: 'query Mixed { specialities { id } me { id } }',
  logout: 'mutation ActivateAccount($token: String!) { activateAccount(token: $token) { __typename message } }',
};
const hashOf = (text: string) => createHash('sha256').update(text).digest('hex');
const HASH = Object.fromEntries(Object.entries(DOCUMENTS).map(([k, v]) => [k, hashOf(v)])) as Record<keyof typeof DOCUMENTS, string>;
const UNKNOWN = hashOf('query Nobody { specialities { id } }');

const PUBLIC = 'public, max-age=30, stale-while-revalidate=60';
const apq = (hash: string) => JSON.stringify({ persistedQuery: { version: 1, sha256Hash: hash } });

// The web app's own registered documents, written by codegen (npm run build) from frontend/src/**/*.graphql.
const webAppManifest = path.resolve(import.meta.dirname, '../../frontend/src/gql/persisted-documents.json');
const webApp = (existsSync(webAppManifest) ? JSON.parse(readFileSync(webAppManifest, 'utf8')) : {}) as Record<string, string>;

let t: TestApp;

beforeAll(async () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'nirog-pq-'));
  const manifest = path.join(dir, 'persisted-documents.json');
  writeFileSync(manifest, JSON.stringify({ ...webApp, ...Object.fromEntries(Object.values(DOCUMENTS).map((d) => [`sha256:${hashOf(d)}`, d])) }));
  t = await createTestApp({ env: { GRAPHQL_PERSISTED_DOCUMENTS: manifest } });
});
afterAll(() => t.close());

const get = (params: Record<string, string>, token?: string) => {
  const req = t.http().get('/graphql').query(params);
  return token ? req.set('Authorization', `Bearer ${token}`) : req;
};

describe('a registered read by GET and its hash', () => {
  it('answers the same data as the document sent by POST', async () => {
    const variables = { page: 1, pageSize: 5 };
    const byPost = await asVisitor(t).gql(DOCUMENTS.doctors, variables);
    const byGet = await get({ extensions: apq(HASH.doctors), variables: JSON.stringify(variables) });
    expect(byGet.status).toBe(200);
    expect(byPost.data?.doctors.total).toBeGreaterThan(0);
    expect(byGet.body.data).toEqual(byPost.data);
  });

  it('takes the GraphQL-over-HTTP spelling too (documentId=sha256:…)', async () => {
    const res = await get({ documentId: `sha256:${HASH.specialities}` });
    expect(res.status).toBe(200);
    expect(res.body.data.specialities.length).toBeGreaterThan(0);
  });

  it('is a read by hash whatever the order and spelling of its parameters (the bare hex, after other parameters)', async () => {
    // publicReadCaching tells a GET by hash by the query string the middleware rewrites it to.
    const res = await get({ query: DOCUMENTS.me, operationName: 'Specialities', documentId: HASH.specialities });
    expect(res.status).toBe(200);
    expect(res.body.data.specialities.length).toBeGreaterThan(0);
    expect(res.headers['cache-control']).toBe(PUBLIC);
  });

  it('runs the registered text of a hash, whatever text comes with it (GET and POST)', async () => {
    // Apollo takes the text from the manifest (registeredDocumentsCache): a text sent beside a registered
    // hash is neither run nor checked against the hash (Apollo's "provided sha does not match query").
    const byGet = await get({ query: DOCUMENTS.me, extensions: apq(HASH.specialities) });
    expect(byGet.status).toBe(200);
    expect(byGet.body.data.specialities.length).toBeGreaterThan(0);
    expect(byGet.headers['cache-control']).toBe(PUBLIC);
    const byPost = await t.http().post('/graphql').send({ query: DOCUMENTS.me, documentId: 'sha256:not-this-one', extensions: JSON.parse(apq(HASH.specialities)) });
    expect(byPost.status).toBe(404);
    const byPostHash = await t.http().post('/graphql').send({ query: DOCUMENTS.me, extensions: { ...JSON.parse(apq(HASH.specialities)), persistedQuery: { version: 7, sha256Hash: HASH.specialities } } });
    expect(byPostHash.status).toBe(200);
    expect(byPostHash.body.data).toEqual({ specialities: byGet.body.data.specialities });
  });

  it('lets a browser or a CDN keep an anonymous read of public data a short while', async () => {
    const res = await get({ extensions: apq(HASH.specialities) });
    expect(res.headers['cache-control']).toBe(PUBLIC);
    expect(res.headers.vary).toMatch(/Authorization/);
  });

  it('keeps a logged-in caller\'s GET private, even of public data', async () => {
    const patient = await asPatient(t);
    const res = await get({ extensions: apq(HASH.specialities) }, patient.token);
    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toBe('private, no-store');
  });

  it('keeps a personal read private, whoever asks', async () => {
    const patient = await asPatient(t);
    const mine = await get({ extensions: apq(HASH.me) }, patient.token);
    expect(mine.body.data.me.email).toBe('patient@nirog.test');
    expect(mine.headers['cache-control']).toBe('private, no-store');
    const anonymous = await get({ extensions: apq(HASH.me) });
    expect(anonymous.body.errors[0].extensions.code).toBe('UNAUTHENTICATED');
    expect(anonymous.headers['cache-control']).toBe('private, no-store');
  });

  it('keeps a read that mixes public and personal fields private', async () => {
    const res = await get({ extensions: apq(HASH.mixed) });
    expect(res.headers['cache-control']).toBe('private, no-store');
  });
});

describe('what is refused', () => {
  it('answers an unknown hash with a coded error, never caches it, and registers nothing', async () => {
    const res = await get({ extensions: apq(UNKNOWN) });
    expect(res.status).toBe(404);
    expect(res.body.errors[0].extensions).toEqual({ code: 'NOT_FOUND', reason: 'PERSISTED_QUERY_NOT_FOUND' });
    expect(res.headers['cache-control']).toBe('no-store');
    // Apollo's automatic registration (the document with its hash) is not a way in either.
    const register = await t.http().post('/graphql').send({ query: 'query Nobody { specialities { id } }', extensions: JSON.parse(apq(UNKNOWN)) });
    expect(register.body.errors[0].extensions.reason).toBe('PERSISTED_QUERY_NOT_FOUND');
    expect((await get({ extensions: apq(UNKNOWN) })).status).toBe(404);
  });

  it('answers a malformed hash the same way', async () => {
    const res = await get({ documentId: 'sha256:not-a-hash' });
    expect(res.status).toBe(404);
    expect(res.body.errors[0].extensions.reason).toBe('PERSISTED_QUERY_NOT_FOUND');
  });

  it('never runs a mutation sent by GET', async () => {
    const res = await get({ extensions: apq(HASH.logout), variables: JSON.stringify({ token: 'x' }) });
    expect(res.status).toBe(405);
    expect(res.headers.allow).toBe('POST');
    expect(res.body.errors[0].extensions).toEqual({ code: 'BAD_USER_INPUT', reason: 'MUTATION_OVER_GET' });
    expect(res.body.data).toBeUndefined();
  });

  it('runs a registered mutation by POST and its hash, uncached', async () => {
    const res = await t.http().post('/graphql').send({ extensions: JSON.parse(apq(HASH.logout)), variables: { token: 'no-such-token' } });
    expect(res.body.errors[0].extensions.reason).toBe('LINK_EXPIRED');
    expect(res.headers['cache-control'] ?? '').not.toMatch(/public/);
  });

  it('leaves a GET with the document itself (no hash) uncached as before', async () => {
    const res = await t.http().get('/graphql').query({ query: DOCUMENTS.specialities }).set('apollo-require-preflight', 'true');
    expect(res.status).toBe(200);
    expect(res.headers['cache-control'] ?? '').not.toMatch(/public/);
  });
});

describe("the web app's own registered documents", () => {
  it('that it sends by GET (frontend/src/lib/publicReads.ts) are registered queries of public fields only', async () => {
    const schema = await buildNirogSchema();
    for (const name of PUBLIC_READS) {
      const text = Object.values(webApp).find((doc) => new RegExp(`\\bquery ${name}\\b`).test(doc));
      expect({ name, registered: !!text }).toEqual({ name, registered: true });
      const document = parse(text!);
      const operation = document.definitions.find((d): d is OperationDefinitionNode => d.kind === Kind.OPERATION_DEFINITION)!;
      const notPublic = executedRootFields(operation.selectionSet, document, {}).filter((f) => f !== '__typename' && accessRuleOf(schema, 'Query', f) !== 'public');
      expect({ name, notPublic }).toEqual({ name, notPublic: [] });
    }
  });

  it('serve its public lists by GET with a public Cache-Control', async () => {
    expect(Object.keys(webApp).length).toBeGreaterThan(0);
    const idOf = (name: string) => Object.keys(webApp).find((k) => new RegExp(`\\bquery ${name}\\b`).test(webApp[k]));
    for (const [name, variables] of [['Specialities', {}], ['Doctors', { page: 1, pageSize: 10 }], ['Medicines', { page: 1, pageSize: 10 }]] as const) {
      const id = idOf(name);
      expect(id).toBeDefined();
      const res = await get({ documentId: id!, variables: JSON.stringify(variables) });
      expect({ name, status: res.status, errors: res.body.errors }).toEqual({ name, status: 200, errors: undefined });
      expect(res.headers['cache-control']).toBe(PUBLIC);
    }
  });
});
