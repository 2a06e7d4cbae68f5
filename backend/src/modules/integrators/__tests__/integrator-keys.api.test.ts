import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { asAdmin, asPatient, createTestApp, type Client, type TestApp } from '../../../../test/app.js';
import { DEMO_KEY } from '../integrator.service.js';
import { IntegratorKey } from '../integrator.entity.js';
import { sha256 } from '../../../common/tokens.js';

/**
 * Integrator apps and their keys through real HTTP: an admin registers an app and gets its key once;
 * the key is an identity of its own on /graphql (Bearer or X-Api-Key), refused on REST; revoking
 * stops it at once; rotating leaves the old key working until the overlap ends.
 */
let t: TestApp;
let admin: Client;

const CREATE = `mutation Create($input: IntegratorAppInput!) {
  createIntegratorApp(input: $input) { key app { id name scopes organisationKind organisationName quotaSize quotaRestoreRate revokedAt keys { prefix expiresAt revokedAt } } }
}`;
const ROTATE = `mutation Rotate($id: ID!, $input: RotateIntegratorKeyInput) { rotateIntegratorKey(id: $id, input: $input) { key app { id keys { prefix expiresAt } } } }`;
const REVOKE = `mutation Revoke($id: ID!) { revokeIntegratorApp(id: $id) { id revokedAt keys { revokedAt } } }`;
const LIST = `{ integratorApps(pageSize: 50) { total items { id name keys { prefix } } } }`;

async function withKey(key: string, query = '{ __typename }', header: 'bearer' | 'x-api-key' = 'bearer') {
  const req = t.http().post('/graphql').set('Content-Type', 'application/json');
  const res = await (header === 'bearer' ? req.set('Authorization', `Bearer ${key}`) : req.set('X-Api-Key', key)).send({ query });
  return { status: res.status, body: res.body, code: res.body.errors?.[0]?.extensions?.code, reason: res.body.errors?.[0]?.extensions?.reason };
}

async function createApp(input: Record<string, unknown> = {}) {
  const r = await admin.gql(CREATE, { input: { name: 'Clinic app', contactEmail: 'Dev@Clinic.example', scopes: ['CATALOG_READ'], ...input } });
  expect(r.errors).toBeUndefined();
  return r.data!.createIntegratorApp as { key: string; app: { id: string; keys: { prefix: string }[] } & Record<string, unknown> };
}

beforeAll(async () => {
  t = await createTestApp();
  admin = await asAdmin(t);
});
afterAll(async () => {
  await t?.close();
});

