import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { asAdmin, asPatient, asVisitor, createTestApp, type Client, type TestApp } from '../../../../test/app.js';
import { addDays, dhakaToday } from '../../../common/dhaka-date.js';
import type { DomainEvent } from '../../../common/events.js';

let t: TestApp;
let admin: Client;
const events: DomainEvent[] = [];

beforeAll(async () => {
  t = await createTestApp();
  t.services.events.on('bloodRequest.created', (_em, e) => void events.push(e));
  admin = await asAdmin(t);
});
afterAll(async () => {
  await t.close();
});

const request = (over: Record<string, unknown> = {}) => ({ name: 'Jamal Hossain', phone: '01712000111', email: 'jamal@example.com', group: 'A+', area: 'Dhanmondi', ...over });

describe('blood requests', () => {
  it("answers a missing field with 'Enter all Fields'", async () => {
    for (const missing of ['name', 'phone', 'email', 'group']) {
      const body: Record<string, unknown> = request();
      delete body[missing];
      const res = await asVisitor(t).post('/blood/booking', body);
      expect(res.status).toBe(400);
      expect(res.body.message).toBe('Enter all Fields');
    }
    expect((await asVisitor(t).post('/blood/booking', request({ group: 'C+' }))).status).toBe(400);
  });

  it('stores a visitor\'s request, publishes bloodRequest.created and answers with eligible compatible donors in the area', async () => {
    const res = await asVisitor(t).post('/blood/booking', request());
    expect(res.status).toBe(200);
    expect(res.body.bloodRequest).toMatchObject({ name: 'Jamal Hossain', phone: '01712000111', group: 'A+', area: 'Dhanmondi' });
    expect(res.body.accessToken).toMatch(/^[A-Za-z0-9_-]{20,}$/);
    expect(events).toContainEqual({ type: 'bloodRequest.created', requestId: res.body.bloodRequest._id });
    // Seeded Dhanmondi donors: A+ 120 days ago, A- never, O+ 91 days ago, O- 150 days ago, B+ (incompatible).
    const donors = res.body.donors as { name: string; group: string; area: string; phone: string }[];
    expect(donors.map((d) => d.name)).toEqual(['Arif Hossain', 'Sajjad Karim', 'Tarek Aziz', 'Fahim Chowdhury']);
    expect(donors.every((d) => d.area === 'Dhanmondi' && /^01\d{9}$/.test(d.phone))).toBe(true);
  });

  it('matches city-wide when the request names no area, and leaves out donors who gave in the last 90 days', async () => {
    const res = await asVisitor(t).post('/blood/booking', request({ group: 'O-', area: undefined }));
    const names = res.body.donors.map((d: { name: string }) => d.name);
    expect(names).toContain('Tarek Aziz');
    expect(names).not.toContain('Shampa Das'); // O-, 10 days ago
  });

  it('shows the donors again only to the requester: the token for a visitor, the account for a user, and admins', async () => {
    const visitor = await asVisitor(t).post('/blood/booking', request());
    const id = visitor.body.bloodRequest._id;
    const withToken = await asVisitor(t).get(`/blood/request/${id}/donors`).set('X-Blood-Request-Token', visitor.body.accessToken);
    expect(withToken.status).toBe(200);
    expect(withToken.body.donors).toHaveLength(4);
    expect((await asVisitor(t).get(`/blood/request/${id}/donors`)).status).toBe(404);
    expect((await asVisitor(t).get(`/blood/request/${id}/donors`).set('X-Blood-Request-Token', 'x'.repeat(32))).status).toBe(404);
    const stranger = await asPatient(t, 'karim@nirog.test');
    expect((await stranger.get(`/blood/request/${id}/donors`)).status).toBe(404);
    expect((await admin.get(`/blood/request/${id}/donors`)).status).toBe(200);

    const patient = await asPatient(t);
    const own = await patient.gql('mutation($input: BloodRequestInput!) { requestBlood(input: $input) { request { id } donors { name phone } } }',
      { input: { name: 'Rahima', phone: '01712345678', email: 'rahima@example.com', group: 'APositive', area: 'Dhanmondi' } });
    const ownId = own.data!.requestBlood.request.id;
    const again = await patient.gql('query($input: BloodRequestAccessInput!) { bloodRequestDonors(input: $input) { name } }', { input: { requestId: ownId } });
    expect(again.data!.bloodRequestDonors.map((d: { name: string }) => d.name)).toContain('Arif Hossain');
  });

  it('lists requests for admins only', async () => {
    await asVisitor(t).post('/blood/booking', request({ name: 'Listed Requester' }));
    const res = await admin.get('/admin/blood/requests?pageSize=50');
    expect(res.status).toBe(200);
    expect(res.body.bloodRequests.map((r: { name: string }) => r.name)).toContain('Listed Requester');
    expect(res.body.requestCount).toBeGreaterThan(0);
    expect((await asVisitor(t).get('/admin/blood/requests')).status).toBe(401);
    expect((await (await asPatient(t)).get('/admin/blood/requests')).status).toBe(403);
    expect((await (await asPatient(t)).gql('{ bloodRequests { total } }')).code).toBe('FORBIDDEN');
  });
});

describe('donor registry', () => {
  it('needs a login to register', async () => {
    expect((await asVisitor(t).post('/blood/donor', { group: 'AB-', area: 'Badda', phone: '01712345678' })).status).toBe(401);
  });

  it('counts 90 days: a donor who gave 89 days ago is left out, 90 days ago is listed, a paused donor never', async () => {
    const today = dhakaToday();
    const karim = await asPatient(t, 'karim@nirog.test');
    const nusrat = await asPatient(t, 'nusrat@nirog.test');
    const patient = await asPatient(t);
    const r1 = await karim.post('/blood/donor', { group: 'AB-', area: 'Badda', phone: '01819876543', lastDonationDate: addDays(today, -89) });
    expect(r1.status).toBe(200);
    expect(r1.body.donor.eligibleNow).toBe(false);
    const r2 = await nusrat.post('/blood/donor', { group: 'AB-', area: 'Badda', phone: '01556677889', lastDonationDate: addDays(today, -90) });
    expect(r2.body.donor.eligibleNow).toBe(true);
    await patient.post('/blood/donor', { group: 'AB-', area: 'Badda', phone: '01712345678', available: false });

    const res = await asVisitor(t).post('/blood/booking', request({ group: 'AB-', area: 'Badda' }));
    expect(res.body.donors.map((d: { name: string }) => d.name)).toEqual(['Nusrat Jahan']);
  });

  it('updates the same entry when a donor registers again, and refuses a future donation date', async () => {
    const karim = await asPatient(t, 'karim@nirog.test');
    const first = await karim.post('/blood/donor', { group: 'B+', area: 'Mirpur', phone: '01819876543' });
    const second = await karim.post('/blood/donor', { group: 'B+', area: 'Uttara', phone: '01819876543' });
    expect(second.body.donor._id).toBe(first.body.donor._id);
    expect((await karim.get('/blood/donor/me')).body.donor).toMatchObject({ area: 'Uttara', eligibleNow: true });
    const future = await karim.post('/blood/donor', { group: 'B+', area: 'Uttara', phone: '01819876543', lastDonationDate: addDays(dhakaToday(), 1) });
    expect(future.status).toBe(400);
    expect(future.body.reason).toBe('DATE_IN_FUTURE');
  });
});
