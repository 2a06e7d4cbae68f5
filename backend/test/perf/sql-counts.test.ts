import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { asAdmin, asDoctor, asPatient, asVisitor, countQueries, createTestApp, type Client, type TestApp } from '../app.js';
import { seedVolume } from '../../src/seeders/volume.js';

/**
 * Every list the API serves sends a fixed number of SQL statements (at most 3: the session, the
 * page, the count), whatever the page size: no statement per row. The database is filled with more
 * than 50 rows of each kind, so that an N+1 would show as a difference between 5 and 50.
 */
let t: TestApp;
let patient: Client;
let doctor: Client;
let admin: Client;

beforeAll(async () => {
  t = await createTestApp();
  await seedVolume(t.orm, { doctors: 120, nurses: 60, medicines: 60, orders: 60, appointments: 150, reviews: 60, bloodRequests: 60, hires: 60 });
  [patient, doctor, admin] = await Promise.all([asPatient(t), asDoctor(t), asAdmin(t)]);
  // Integrator apps with a second key each, and webhook deliveries with attempts (the demo app's subscription).
  for (let i = 0; i < 8; i++) {
    const made = await admin.gql('mutation($input: IntegratorAppInput!) { createIntegratorApp(input: $input) { app { id } } }', {
      input: { name: `volume app ${i}`, contactEmail: `app${i}@apps.example`, scopes: ['CATALOG_READ'] },
    });
    await admin.gql('mutation($id: ID!) { rotateIntegratorKey(id: $id) { key } }', { id: made.data!.createIntegratorApp.app.id });
  }
  const [sub] = await t.sql<{ id: string; app_id: string }>('select id, app_id from webhook_subscriptions limit 1');
  for (let i = 0; i < 8; i++) {
    const [d] = await t.sql<{ id: string }>(
      `insert into webhook_deliveries (id, dedupe_key, subscription_id, app_id, event_id, event, object_id, payload, url, status, attempts, next_attempt_at, created_at, updated_at)
        values (gen_random_uuid(), gen_random_uuid()::text, ?, ?, gen_random_uuid(), 'order.paid', gen_random_uuid(), '{}', 'http://127.0.0.1:8787/webhooks', 'failed', 2, now(), now(), now()) returning id`,
      [sub!.id, sub!.app_id]);
    for (const status of [500, 502]) {
      await t.sql(`insert into webhook_attempts (id, delivery_id, response_status, error, duration_ms, created_at, updated_at) values (gen_random_uuid(), ?, ?, 'HTTP', 10, now(), now())`, [d!.id, status]);
    }
  }
}, 60_000);
afterAll(async () => {
  await t.close();
});

type Who = 'visitor' | 'patient' | 'doctor' | 'admin';
const as = (who: Who): Client => (who === 'visitor' ? asVisitor(t) : { patient, doctor, admin }[who]);

/** GraphQL lists: the operation, who asks, and the fields (relations included) a screen reads. */
const GRAPHQL: [name: string, who: Who, field: string, args: string, selection: string][] = [
  ['doctors (online)', 'visitor', 'doctors', 'online: true', 'id name specialities fees rating reviewCount isOnline avatarUrl'],
  ['doctors (all)', 'visitor', 'doctors', '', 'id name specialities fees rating reviewCount isOnline avatarUrl'],
  ['allDoctors', 'admin', 'allDoctors', '', 'id name email status bmdcNo phone'],
  ['pendingDoctors', 'admin', 'pendingDoctors', '', 'id name email status'],
  ['doctorReviews', 'visitor', 'doctorReviews', 'doctorId: "DOCTOR_ID"', 'id name rating comment doctorId createdAt'],
  ['nurses', 'visitor', 'nurses', '', 'id name fees rating reviewCount imageUrls location'],
  ['adminNurses', 'admin', 'adminNurses', '', 'id name email phone imageUrls'],
  ['nurseReviews', 'visitor', 'nurseReviews', 'nurseId: "NURSE_ID"', 'id name rating comment nurseId'],
  ['myNurseHires', 'patient', 'myNurseHires', '', 'id nurseId nurseName nurseImageUrl status fees date careFor { familyMemberId name relation accountName }'],
  ['nurseHires', 'admin', 'nurseHires', '', 'id nurseId nurseName nurseImageUrl patientName status careFor { name relation accountName }'],
  ['medicines', 'visitor', 'medicines', '', 'id name genericName company price inStock imageUrl'],
  ['medicines (keyword)', 'visitor', 'medicines', 'keyword: "napa"', 'id name genericName company price inStock imageUrl'],
  ['myOrders', 'patient', 'myOrders', '', 'id status totalPoisha createdAt careFor { familyMemberId name relation } items { id name quantity lineTotalPoisha imageUrl }'],
  ['adminOrders', 'admin', 'adminOrders', '', 'id status totalPoisha customerName careFor { name relation accountName } items { id name quantity }'],
  ['myAppointments', 'patient', 'myAppointments', '', 'id kind status feePoisha careFor { familyMemberId name relation } doctor { id name specialities avatarUrl } prescription { id }'],
  ['doctorAppointments', 'doctor', 'doctorAppointments', '', 'id kind status patientName careFor { relation accountName } doctor { id name } prescription { id }'],
  ['allAppointments', 'admin', 'allAppointments', '', 'id kind status patientName careFor { relation accountName } doctor { id name } prescription { id }'],
  ['myPrescriptions', 'patient', 'myPrescriptions', '', 'id patientName careFor { familyMemberId relation accountName } doctor { id name } medicines { medname days }'],
  ['bloodRequests', 'admin', 'bloodRequests', '', 'id name group area phone'],
  ['users', 'admin', 'users', '', 'id name email role'],
  ['auditLog', 'admin', 'auditLog', '', 'id action actorId actorName actorEmail actorRole entityType'],
  ['contactMessages', 'admin', 'contactMessages', '', 'id name email message'],
  ['insuranceApplications', 'admin', 'insuranceApplications', '', 'id name email'],
  ['mailOutbox', 'admin', 'mailOutbox', '', 'id toEmail status template'],
  ['smsOutbox', 'admin', 'smsOutbox', '', 'id toPhone status template deliveryStatus'],
  ['integratorApps', 'admin', 'integratorApps', '', 'id name scopes quotaSize keys { id prefix expiresAt revokedAt }'],
  ['webhookDeliveries', 'admin', 'webhookDeliveries', '', 'id appName event status attempts history { id responseStatus error durationMs }'],
  ['myAppointments (for the account holder)', 'patient', 'myAppointments', 'careFor: "PATIENT_ID"', 'id kind status careFor { familyMemberId name relation }'],
  ['myOrders (for the account holder)', 'patient', 'myOrders', 'careFor: "PATIENT_ID"', 'id status careFor { familyMemberId name relation } items { id name }'],
];

