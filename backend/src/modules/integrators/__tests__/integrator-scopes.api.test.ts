import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { asAdmin, createTestApp, type Client, type TestApp } from '../../../../test/app.js';
import { AuditEntry } from '../../audit/index.js';

/**
 * What an app's scopes and organisation open, through real HTTP: the catalogue with catalog:read,
 * stock for the pharmacy's app, orders, its own hospital's visits (never another's, never a
 * prescription), insurance applications; every read of personal data is in the audit log.
 */
let t: TestApp;
let admin: Client;

async function appKey(input: Record<string, unknown>): Promise<string> {
  const r = await admin.gql(`mutation($input: IntegratorAppInput!) { createIntegratorApp(input: $input) { key } }`, {
    input: { name: 'scoped app', contactEmail: 'dev@apps.example', quotaSize: 1_000_000, quotaRestoreRate: 100_000, ...input },
  });
  expect(r.errors).toBeUndefined();
  return r.data!.createIntegratorApp.key;
}

async function asApp(key: string, query: string, variables?: Record<string, unknown>) {
  const res = await t.http().post('/graphql').set('Authorization', `Bearer ${key}`).set('Content-Type', 'application/json').send({ query, variables });
  return { status: res.status, data: res.body.data, errors: res.body.errors, code: res.body.errors?.[0]?.extensions?.code, reason: res.body.errors?.[0]?.extensions?.reason };
}

const auditOf = (appKeyPrefix: string) => t.orm.em.fork().find(AuditEntry, { actorRole: 'integrator', details: { $like: `%${appKeyPrefix}%` } }, { orderBy: { createdAt: 'asc' } });
const prefixOf = (key: string) => key.slice(0, 25);

beforeAll(async () => {
  t = await createTestApp();
  admin = await asAdmin(t);
});
afterAll(async () => {
  await t?.close();
});

