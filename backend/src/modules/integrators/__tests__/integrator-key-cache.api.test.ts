import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import request from 'supertest';
import { asAdmin, countQueries, createTestApp, type Client, type TestApp } from '../../../../test/app.js';
import { createApp, type NirogApp } from '../../../app.js';
import { createLogger } from '../../../common/logger.js';

/**
 * The key cache (integrator.key-cache.ts) across two API processes on one database: a key that
 * authenticated is not read again while its process listens on nirog_cache, and a key or app revoked,
 * rotated, expired or changed on one replica (or by any SQL) stops or changes on the other within a
 * second. On PostgreSQL each replica listens on its own connection; on PGlite through its listen().
 */
let t: TestApp;
let replica: NirogApp;
let admin: Client;

const QUERY = '{ doctors(pageSize: 1) { total } }';
const ORDERS = '{ adminOrders(pageSize: 1) { total } }';

async function onReplica(key: string, query = QUERY) {
  const res = await request(replica.app).post('/graphql').set('X-Api-Key', key).send({ query });
  return { status: res.status, reason: res.body.errors?.[0]?.extensions?.reason as string | undefined, errors: res.body.errors };
}

/** The replica's answer once `ok` holds for it, and how long that took (ms). */
async function within(key: string, ok: (r: Awaited<ReturnType<typeof onReplica>>) => boolean, query = QUERY) {
  const start = Date.now();
  let r = await onReplica(key, query);
  while (!ok(r) && Date.now() - start < 3000) {
    await new Promise((res) => setTimeout(res, 10));
    r = await onReplica(key, query);
  }
  return { ...r, ms: Date.now() - start };
}

async function newKey(scopes = ['CATALOG_READ']): Promise<{ id: string; key: string }> {
  const r = await admin.gql('mutation($input: IntegratorAppInput!) { createIntegratorApp(input: $input) { key app { id } } }', {
    input: { name: 'Cached app', contactEmail: 'dev@apps.example', scopes, quotaSize: 100000, quotaRestoreRate: 1000 },
  });
  expect(r.errors).toBeUndefined();
  return { id: r.data!.createIntegratorApp.app.id, key: r.data!.createIntegratorApp.key };
}

/** The statements reading a key (the cache's misses). */
const keyReads = (sql: string[]) => sql.filter((q) => /from integrator_keys/.test(q)).length;

beforeAll(async () => {
  t = await createTestApp();
  admin = await asAdmin(t);
  replica = await createApp(t.config, t.orm, createLogger('silent'));
  await t.coordinator.start();
  await replica.coordinator.start();
});
afterAll(async () => {
  if (replica) {
    await replica.coordinator.stop();
    await replica.worker.stop();
    await replica.apollo.stop();
    await replica.services.limiter.shared.stop();
    await replica.services.integrators.refunds.close();
  }
  await t?.close();
});

describe("an app's key, cached by each replica", () => {
  it('is read once, then checked without a statement; a wrong secret is still refused', async () => {
    const { key } = await newKey();
    const first = await countQueries(() => onReplica(key));
    expect(first.result.status).toBe(200);
    expect(keyReads(first.sql)).toBe(1);
    const second = await countQueries(() => onReplica(key));
    expect(second.result.status).toBe(200);
    expect(keyReads(second.sql)).toBe(0);
    const wrong = `${key.slice(0, -4)}${key.endsWith('AAAA') ? 'BBBB' : 'AAAA'}`;
    expect((await onReplica(wrong)).reason).toBe('INVALID_API_KEY');
  });

  it('stops on the other replica within a second when the app is revoked on one', async () => {
    const { id, key } = await newKey();
    expect((await onReplica(key)).status).toBe(200);
    expect((await onReplica(key)).status).toBe(200);
    expect((await admin.gql('mutation($id: ID!) { revokeIntegratorApp(id: $id) { id } }', { id })).errors).toBeUndefined();
    const r = await within(key, (x) => x.status === 401);
    expect(r).toMatchObject({ status: 401, reason: 'API_KEY_REVOKED' });
    expect(r.ms).toBeLessThan(1000);
  });

  it('stops within a second when a rotated key\'s overlap is ended or a key revoked by SQL', async () => {
    const { key } = await newKey();
    expect((await onReplica(key)).status).toBe(200);
    await t.sql(`update integrator_keys set expires_at = now() - interval '1 second' where prefix = ?`, [key.slice(0, 25)]);
    const expired = await within(key, (x) => x.status === 401);
    expect(expired).toMatchObject({ status: 401, reason: 'API_KEY_EXPIRED' });
    expect(expired.ms).toBeLessThan(1000);

    const other = await newKey();
    expect((await onReplica(other.key)).status).toBe(200);
    await t.sql('update integrator_keys set revoked_at = now() where app_id = ?', [other.id]);
    const revoked = await within(other.key, (x) => x.status === 401);
    expect(revoked).toMatchObject({ status: 401, reason: 'API_KEY_REVOKED' });
    expect(revoked.ms).toBeLessThan(1000);
  });

  it('takes a change of scopes on the other replica within a second', async () => {
    const { id, key } = await newKey();
    expect((await onReplica(key, ORDERS)).reason).toBe('MISSING_SCOPE');
    await t.sql(`update integrator_apps set scopes = '{catalog:read,orders:read}' where id = ?`, [id]);
    const r = await within(key, (x) => !x.errors, ORDERS);
    expect(r.errors).toBeUndefined();
    expect(r.ms).toBeLessThan(1000);
  });

  it('is not used by a replica that does not hear the notifications', async () => {
    const { key } = await newKey();
    expect((await onReplica(key)).status).toBe(200);
    await replica.coordinator.stop();
    try {
      const r = await countQueries(() => onReplica(key));
      expect(r.result.status).toBe(200);
      expect(keyReads(r.sql)).toBe(1);
    } finally {
      await replica.coordinator.start();
    }
  });

  it('keeps only keys that authenticated, never a miss', async () => {
    const before = replica.services.integrators.keys.size;
    for (let i = 0; i < 5; i++) {
      const unknown = `nrg_live_${String(i).padStart(16, 'f')}_${'x'.repeat(43)}`;
      expect((await onReplica(unknown)).reason).toBe('INVALID_API_KEY');
    }
    expect(replica.services.integrators.keys.size).toBe(before);
  });
});
