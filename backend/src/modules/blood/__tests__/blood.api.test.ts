import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { asAdmin, asPatient, asVisitor, createTestApp, type Client, type TestApp } from '../../../../test/app.js';
import { addDays, dhakaToday } from '../../../common/dhaka-date.js';
import type { DomainEvent } from '../../../common/events.js';
import type { EntityManager } from '@mikro-orm/sql';
import { localPhone } from '../../../common/phone.js';
import { DONOR_ALERTS_PER_DAY } from '../../mail/index.js';
import { DhakaArea } from '../../../common/dhaka-area.js';
import { BloodRequest } from '../blood.entity.js';
import { BloodGroup } from '../blood.enums.js';

let t: TestApp;
let admin: Client;
const events: DomainEvent[] = [];

beforeAll(async () => {
  // Many requests from one test address here: the per-address limit is tested below with its own app.
  t = await createTestApp({ env: { BLOOD_REQUESTS_PER_HOUR: '1000' } });
  t.services.events.on('bloodRequest.created', (_em, e) => void events.push(e));
  admin = await asAdmin(t);
});
afterAll(async () => {
  await t.close();
});

const request = (over: Record<string, unknown> = {}) => ({ name: 'Jamal Hossain', phone: '01712000111', email: 'jamal@example.com', group: 'A+', area: 'Dhanmondi', ...over });
/** Who a request's donors are, as an admin reads them (the requester never learns). */
async function donorsAsAdmin(app: TestApp, requestId: string): Promise<{ id: string; name: string; lastDonationDate: string | null }[]> {
  const res = await (await asAdmin(app)).get(`/blood/request/${requestId}/donors`);
  expect(res.status).toBe(200);
  return res.body.donors;
}
const namesAsAdmin = async (app: TestApp, requestId: string) => (await donorsAsAdmin(app, requestId)).map((d) => d.name);

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
    const donors = res.body.donors as Record<string, unknown>[];
    expect(await namesAsAdmin(t, res.body.bloodRequest._id)).toEqual(['Arif Hossain', 'Sajjad Karim', 'Tarek Aziz', 'Fahim Chowdhury']);
    expect(donors.map((d) => [d.name, d.group])).toEqual([['Donor 1', 'A+'], ['Donor 2', 'A-'], ['Donor 3', 'O-'], ['Donor 4', 'O+']]);
    expect(donors.every((d) => d.area === 'Dhanmondi')).toBe(true);
    // The relay: donors call the requester, their contacts are not handed out (and the spec's shape is kept).
    expect(Object.keys(donors[0]!).sort()).toEqual(['area', 'daysSinceLastDonation', 'group', 'id', 'lastDonationDate', 'name']);
  });

  it('matches city-wide when the request names no area, and leaves out donors who gave in the last 90 days', async () => {
    const res = await asVisitor(t).post('/blood/booking', request({ group: 'O-', area: undefined }));
    const names = await namesAsAdmin(t, res.body.bloodRequest._id);
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
    const own = await patient.gql('mutation($input: BloodRequestInput!) { requestBlood(input: $input) { request { id } donors { name group } } }',
      { input: { name: 'Rahima', phone: '01712345678', email: 'rahima@example.com', group: 'APositive', area: 'Dhanmondi' } });
    const ownId = own.data!.requestBlood.request.id;
    const again = await patient.gql('query($input: BloodRequestAccessInput!) { bloodRequestDonors(input: $input) { name } }', { input: { requestId: ownId } });
    expect(again.data!.bloodRequestDonors.map((d: { name: string }) => d.name)).toEqual(own.data!.requestBlood.donors.map((d: { name: string }) => d.name));
    expect(await namesAsAdmin(t, ownId)).toContain('Arif Hossain');
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

describe("who the requester sees: how many donors were told, each one's group and area, never who they are", () => {
  it('a visitor, a logged-in requester, through REST and GraphQL: no name, no registry id, no donation history; an admin sees them', async () => {
    const registry = await t.sql<{ id: string; name: string; last_donation_date: string | null }>(
      'select d.id, u.name, d.last_donation_date::text from blood_donors d join users u on u.id = d.user_id');
    const exposed = (body: unknown) => {
      const text = JSON.stringify(body);
      return registry.filter((d) => text.includes(d.name) || text.includes(d.id)).map((d) => d.name);
    };
    const visitor = await asVisitor(t).post('/blood/booking', request());
    const id = visitor.body.bloodRequest._id as string;
    const again = await asVisitor(t).get(`/blood/request/${id}/donors`).set('X-Blood-Request-Token', visitor.body.accessToken);
    const patient = await asPatient(t, 'nusrat@nirog.test');
    const own = await patient.gql(`mutation($input: BloodRequestInput!) { requestBlood(input: $input) {
      request { id } donors { id name group area lastDonationDate daysSinceLastDonation } } }`,
    { input: { name: 'Nusrat', phone: '01556677889', email: 'nusrat@example.com', group: 'APositive', area: 'Dhanmondi' } });
    const ownAgain = await patient.get(`/blood/request/${own.data!.requestBlood.request.id}/donors`);
    for (const body of [visitor.body, again.body, own.data, ownAgain.body]) {
      expect(exposed(body)).toEqual([]);
      expect(JSON.stringify(body)).not.toMatch(/"(lastDonationDate|daysSinceLastDonation)":(?!null)/);
    }
    expect(visitor.body.donors.map((d: { name: string }) => d.name)).toEqual(['Donor 1', 'Donor 2', 'Donor 3', 'Donor 4']);
    // An id means something within one request only: the same on each reading, another in another request.
    expect(again.body.donors.map((d: { id: string }) => d.id)).toEqual(visitor.body.donors.map((d: { id: string }) => d.id));
    expect(ownAgain.body.donors.map((d: { id: string }) => d.id)).not.toEqual(visitor.body.donors.map((d: { id: string }) => d.id));

    const asAdminView = await donorsAsAdmin(t, id);
    expect(asAdminView.map((d) => d.name)).toEqual(['Arif Hossain', 'Sajjad Karim', 'Tarek Aziz', 'Fahim Chowdhury']);
    expect(asAdminView.map((d) => d.id).every((donorId) => registry.some((r) => r.id === donorId))).toBe(true);
    expect(asAdminView[0]!.lastDonationDate).not.toBeNull();
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
    expect(await namesAsAdmin(t, res.body.bloodRequest._id)).toEqual(['Nusrat Jahan']);
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

describe('throttling', () => {
  it('refuses more blood requests per hour from one address than configured (donor contacts are not for harvesting)', async () => {
    const small = await createTestApp({ seed: false, env: { BLOOD_REQUESTS_PER_HOUR: '2' } });
    try {
      const send = () => asVisitor(small).post('/blood/booking', request());
      expect((await send()).status).toBe(200);
      expect((await send()).status).toBe(200);
      const third = await send();
      expect(third.status).toBe(429);
      expect(third.body.reason).toBe('RATE_LIMITED');
    } finally {
      await small.close();
    }
  });
});

describe('the relay: donors are notified and call the requester; their contacts are never handed out', () => {
  let r: TestApp;
  /** Every seeded donor's email and phone, in the forms an answer could carry them. */
  let contacts: string[];
  let ipCounter = 0;
  // Each request from its own address, so the per-address throttle stays out of the way.
  const send = (over: Record<string, unknown> = {}) => asVisitor(r).post('/blood/booking', request(over)).set('X-Forwarded-For', `203.0.113.${++ipCounter}`);
  const noContacts = (body: unknown) => {
    const text = JSON.stringify(body);
    return contacts.filter((c) => text.includes(c));
  };
  const donorMail = (requestId: string) => r.sql(`select * from mail_outbox where template = 'blood-donor-request' and dedupe_key like ? order by to_email`, [`bloodRequest.donor:${requestId}:%`]);
  const donorSms = (requestId: string) => r.sql(`select * from sms_outbox where template = 'blood-donor-request' and dedupe_key like ? order by to_phone`, [`bloodRequest.donor:${requestId}:%`]);

  beforeAll(async () => {
    r = await createTestApp();
    const rows = await r.sql('select u.email, d.phone_e164 from blood_donors d join users u on u.id = d.user_id');
    expect(rows.length).toBeGreaterThanOrEqual(12);
    contacts = rows.flatMap((d) => [d.email as string, d.phone_e164 as string, localPhone(d.phone_e164 as string)!]);
  });
  afterAll(async () => {
    await r.close();
  });

  it('answers the REST request and the later donor list without any donor email or phone', async () => {
    const res = await send();
    expect(res.status).toBe(200);
    expect(Object.keys(res.body).sort()).toEqual(['accessToken', 'bloodRequest', 'donors', 'message', 'success']);
    expect(await namesAsAdmin(r, res.body.bloodRequest._id)).toEqual(['Arif Hossain', 'Sajjad Karim', 'Tarek Aziz', 'Fahim Chowdhury']);
    expect(noContacts(res.body)).toEqual([]);
    for (const d of res.body.donors) {
      expect(d).not.toHaveProperty('email');
      expect(d).not.toHaveProperty('phone');
    }
    const again = await asVisitor(r).get(`/blood/request/${res.body.bloodRequest._id}/donors`).set('X-Blood-Request-Token', res.body.accessToken);
    expect(again.status).toBe(200);
    expect(Object.keys(again.body).sort()).toEqual(['donors', 'success']);
    expect(again.body.donors).toHaveLength(4);
    expect(noContacts(again.body)).toEqual([]);
    const asAdminToo = await (await asAdmin(r)).get(`/blood/request/${res.body.bloodRequest._id}/donors`);
    expect(noContacts(asAdminToo.body)).toEqual([]);
  });

  it('answers GraphQL without contacts: a donor email or phone is null for anyone who still asks', async () => {
    const input = { name: 'Rafiq Uddin', phone: '01812000222', email: 'rafiq@example.com', group: 'APositive', area: 'Dhanmondi' };
    const ok = await asVisitor(r).gql(`mutation($input: BloodRequestInput!) { requestBlood(input: $input) {
      accessToken request { id } donors { id name group area lastDonationDate daysSinceLastDonation } } }`, { input });
    expect(ok.errors).toBeUndefined();
    expect(ok.data!.requestBlood.donors.map((d: { name: string }) => d.name)).toEqual(['Donor 1', 'Donor 2', 'Donor 3', 'Donor 4']);
    expect(await namesAsAdmin(r, ok.data!.requestBlood.request.id)).toEqual(['Arif Hossain', 'Sajjad Karim', 'Tarek Aziz', 'Fahim Chowdhury']);
    expect(noContacts(ok.data)).toEqual([]);

    // A client that still asks for contacts gets null (the fields are deprecated), also through a fragment.
    // (one request only: each one alerts the matched donors, who get at most 5 alerts a day)
    for (const query of [
      'fragment Row on EligibleDonor { id phone email } mutation($input: BloodRequestInput!) { requestBlood(input: $input) { donors { ... on EligibleDonor { ...Row } } } }',
    ]) {
      const asked = await asVisitor(r).gql(query, { input: { ...input, name: 'Asks For Contacts' } });
      expect(asked.errors).toBeUndefined();
      expect(asked.data!.requestBlood.donors.length).toBeGreaterThan(0);
      for (const d of asked.data!.requestBlood.donors) {
        expect(d.phone ?? null).toBeNull();
        expect(d.email ?? null).toBeNull();
      }
      expect(noContacts(asked)).toEqual([]);
    }
    const admin = await asAdmin(r);
    const listed = await admin.gql('query($input: BloodRequestAccessInput!) { bloodRequestDonors(input: $input) { name phone email } }',
      { input: { requestId: ok.data!.requestBlood.request.id } });
    expect(listed.errors).toBeUndefined();
    expect(listed.data!.bloodRequestDonors.every((d: { phone: unknown; email: unknown }) => d.phone === null && d.email === null)).toBe(true);
    expect(noContacts(listed)).toEqual([]);
    const names = await admin.gql('query($input: BloodRequestAccessInput!) { bloodRequestDonors(input: $input) { name } }',
      { input: { requestId: ok.data!.requestBlood.request.id } });
    expect(names.data!.bloodRequestDonors).toHaveLength(4);
  });

  it("sends each listed donor exactly one mail and one SMS with the requester's name and phone, and nobody else", async () => {
    const res = await send({ name: 'Kulsum Begum', phone: '01712000333', email: 'kulsum@example.com' });
    const requestId = res.body.bloodRequest._id as string;
    const listed = (await donorsAsAdmin(r, requestId)).map((d) => d.id).sort();
    const donors = await r.sql(`select d.id, u.id as user_id, u.email, d.phone_e164 from blood_donors d join users u on u.id = d.user_id
      where d.id in (${listed.map(() => '?').join(', ')}) order by u.email`, listed);
    expect(donors).toHaveLength(4);

    const check = async () => {
      const mails = await donorMail(requestId);
      expect(mails.map((m) => m.to_email)).toEqual(donors.map((d) => d.email));
      for (const m of mails) {
        expect(m.text).toContain('01712000333');
        expect(m.text).toContain('Kulsum Begum');
        expect(m.subject).toBe('Blood needed: A+, Dhanmondi');
        expect(m.language).toBe('en');
      }
      const texts = await donorSms(requestId);
      expect(texts.map((s) => s.to_phone).sort()).toEqual(donors.map((d) => d.phone_e164).sort());
      expect(texts.every((s) => s.body.includes('01712000333') && s.body.includes('Kulsum Begum'))).toBe(true);
      // Who was told is exactly who was listed: B+ Nadia Islam, in Dhanmondi too, is neither.
      expect(mails.map((m) => m.user_id).sort()).toEqual(donors.map((d) => d.user_id).sort());
    };
    await check();
    // The event handled again (a retry, a second subscriber run) adds nothing: once per donor and request.
    await r.orm.em.fork().transactional(async (tx) => {
      await r.services.events.publish(tx as unknown as EntityManager, { type: 'bloodRequest.created', requestId });
    });
    await check();
  });

  it('writes the notifications in the request\'s transaction: they commit with it, and a request that rolls back notifies nobody', async () => {
    const store = async (name: string, fail: boolean) => {
      let id = '';
      const work = r.orm.em.fork().transactional(async (tx) => {
        const em = tx as unknown as EntityManager;
        const req = em.create(BloodRequest, {
          name, phoneE164: '+8801712000444', email: 'tx@example.com', group: BloodGroup.BPositive, area: DhakaArea.Uttara, accessTokenHash: 'x'.repeat(64),
        });
        await em.flush();
        id = req.id;
        await r.services.events.publish(em, { type: 'bloodRequest.created', requestId: id });
        if (fail) throw new Error('the request fails after the event');
      });
      if (fail) await expect(work).rejects.toThrow('the request fails');
      else await work;
      return id;
    };
    // B+ in Uttara: only Habib Ullah matches (and the earlier tests here did not reach him).
    const committed = await store('Committed', false);
    expect((await donorMail(committed)).map((m) => m.to_email)).toEqual(['donor.bpos2@nirog.test']);
    expect(await donorSms(committed)).toHaveLength(1);
    const rolledBack = await store('Rolled Back', true);
    expect(rolledBack).not.toBe('');
    expect(await donorMail(rolledBack)).toHaveLength(0);
    expect(await donorSms(rolledBack)).toHaveLength(0);
  });

  it(`tells one donor about ${DONOR_ALERTS_PER_DAY} requests a day at most`, async () => {
    // AB+ in Mohammadpur: only Imtiaz Ahmed matches.
    const ids: string[] = [];
    for (let i = 0; i <= DONOR_ALERTS_PER_DAY; i++) {
      const res = await send({ group: 'AB+', area: 'Mohammadpur', phone: `0171200050${i}` });
      expect(await namesAsAdmin(r, res.body.bloodRequest._id)).toEqual(['Imtiaz Ahmed']);
      ids.push(res.body.bloodRequest._id);
    }
    const counts = await Promise.all(ids.map(async (id) => (await donorMail(id)).length));
    expect(counts).toEqual([...Array(DONOR_ALERTS_PER_DAY).fill(1), 0]);
  });
});