describe('scopes of integrator apps', () => {
  it('reads the catalogue with catalog:read, and nothing else', async () => {
    const key = await appKey({ scopes: ['CATALOG_READ'] });
    const r = await asApp(key, '{ doctors(pageSize: 3) { total items { id } } medicines(pageSize: 3) { total } specialities { slug } }');
    expect(r.errors).toBeUndefined();
    expect(r.data.doctors.total).toBeGreaterThan(0);
    // Aliases and fragments do not smuggle a field past the check.
    const smuggled = await asApp(key, '{ doctors(pageSize: 1) { total } ... on Query { o: adminOrders { total } } }');
    expect(smuggled).toMatchObject({ code: 'FORBIDDEN', reason: 'MISSING_SCOPE', data: undefined });
  });

  it('refuses the public catalogue to an app without catalog:read', async () => {
    const key = await appKey({ scopes: ['ORDERS_READ'] });
    expect(await asApp(key, '{ medicines { total } }')).toMatchObject({ status: 403, code: 'FORBIDDEN', reason: 'MISSING_SCOPE' });
  });

  it("lets the pharmacy's app set stock and price, and records it", async () => {
    const key = await appKey({ scopes: ['CATALOG_READ', 'STOCK_WRITE'], organisationKind: 'PHARMACY' });
    const med = (await asApp(key, '{ medicines(pageSize: 1) { items { id stock pricePoisha } } }')).data.medicines.items[0];
    const r = await asApp(key, 'mutation($id: ID!) { updateMedicineStock(id: $id, input: { stock: 77, pricePoisha: 1234 }) { id stock pricePoisha } }', { id: med.id });
    expect(r.errors).toBeUndefined();
    expect(r.data.updateMedicineStock).toEqual({ id: med.id, stock: 77, pricePoisha: 1234 });
    const lines = await t.orm.em.fork().find(AuditEntry, { action: 'updateMedicineStock', entityId: med.id });
    expect(lines).toHaveLength(1);
    expect(lines[0]!.actorRole).toBe('integrator');
    const bad = await asApp(key, 'mutation($id: ID!) { updateMedicineStock(id: $id, input: { stock: -1 }) { id } }', { id: med.id });
    expect(bad.code).toBe('BAD_USER_INPUT');
  });

  it('reads orders with orders:read (on record) and moves them only with orders:write', async () => {
    const reader = await appKey({ scopes: ['ORDERS_READ'] });
    const page = await asApp(reader, '{ adminOrders(pageSize: 5) { total items { id status } } }');
    expect(page.errors).toBeUndefined();
    const ids = page.data.adminOrders.items.map((o: { id: string }) => o.id);
    expect(ids.length).toBeGreaterThan(0);
    const audit = await auditOf(prefixOf(reader));
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ action: 'integrator.read', entityType: 'Order' });
    expect(JSON.parse(audit[0]!.details!).ids).toEqual(ids);
    const processing = page.data.adminOrders.items.find((o: { status: string }) => o.status === 'Processing');
    const move = 'mutation($id: ID!) { updateOrderStatus(id: $id, status: Confirmed) { id status } }';
    expect(await asApp(reader, move, { id: processing.id })).toMatchObject({ code: 'FORBIDDEN', reason: 'MISSING_SCOPE' });
    const writer = await appKey({ scopes: ['ORDERS_WRITE'] });
    const moved = await asApp(writer, move, { id: processing.id });
    expect(moved.errors).toBeUndefined();
    expect(moved.data.updateOrderStatus.status).toBe('Confirmed');
  });

  it("shows a hospital's app its own hospital's visits only, without prescriptions, on record", async () => {
    const all = await admin.gql('{ hospitalVisits(pageSize: 100) { total items { id doctor { work } } } }');
    expect(all.errors).toBeUndefined();
    const hospital = all.data!.hospitalVisits.items[0].doctor.work as string;
    const own = all.data!.hospitalVisits.items.filter((a: { doctor: { work: string } }) => a.doctor.work === hospital).map((a: { id: string }) => a.id);
    expect(own.length).toBeLessThan(all.data!.hospitalVisits.total);

    const key = await appKey({ scopes: ['APPOINTMENTS_READ'], organisationKind: 'HOSPITAL', organisationName: hospital });
    // The hospital argument is an admin's: an app always gets its own hospital.
    const r = await asApp(key, '{ hospitalVisits(pageSize: 100, hospital: "Somewhere Else") { total items { id kind patientName prescription { id } doctor { work } } } }');
    expect(r.errors).toBeUndefined();
    expect(r.data.hospitalVisits.items.map((a: { id: string }) => a.id).sort()).toEqual([...own].sort());
    expect(r.data.hospitalVisits.items.every((a: { kind: string; prescription: unknown; doctor: { work: string } }) => a.kind === 'Hospital' && a.prescription === null && a.doctor.work === hospital)).toBe(true);
    const audit = await auditOf(prefixOf(key));
    expect(audit.map((a) => [a.action, a.entityType])).toEqual([['integrator.read', 'Appointment']]);

    const other = await appKey({ scopes: ['APPOINTMENTS_READ'], organisationKind: 'HOSPITAL', organisationName: 'A hospital with no Nirog doctor' });
    expect((await asApp(other, '{ hospitalVisits { total } }')).data.hospitalVisits.total).toBe(0);
    // The single-appointment query is a person's: no scope opens it to an app.
    expect(await asApp(key, `{ appointment(id: "${own[0]}") { id } }`)).toMatchObject({ code: 'FORBIDDEN', reason: 'MISSING_SCOPE' });
  });

  it('reads insurance applications with insurance:read, on record', async () => {
    await t.http().post('/graphql').send({ query: 'mutation { applyInsurance(input: { name: "Rahim", email: "rahim@example.com", phone: "01712345678", gender: Male }) { id } }' });
    const key = await appKey({ scopes: ['INSURANCE_READ'], organisationKind: 'INSURER', organisationName: 'Green Delta' });
    const r = await asApp(key, '{ insuranceApplications { total items { id name } } }');
    expect(r.errors).toBeUndefined();
    expect(r.data.insuranceApplications.total).toBeGreaterThan(0);
    expect((await auditOf(prefixOf(key))).map((a) => a.entityType)).toEqual(['InsuranceApplication']);
  });
});
