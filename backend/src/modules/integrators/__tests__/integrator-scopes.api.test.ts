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

  it("shows a hospital's app the visits of the doctors an admin linked to it only, without prescriptions, on record", async () => {
    const all = await admin.gql('{ hospitalVisits(pageSize: 100) { total items { id doctor { id work } } } }');
    expect(all.errors).toBeUndefined();
    const doctorId = all.data!.hospitalVisits.items[0].doctor.id as string;
    const own = all.data!.hospitalVisits.items.filter((a: { doctor: { id: string } }) => a.doctor.id === doctorId).map((a: { id: string }) => a.id);
    expect(own.length).toBeLessThan(all.data!.hospitalVisits.total);

    const key = await appKey({ scopes: ['APPOINTMENTS_READ'], organisationKind: 'HOSPITAL', organisationName: 'Linked Hospital', hospitalDoctorIds: [doctorId] });
    // The hospital argument is an admin's: an app always gets its own doctors' visits.
    const r = await asApp(key, '{ hospitalVisits(pageSize: 100, hospital: "Somewhere Else") { total items { id kind patientName prescription { id } doctor { id } } } }');
    expect(r.errors).toBeUndefined();
    expect(r.data.hospitalVisits.items.map((a: { id: string }) => a.id).sort()).toEqual([...own].sort());
    expect(r.data.hospitalVisits.items.every((a: { kind: string; prescription: unknown; doctor: { id: string } }) => a.kind === 'Hospital' && a.prescription === null && a.doctor.id === doctorId)).toBe(true);
    const audit = await auditOf(prefixOf(key));
    expect(audit.map((a) => [a.action, a.entityType])).toEqual([['integrator.read', 'Appointment']]);

    const other = await appKey({ scopes: ['APPOINTMENTS_READ'], organisationKind: 'HOSPITAL', organisationName: 'A hospital with no Nirog doctor' });
    expect((await asApp(other, '{ hospitalVisits { total } }')).data.hospitalVisits.total).toBe(0);
    // The single-appointment query is a person's: no scope opens it to an app.
    expect(await asApp(key, `{ appointment(id: "${own[0]}") { id } }`)).toMatchObject({ code: 'FORBIDDEN', reason: 'MISSING_SCOPE' });
  });

  it("never lets a doctor's self-declared work place open a hospital's visits: only the admin's link does, and unlinking ends it", async () => {
    const all = await admin.gql('{ hospitalVisits(pageSize: 100) { items { id doctor { id work } } } }');
    const items = all.data!.hospitalVisits.items as { id: string; doctor: { id: string; work: string } }[];
    const linked = items[0]!.doctor;
    const stranger = items.find((a) => a.doctor.id !== linked.id)!.doctor;
    const ofDoctor = (id: string) => items.filter((a) => a.doctor.id === id).map((a) => a.id).sort();
    const query = '{ hospitalVisits(pageSize: 100) { items { id } } }';
    const visitsOf = async (key: string) => (await asApp(key, query)).data.hospitalVisits.items.map((a: { id: string }) => a.id).sort();

    // An app named exactly as a doctor's work place, with no doctor linked, reads nothing.
    const byName = await appKey({ scopes: ['APPOINTMENTS_READ'], organisationKind: 'HOSPITAL', organisationName: linked.work });
    expect(await visitsOf(byName)).toEqual([]);

    const created = await admin.gql('mutation($input: IntegratorAppInput!) { createIntegratorApp(input: $input) { key app { id hospitalDoctors { id name work } } } }', {
      input: { name: 'City hospital desk', contactEmail: 'desk@hospital.example', scopes: ['APPOINTMENTS_READ'], organisationKind: 'HOSPITAL', organisationName: linked.work, hospitalDoctorIds: [linked.id] },
    });
    expect(created.errors).toBeUndefined();
    const { key, app } = created.data!.createIntegratorApp as { key: string; app: { id: string; hospitalDoctors: { id: string; work: string }[] } };
    expect(app.hospitalDoctors).toEqual([expect.objectContaining({ id: linked.id, work: linked.work })]);
    expect(await visitsOf(key)).toEqual(ofDoctor(linked.id));

    // Another doctor declares this hospital as their work place: the app still does not see their visits.
    await t.sql('update doctors set work = ? where id = ?', [linked.work, stranger.id]);
    expect(await visitsOf(key)).toEqual(ofDoctor(linked.id));

    // The admin links the second doctor too, then unlinks the first: the app's view follows at once.
    const update = 'mutation($id: ID!, $input: IntegratorAppInput!) { updateIntegratorApp(id: $id, input: $input) { hospitalDoctors { id } } }';
    const base = { name: 'City hospital desk', contactEmail: 'desk@hospital.example', scopes: ['APPOINTMENTS_READ'], organisationKind: 'HOSPITAL', organisationName: linked.work };
    const both = await admin.gql(update, { id: app.id, input: { ...base, hospitalDoctorIds: [linked.id, stranger.id] } });
    expect(both.data!.updateIntegratorApp.hospitalDoctors.map((d: { id: string }) => d.id).sort()).toEqual([linked.id, stranger.id].sort());
    expect(await visitsOf(key)).toEqual([...ofDoctor(linked.id), ...ofDoctor(stranger.id)].sort());
    // An update that leaves the list out keeps it.
    expect((await admin.gql(update, { id: app.id, input: base })).data!.updateIntegratorApp.hospitalDoctors).toHaveLength(2);
    await admin.gql(update, { id: app.id, input: { ...base, hospitalDoctorIds: [stranger.id] } });
    expect(await visitsOf(key)).toEqual(ofDoctor(stranger.id));
    // An app that stops acting for a hospital loses its links (and appointments:read with them).
    const pharmacy = await admin.gql(update, { id: app.id, input: { ...base, scopes: ['CATALOG_READ'], organisationKind: 'PHARMACY' } });
    expect(pharmacy.data!.updateIntegratorApp.hospitalDoctors).toEqual([]);
  });

  it('refuses links an admin cannot mean: doctors for an app that is no hospital\'s, a doctor not on Nirog', async () => {
    const doctorId = (await admin.gql('{ allDoctors(pageSize: 1) { items { id } } }')).data!.allDoctors.items[0].id as string;
    const create = 'mutation($input: IntegratorAppInput!) { createIntegratorApp(input: $input) { key } }';
    const base = { name: 'x', contactEmail: 'a@b.example', scopes: ['CATALOG_READ'] };
    const notHospital = await admin.gql(create, { input: { ...base, organisationKind: 'PHARMACY', hospitalDoctorIds: [doctorId] } });
    expect(notHospital.errors?.[0]?.extensions).toMatchObject({ code: 'BAD_USER_INPUT', fields: { hospitalDoctorIds: expect.any(String) } });
    const madeUp = await admin.gql(create, { input: { ...base, organisationKind: 'HOSPITAL', organisationName: 'H', hospitalDoctorIds: ['7d1c2c1e-8c8e-4b8a-9b1e-2f0f0f0f0f0f'] } });
    expect(madeUp.errors?.[0]?.extensions).toMatchObject({ code: 'BAD_USER_INPUT', fields: { hospitalDoctorIds: expect.any(String) } });
    expect(await t.sql(`select id from integrator_apps where name = 'x'`)).toEqual([]);
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