/** REST lists: the path (page size appended) and who asks. */
const REST: [path: string, who: Who][] = [
  ['/doctors?isActive=true', 'visitor'],
  ['/doctors?', 'visitor'],
  ['/admin/doctors?', 'admin'],
  ['/admin/pending/doctors?', 'admin'],
  ['/get/nurses?', 'visitor'],
  ['/admin/nurses?', 'admin'],
  ['/my/hire?', 'patient'],
  ['/getall/hire/nurse?', 'admin'],
  ['/get/medicine?', 'visitor'],
  ['/get/medicine?keyword=napa', 'visitor'],
  ['/orders/myorders?', 'patient'],
  ['/admin/allorder?', 'admin'],
  ['/mybooking?', 'patient'],
  ['/single/doctor/appointment?', 'doctor'],
  ['/getall/appointment?', 'admin'],
  ['/my/prescription?', 'patient'],
  ['/admin/blood/requests?', 'admin'],
  ['/users?', 'admin'],
  ['/admin/insurance/applications?', 'admin'],
  ['/admin/contact/messages?', 'admin'],
  ['/admin/mail/outbox?', 'admin'],
  ['/admin/sms/outbox?', 'admin'],
];

/** The REST answers name their list differently per path; the longest array is the page. */
function restItems(body: Record<string, unknown>): unknown[] {
  return Object.values(body).filter(Array.isArray).sort((a, b) => b.length - a.length)[0] ?? [];
}

async function ids() {
  const [d] = await t.sql(`select doctor_id as id from doctor_reviews group by doctor_id order by count(*) desc limit 1`);
  const [n] = await t.sql(`select nurse_id as id from nurse_reviews group by nurse_id order by count(*) desc limit 1`);
  return { doctorId: String(d.id), nurseId: String(n.id) };
}

// eslint-disable-next-line no-control-regex
const reads = (sql: string[]) => sql.filter((s) => /^\[query\] (select|with)\b/i.test(s.replace(/\x1b\[\d+m/g, ''))).length;

/**
 * The same statements at both sizes, at most 3 of them reads (session, count, page). A list may also
 * write one bookkeeping row: the audit of a doctor's read of medical records, or the lazy expiry of
 * unpaid consultation holds. On failure the statements themselves are shown.
 */
function expectConstant(five: { count: number; sql: string[] }, fifty: { count: number; sql: string[] }) {
  const ok = fifty.count === five.count && reads(fifty.sql) <= 3 && fifty.count - reads(fifty.sql) <= 1;
  expect(ok ? 'constant, at most 3 reads' : { five: five.sql, fifty: fifty.sql }).toBe('constant, at most 3 reads');
}

describe('SQL statements per list request', () => {
  it.each(GRAPHQL)('GraphQL %s: the same count for 5 and 50 rows, at most 3', async (_name, who, field, args, selection) => {
    const known = await ids();
    const argList = args.replace('DOCTOR_ID', known.doctorId).replace('NURSE_ID', known.nurseId).replace('PATIENT_ID', patient.user!.id as string);
    const query = (size: number) => `{ ${field}(${[argList, `pageSize: ${size}`].filter(Boolean).join(', ')}) { total items { ${selection} } } }`;
    const client = as(who);
    const five = await countQueries(() => client.gql(query(5)));
    const fifty = await countQueries(() => client.gql(query(50)));
    expect(five.result.errors).toBeUndefined();
    expect(fifty.result.errors).toBeUndefined();
    const small = five.result.data![field].items.length;
    const large = fifty.result.data![field].items.length;
    expect(small).toBe(5);
    expect(large).toBeGreaterThan(5);
    expectConstant(five, fifty);
  });

  it.each(REST)('REST GET %s: the same count for 5 and 50 rows, at most 3', async (path, who) => {
    const client = as(who);
    const sep = path.endsWith('?') ? '' : '&';
    const five = await countQueries(() => client.get(`${path}${sep}limit=5&pageSize=5`));
    const fifty = await countQueries(() => client.get(`${path}${sep}limit=50&pageSize=50`));
    expect(five.result.status).toBe(200);
    expect(fifty.result.status).toBe(200);
    expect(restItems(five.result.body)).toHaveLength(5);
    expect(restItems(fifty.result.body).length).toBeGreaterThan(5);
    expectConstant(five, fifty);
  });
});
