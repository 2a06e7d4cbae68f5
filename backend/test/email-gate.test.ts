import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createTestApp, login, type Client, type TestApp } from './app.js';

/** Unverified patients may browse and log in, but booking, hiring and ordering wait for a verified email. */
let t: TestApp;
let newcomer: Client;
let ids: { doctor: string; nurse: string; medicine: string };

beforeAll(async () => {
  t = await createTestApp();
  await t.http().post('/api/register').field('name', 'Nadia Sultana').field('email', 'nadia@example.com').field('password', 'lotus-pond-31');
  newcomer = await login(t, 'nadia@example.com', 'lotus-pond-31');
  const [doctor] = await t.sql<{ id: string }>(`select id from doctors where status = 'approved' limit 1`);
  const [nurse] = await t.sql<{ id: string }>('select id from nurses limit 1');
  const [medicine] = await t.sql<{ id: string }>('select id from medicines where stock > 5 limit 1');
  ids = { doctor: doctor!.id, nurse: nurse!.id, medicine: medicine!.id };
});
afterAll(async () => {
  await t.close();
});

const tomorrow = () => new Date(Date.now() + 2 * 86400_000).toISOString().slice(0, 10);

async function attempts(client: Client) {
  const visit = await client.gql('mutation($i: BookHospitalVisitInput!) { bookHospitalVisit(input: $i) { id } }', {
    i: { doctorId: ids.doctor, patientName: 'Nadia', phone: '01711000222', date: tomorrow(), slot: 'Morning' },
  });
  const hire = await client.gql('mutation($i: NurseHireInput!) { hireNurse(input: $i) { id } }', {
    i: { nurseId: ids.nurse, patientGender: 'Female', phone: '01711000222', date: tomorrow() },
  });
  const order = await client.gql('mutation($i: CreateOrderInput!) { createOrder(input: $i) { __typename } }', {
    i: { orderItems: [{ medicineId: ids.medicine, quantity: 1 }], shippingInfo: { name: 'Nadia', phone: '01711000222', address: 'House 1, Road 2', city: 'Dhaka' } },
  });
  return { visit, hire, order };
}

describe('the verified-email gate', () => {
  it('lets an unverified patient browse but not book, hire or order', async () => {
    const me = await newcomer.gql('{ me { emailVerified } }');
    expect(me.data!.me.emailVerified).toBe(false);
    const { visit, hire, order } = await attempts(newcomer);
    for (const r of [visit, hire, order]) {
      expect(r.code).toBe('FORBIDDEN');
      expect(r.errors![0]!.extensions!.reason).toBe('EMAIL_NOT_VERIFIED');
    }
  });

  it('opens once the email is verified', async () => {
    await t.sql(`update users set email_verified_at = now() where email = 'nadia@example.com'`);
    const { visit, hire, order } = await attempts(newcomer);
    expect(visit.errors).toBeUndefined();
    expect(hire.errors).toBeUndefined();
    expect(order.errors).toBeUndefined();
  });
});