describe('integrator apps and keys', () => {
  it('registers an app and answers its key once, stored only as a prefix and a hash', async () => {
    const { key, app } = await createApp();
    expect(key).toMatch(/^nrg_live_[0-9a-f]{16}_[A-Za-z0-9_-]{43}$/);
    expect(app).toMatchObject({ name: 'Clinic app', scopes: ['CATALOG_READ'], organisationKind: null, quotaSize: 1000, quotaRestoreRate: 100, revokedAt: null });
    expect(app.keys).toEqual([{ prefix: key.slice(0, 'nrg_live_'.length + 16), expiresAt: null, revokedAt: null }]);
    const stored = await t.orm.em.fork().findOneOrFail(IntegratorKey, { prefix: app.keys[0]!.prefix });
    expect(stored.secretHash).toBe(sha256(key.slice(26)));
    expect(JSON.stringify(stored)).not.toContain(key);
    const list = await admin.gql(LIST);
    expect(JSON.stringify(list.data)).not.toContain(key);
    expect(list.data!.integratorApps.items.some((a: { id: string }) => a.id === app.id)).toBe(true);
  });

  it('refuses an organisation that does not fit the scopes, coded, and writes nothing', async () => {
    const before = (await admin.gql(LIST)).data!.integratorApps.total;
    const stock = await admin.gql(CREATE, { input: { name: 'x', contactEmail: 'a@b.example', scopes: ['STOCK_WRITE'] } });
    expect(stock.errors?.[0]?.extensions).toMatchObject({ code: 'BAD_USER_INPUT', fields: { scopes: expect.any(String) } });
    const visits = await admin.gql(CREATE, { input: { name: 'x', contactEmail: 'a@b.example', scopes: ['APPOINTMENTS_READ'], organisationKind: 'HOSPITAL' } });
    expect(visits.errors?.[0]?.extensions).toMatchObject({ code: 'BAD_USER_INPUT', fields: { organisationName: expect.any(String) } });
    const unknown = await admin.gql(CREATE, { input: { name: 'x', contactEmail: 'a@b.example', scopes: ['everything'] } });
    expect(unknown.code).toBe('BAD_USER_INPUT');
    expect((await admin.gql(LIST)).data!.integratorApps.total).toBe(before);
  });

  it('lets a valid key in as an app, by Bearer or X-Api-Key, and only on /graphql', async () => {
    const { key } = await createApp();
    expect(await withKey(key)).toMatchObject({ status: 200, body: { data: { __typename: 'Query' } } });
    expect(await withKey(key, '{ __typename }', 'x-api-key')).toMatchObject({ status: 200, body: { data: { __typename: 'Query' } } });
    // An app is not a person: it has no "me".
    expect(await withKey(key, '{ me { id } }')).toMatchObject({ code: 'FORBIDDEN', reason: 'MISSING_SCOPE' });
    const rest = await t.http().get('/api/currentUserDetails').set('Authorization', `Bearer ${key}`);
    expect(rest.status).toBe(401);
    expect(rest.body.reason).toBe('INVALID_API_KEY');
  });

  it('refuses a key that is wrong in any part', async () => {
    const { key } = await createApp();
    const wrongSecret = `${key.slice(0, -4)}AAAA`;
    const unknownId = key.replace(/nrg_live_[0-9a-f]{16}/, 'nrg_live_0123456789abcdef');
    for (const bad of [wrongSecret, unknownId, 'nrg_live_x', `${key}x`]) {
      expect(await withKey(bad)).toMatchObject({ status: 401, code: 'UNAUTHENTICATED', reason: 'INVALID_API_KEY' });
    }
  });

  it('stops a revoked app at once, every key of it', async () => {
    const { key, app } = await createApp();
    const rotated = (await admin.gql(ROTATE, { id: app.id, input: { overlapMinutes: 30 } })).data!.rotateIntegratorKey.key as string;
    const r = await admin.gql(REVOKE, { id: app.id });
    expect(r.data!.revokeIntegratorApp.revokedAt).toEqual(expect.any(String));
    expect(r.data!.revokeIntegratorApp.keys.every((k: { revokedAt: string | null }) => k.revokedAt)).toBe(true);
    for (const k of [key, rotated]) expect(await withKey(k)).toMatchObject({ status: 401, reason: 'API_KEY_REVOKED' });
    expect((await admin.gql(ROTATE, { id: app.id })).code).toBe('NOT_FOUND');
  });

  it('rotates with an overlap: the old key works until its end, then stops; the new one goes on', async () => {
    const { key: old, app } = await createApp();
    const r = await admin.gql(ROTATE, { id: app.id, input: { overlapMinutes: 10 } });
    const fresh = r.data!.rotateIntegratorKey.key as string;
    expect(fresh).not.toBe(old);
    const keys = r.data!.rotateIntegratorKey.app.keys as { prefix: string; expiresAt: string | null }[];
    expect(keys).toHaveLength(2);
    expect(keys.find((k) => fresh.startsWith(k.prefix))!.expiresAt).toBeNull();
    expect(new Date(keys.find((k) => old.startsWith(k.prefix))!.expiresAt!).getTime()).toBeGreaterThan(Date.now() + 9 * 60_000);
    expect((await withKey(old)).status).toBe(200);
    expect((await withKey(fresh)).status).toBe(200);
    // The overlap ends (moved into the past rather than waited for).
    await t.orm.em.fork().nativeUpdate(IntegratorKey, { prefix: old.slice(0, 25) }, { expiresAt: new Date(Date.now() - 1000) });
    expect(await withKey(old)).toMatchObject({ status: 401, reason: 'API_KEY_EXPIRED' });
    expect((await withKey(fresh)).status).toBe(200);
  });

  it('rotating with no overlap stops the old key now', async () => {
    const { key: old, app } = await createApp();
    await admin.gql(ROTATE, { id: app.id, input: { overlapMinutes: 0 } });
    expect(await withKey(old)).toMatchObject({ status: 401, reason: 'API_KEY_EXPIRED' });
    expect((await admin.gql(ROTATE, { id: app.id, input: { overlapMinutes: 100000 } })).code).toBe('BAD_USER_INPUT');
  });

  it('lets an admin change an app: scopes take effect at once, the key stays, a smaller bucket holds at most its size', async () => {
    const { key, app } = await createApp();
    expect((await withKey(key, '{ adminOrders(pageSize: 1) { total } }')).reason).toBe('MISSING_SCOPE');
    const UPDATE = `mutation($id: ID!, $input: IntegratorAppInput!) { updateIntegratorApp(id: $id, input: $input) { id name contactEmail scopes quotaSize quotaRestoreRate keys { prefix } } }`;
    const r = await admin.gql(UPDATE, { id: app.id, input: { name: 'Clinic app 2', contactEmail: 'ops@clinic.example', scopes: ['CATALOG_READ', 'ORDERS_READ'], quotaSize: 300, quotaRestoreRate: 5 } });
    expect(r.errors).toBeUndefined();
    expect(r.data!.updateIntegratorApp).toEqual({ id: app.id, name: 'Clinic app 2', contactEmail: 'ops@clinic.example', scopes: ['CATALOG_READ', 'ORDERS_READ'], quotaSize: 300, quotaRestoreRate: 5, keys: app.keys.map(({ prefix }) => ({ prefix })) });
    const now = await withKey(key, '{ adminOrders(pageSize: 1) { total } }');
    expect(now.body.errors).toBeUndefined();
    expect(now.body.extensions.cost.throttleStatus).toMatchObject({ maximumAvailable: 300, restoreRate: 5 });
    expect(now.body.extensions.cost.throttleStatus.currentlyAvailable).toBeLessThanOrEqual(300);
    // The same rules as at registration, coded; an unknown app is not found.
    const bad = await admin.gql(UPDATE, { id: app.id, input: { name: 'x', contactEmail: 'a@b.example', scopes: ['STOCK_WRITE'] } });
    expect(bad.errors?.[0]?.extensions).toMatchObject({ code: 'BAD_USER_INPUT', fields: { scopes: expect.any(String) } });
    expect((await admin.gql(UPDATE, { id: 'nope', input: { name: 'x', contactEmail: 'a@b.example', scopes: [] } })).code).toBe('NOT_FOUND');
  });

  it('seeds a demo app whose fixed key works outside production', async () => {
    expect((await withKey(DEMO_KEY.key)).status).toBe(200);
  });

  it('keeps the admin operations to admins', async () => {
    const patient = await asPatient(t);
    expect((await patient.gql(LIST)).code).toBe('FORBIDDEN');
    const { key } = await createApp();
    expect(await withKey(key, LIST)).toMatchObject({ code: 'FORBIDDEN', reason: 'MISSING_SCOPE' });
  });
});
