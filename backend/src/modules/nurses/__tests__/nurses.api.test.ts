import { afterAll, beforeAll, describe, expect, it, test } from '@jest/globals';
import {
  asAdmin, asDoctor, asPatient, asVisitor, countQueries, createTestApp, pngImage, type Client, type TestApp,
} from '../../../../test/app.js';
import { addDays, dhakaToday } from '../../../common/dhaka-date.js';
import { NurseHire } from '../nurse-hire.entity.js';
import { Nurse } from '../nurse.entity.js';
import { NurseHireStatus } from '../nurse.enums.js';
import type { DomainEvent } from '../../../common/events.js';
import { expectGeneratedPicture, pathOf } from '../../../../test/pictures.js';
import { PORTRAIT_SIZE, generatedKey, portraitSvg } from '../../../common/generated-images.js';

let t: TestApp;
let patient: Client;
let karim: Client;
let admin: Client;
const events: DomainEvent[] = [];

beforeAll(async () => {
  t = await createTestApp();
  t.services.events.on('nurseHire.created', (_em, e) => void events.push(e));
  t.services.events.on('nurseHire.statusChanged', (_em, e) => void events.push(e));
  [patient, karim, admin] = await Promise.all([asPatient(t), asPatient(t, 'karim@nirog.test'), asAdmin(t)]);
});
afterAll(async () => {
  await t.close();
});

const today = () => dhakaToday();

async function nurseIn(location: string, skip = 0): Promise<{ id: string; fees: number; name: string }> {
  const res = await asVisitor(t).get(`/get/nurses?location=${location}&pageSize=50`);
  return res.body.nurses[skip];
}

const HIRE = `mutation($input: NurseHireInput!) { hireNurse(input: $input) { id status feePoisha nurseName date phone nurseId } }`;

async function hire(client: Client, nurseId: string, date = addDays(today(), 1)) {
  const res = await client.gql(HIRE, { input: { nurseId, patientGender: 'Female', phone: '01712345678', date } });
  expect(res.errors).toBeUndefined();
  return res.data!.hireNurse as { id: string; status: string; feePoisha: number };
}

let freshCount = 0;
/** A nurse nobody has hired or reviewed yet. */
async function freshNurse(location = 'Uttara'): Promise<{ id: string; name: string }> {
  freshCount += 1;
  const res = await admin.gql('mutation($input: NurseInput!) { createNurse(input: $input) { id name } }', { input: {
    name: `Fresh Nurse ${freshCount}`, degree: 'B.Sc. in Nursing', work: 'Nirog Home Care', feePoisha: 90000, phone: '01511000000',
    email: `fresh${freshCount}@example.com`, gender: 'Female', location, description: '',
  } });
  expect(res.errors).toBeUndefined();
  return res.data!.createNurse;
}

const SET_STATUS = `mutation($id: ID!, $status: NurseHireStatus!) { setNurseHireStatus(id: $id, status: $status) { id status } }`;

describe('nurse list and detail', () => {
  it('lists at least 30 seeded nurses over the five locations in the spec wrapper', async () => {
    const res = await asVisitor(t).get('/get/nurses?pageSize=100');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: true, resultPerPage: 100 });
    expect(res.body.nurseCount).toBeGreaterThanOrEqual(30);
    expect(new Set(res.body.nurses.map((n: { location: string }) => n.location))).toEqual(new Set(['Uttara', 'Dhanmondi', 'Mirpur', 'Banani', 'Gulshan']));
    expect(res.body.nurses[0]).toEqual(expect.objectContaining({
      _id: expect.any(String), name: expect.any(String), degree: expect.any(String), work: expect.any(String), fees: expect.any(Number),
      phone: expect.stringMatching(/^01\d{9}$/), email: expect.any(String), images: expect.any(Array), ratings: expect.any(Number), numOfReviews: expect.any(Number),
    }));
  });

  it('filters by location', async () => {
    const res = await asVisitor(t).get('/get/nurses?location=Dhanmondi&pageSize=100');
    expect(res.body.nurses.length).toBeGreaterThanOrEqual(6);
    expect(res.body.nurses.every((n: { location: string }) => n.location === 'Dhanmondi')).toBe(true);
    expect(res.body.nurseCount).toBe(res.body.nurses.length);
  });

  it('refuses an unknown location instead of ignoring it', async () => {
    const res = await asVisitor(t).get('/get/nurses?location=Chattogram');
    expect(res.status).toBe(400);
  });

  it('pages on the server: pages do not overlap and the total stays', async () => {
    const one = await asVisitor(t).gql('{ nurses(page: 1, pageSize: 4) { items { id } total pageCount } }');
    const two = await asVisitor(t).gql('{ nurses(page: 2, pageSize: 4) { items { id } total } }');
    const ids1 = one.data!.nurses.items.map((n: { id: string }) => n.id);
    const ids2 = two.data!.nurses.items.map((n: { id: string }) => n.id);
    expect(ids1).toHaveLength(4);
    expect(ids2).toHaveLength(4);
    expect(ids1.filter((id: string) => ids2.includes(id))).toEqual([]);
    expect(one.data!.nurses.total).toBe(two.data!.nurses.total);
    expect(one.data!.nurses.pageCount).toBe(Math.ceil(one.data!.nurses.total / 4));
    expect((await asVisitor(t).gql('{ nurses(pageSize: 101) { total } }')).code).toBe('BAD_USER_INPUT');
  });

  it('sends the same number of SQL statements for a page of 5 and a page of 40', async () => {
    const q = 'query($n: Int!) { nurses(pageSize: $n, location: Dhanmondi) { items { id name rating reviewCount fees phone } total } }';
    const small = await countQueries(() => asVisitor(t).gql(q, { n: 5 }));
    const large = await countQueries(() => asVisitor(t).gql('{ nurses(pageSize: 40) { items { id name rating reviewCount fees phone imageUrls } total } }'));
    expect(large.count).toBe(small.count);
    expect(small.count).toBeLessThanOrEqual(2);
  });

  it('shows a nurse with reviews, and 404 for an unknown id', async () => {
    const listed = await nurseIn('Uttara');
    const res = await asVisitor(t).get(`/nurse/${listed.id}`);
    expect(res.status).toBe(200);
    expect(res.body.nurse).toMatchObject({ _id: listed.id, name: listed.name, reviews: expect.any(Array) });
    expect((await asVisitor(t).get('/nurse/00000000-0000-4000-8000-000000000000')).status).toBe(404);
    expect((await asVisitor(t).get('/nurse/not-an-id')).status).toBe(404);
  });

  it('keeps the rating an exact average of the seeded reviews', async () => {
    const nurses = await t.orm.em.fork().find(Nurse, { reviewCount: { $gt: 0 } });
    expect(nurses.length).toBeGreaterThan(10);
    const rows = await t.sql<{ nurse_id: string; total: string; n: string }>(
      'select nurse_id, sum(half_stars) as total, count(*) as n from nurse_reviews group by nurse_id');
    for (const r of rows) {
      const n = nurses.find((x) => x.id === r.nurse_id)!;
      expect(n.ratingHalfStarsTotal).toBe(Number(r.total));
      expect(n.reviewCount).toBe(Number(r.n));
    }
  });
});

describe('hiring a nurse', () => {
  it('hires at the fee from the database, whatever the client sends, and publishes nurseHire.created', async () => {
    const nurse = await nurseIn('Dhanmondi', 2);
    const res = await patient.post('/new/hire/nurse', {
      nurseId: nurse.id, nursename: 'Someone else', nursefees: 1, nurseimage: 'x', patientgender: 'Female', phone: '01712345678', date: addDays(today(), 2),
    });
    expect(res.status).toBe(200);
    expect(res.body.hireNurse).toMatchObject({
      nurseId: nurse.id, nursename: nurse.name, nursefees: nurse.fees, patientgender: 'Female', phone: '1712345678', bookingStatus: 'Processing', // the client prints "0{phone}"
    });
    expect(events).toContainEqual(expect.objectContaining({ type: 'nurseHire.created', hireId: res.body.hireNurse._id, nurseId: nurse.id }));
  });

  it.each([
    ['no gender', { patientgender: undefined }],
    ['no phone', { phone: '' }],
    ['no date', { date: undefined }],
    ['no nurse', { nurseId: undefined }],
  ])("answers 'Please enter your details' when there is %s", async (_label, change) => {
    const nurse = await nurseIn('Mirpur');
    const body = { nurseId: nurse.id, patientgender: 'Male', phone: '01712345678', date: addDays(today(), 1), ...change };
    const res = await patient.post('/new/hire/nurse', body);
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Please enter your details');
  });

  it('refuses a past date, a non-date and a phone that is not Bangladeshi', async () => {
    const nurse = await nurseIn('Mirpur');
    const past = await patient.post('/new/hire/nurse', { nurseId: nurse.id, patientgender: 'Male', phone: '01712345678', date: addDays(today(), -1) });
    expect(past.status).toBe(400);
    expect(past.body.reason).toBe('DATE_IN_PAST');
    const fake = await patient.post('/new/hire/nurse', { nurseId: nurse.id, patientgender: 'Male', phone: '01712345678', date: '2026-02-30' });
    expect(fake.body.reason).toBe('INVALID_DATE');
    const phone = await patient.post('/new/hire/nurse', { nurseId: nurse.id, patientgender: 'Male', phone: '12345', date: today() });
    expect(phone.body.reason).toBe('INVALID_PHONE');
  });

  it('accepts today in Dhaka', async () => {
    const nurse = await nurseIn('Banani', 3);
    expect((await hire(patient, nurse.id, today())).status).toBe('Processing');
  });

  it('refuses visitors (401) and doctors and admins (403)', async () => {
    const nurse = await nurseIn('Banani');
    const body = { nurseId: nurse.id, patientgender: 'Male', phone: '01712345678', date: addDays(today(), 1) };
    expect((await asVisitor(t).post('/new/hire/nurse', body)).status).toBe(401);
    expect((await (await asDoctor(t)).post('/new/hire/nurse', body)).status).toBe(403);
    expect((await admin.post('/new/hire/nurse', body)).status).toBe(403);
  });

  it('books a double submit once: the second gets ALREADY_HIRED', async () => {
    const nurse = await nurseIn('Gulshan', 1);
    const body = { nurseId: nurse.id, patientgender: 'Male', phone: '01819876543', date: addDays(today(), 5) };
    const results = await Promise.all([karim.post('/new/hire/nurse', body), karim.post('/new/hire/nurse', body)]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(results.find((r) => r.status === 409)!.body.reason).toBe('ALREADY_HIRED');
  });

  it("lists only the caller's own hires at GET /my/hire ({hireNurse})", async () => {
    const nurse = await nurseIn('Uttara', 4);
    const mine = await hire(karim, nurse.id, addDays(today(), 9));
    const res = await karim.get('/my/hire');
    expect(res.status).toBe(200);
    expect(res.body.hireNurse.map((h: { _id: string }) => h._id)).toContain(mine.id);
    const others = await patient.get('/my/hire');
    expect(others.body.hireNurse.map((h: { _id: string }) => h._id)).not.toContain(mine.id);
    expect(others.body.hireNurse.length).toBeGreaterThanOrEqual(3); // the seeded hires of patient@nirog.test
  });
});

describe('hire status transitions', () => {
  let dayOffset = 0;
  async function hireAt(status: NurseHireStatus): Promise<string> {
    const nurse = await nurseIn('Mirpur', 5);
    const h = await hire(patient, nurse.id, addDays(today(), 20 + (dayOffset += 1)));
    if (status !== NurseHireStatus.Processing) await t.orm.em.fork().nativeUpdate(NurseHire, { id: h.id }, { status });
    return h.id;
  }

  it('moves Processing → Confirmed → Completed (on or after the day) and publishes each change', async () => {
    const nurse = await nurseIn('Dhanmondi', 4);
    const h = await hire(patient, nurse.id, today());
    const confirmed = await admin.put(`/admin/hire/nurse/${h.id}`, { bookingStatus: 'Confirmed' });
    expect(confirmed.status).toBe(200);
    expect(confirmed.body.hireNurse.bookingStatus).toBe('Confirmed');
    const done = await admin.gql(SET_STATUS, { id: h.id, status: 'Completed' });
    expect(done.data!.setNurseHireStatus.status).toBe('Completed');
    expect(events.filter((e) => e.type === 'nurseHire.statusChanged' && e.hireId === h.id).map((e) => (e as { to: string }).to)).toEqual(['Confirmed', 'Completed']);
  });

  it('refuses to complete a hire before its day', async () => {
    const id = await hireAt(NurseHireStatus.Confirmed);
    const res = await admin.gql(SET_STATUS, { id, status: 'Completed' });
    expect(res.errors![0]!.extensions!.reason).toBe('HIRE_NOT_STARTED');
  });

  // Written out by hand (not read from nurse.enums.ts): the moves an admin may make; every other is refused.
  const ALLOWED = new Set(['Processing → Confirmed', 'Processing → Cancelled', 'Confirmed → Completed', 'Confirmed → Cancelled']);
  const STATUSES = ['Processing', 'Confirmed', 'Completed', 'Cancelled'] as NurseHireStatus[];
  const pairs = STATUSES.flatMap((from) => STATUSES.map((to) => [from, to] as [NurseHireStatus, NurseHireStatus]));

  test.each(pairs)('%s → %s follows the transition map', async (from, to) => {
    // A hire of today (so that Completed is due), on a nurse of its own.
    const nurse = await freshNurse('Mirpur');
    const { id } = await hire(patient, nurse.id, today());
    if (from !== NurseHireStatus.Processing) await t.orm.em.fork().nativeUpdate(NurseHire, { id }, { status: from });
    const res = await admin.gql(SET_STATUS, { id, status: to });
    const row = await t.orm.em.fork().findOneOrFail(NurseHire, { id });
    if (ALLOWED.has(`${from} → ${to}`)) {
      expect(res.errors).toBeUndefined();
      expect(res.data!.setNurseHireStatus.status).toBe(to);
      expect(row.status).toBe(to);
    } else {
      expect(res.errors![0]!.extensions!.reason).toBe('ILLEGAL_TRANSITION');
      expect(row.status).toBe(from);
    }
  });

  it('lets only one of two admins confirming at once succeed', async () => {
    const id = await hireAt(NurseHireStatus.Processing);
    const other = await asAdmin(t);
    const results = await Promise.all([admin.gql(SET_STATUS, { id, status: 'Confirmed' }), other.gql(SET_STATUS, { id, status: 'Confirmed' })]);
    expect(results.filter((r) => !r.errors)).toHaveLength(1);
    expect(['CHANGED_MEANWHILE', 'ILLEGAL_TRANSITION']).toContain(results.find((r) => r.errors)!.errors![0]!.extensions!.reason);
  });

  it('lets a patient cancel their own open hire, but not confirm it or touch another patient\'s', async () => {
    const id = await hireAt(NurseHireStatus.Processing);
    expect((await patient.put(`/admin/hire/nurse/${id}`, { bookingStatus: 'Confirmed' })).status).toBe(403);
    expect((await karim.put(`/my/hire/${id}/cancel`)).status).toBe(404);
    const res = await patient.put(`/my/hire/${id}/cancel`);
    expect(res.status).toBe(200);
    expect(res.body.hireNurse.bookingStatus).toBe('Cancelled');
  });
});

describe('nurse reviews', () => {
  it('refuses a review without a completed hire', async () => {
    const nurse = await nurseIn('Gulshan', 5);
    const res = await karim.post('/create/nurse/review', { nurseId: nurse.id, rating: 4, comment: 'Nice' });
    expect(res.status).toBe(403);
    expect(res.body.reason).toBe('NO_COMPLETED_HIRE');
    const e = await karim.gql('query($id: ID!) { nurseReviewEligibility(nurseId: $id) { canReview reason } }', { id: nurse.id });
    expect(e.data!.nurseReviewEligibility).toEqual({ canReview: false, reason: 'NO_COMPLETED_HIRE' });
  });

  it('takes one review after a completed hire, keeps the average exact, and lets the patient edit it', async () => {
    const nurse = await freshNurse('Uttara');
    const h = await hire(karim, nurse.id, today());
    await admin.gql(SET_STATUS, { id: h.id, status: 'Confirmed' });
    await admin.gql(SET_STATUS, { id: h.id, status: 'Completed' });
    const before = (await asVisitor(t).get(`/nurse/${nurse.id}`)).body.nurse;

    const e = await karim.gql('query($id: ID!) { nurseReviewEligibility(nurseId: $id) { canReview } }', { id: nurse.id });
    expect(e.data!.nurseReviewEligibility.canReview).toBe(true);
    const created = await karim.post('/create/nurse/review', { nurseId: nurse.id, rating: 4.5, comment: 'Kind and on time', name: 'spoofed' });
    expect(created.status).toBe(200);
    expect(created.body.review).toMatchObject({ name: 'Karim Uddin', rating: 4.5, comment: 'Kind and on time' });
    const again = await karim.post('/create/nurse/review', { nurseId: nurse.id, rating: 1, comment: 'Again' });
    expect(again.status).toBe(409);
    expect(again.body.reason).toBe('ALREADY_REVIEWED');

    const row = await t.orm.em.fork().findOneOrFail(Nurse, { id: nurse.id });
    expect(row.reviewCount).toBe(before.numOfReviews + 1);
    const edited = await karim.put('/create/nurse/review', { nurseId: nurse.id, rating: 2, comment: 'Changed my mind' });
    expect(edited.status).toBe(200);
    const after = await t.orm.em.fork().findOneOrFail(Nurse, { id: nurse.id });
    expect(after.reviewCount).toBe(row.reviewCount);
    expect(after.ratingHalfStarsTotal).toBe(row.ratingHalfStarsTotal - 9 + 4);
    const detail = (await asVisitor(t).get(`/nurse/${nurse.id}`)).body.nurse;
    expect(detail.reviews).toContainEqual(expect.objectContaining({ name: 'Karim Uddin', rating: 2, comment: 'Changed my mind' }));
  });

  it('settles two simultaneous first reviews with the unique constraint', async () => {
    const nurse = await freshNurse('Banani');
    const h = await hire(karim, nurse.id, today());
    await admin.gql(SET_STATUS, { id: h.id, status: 'Confirmed' });
    await admin.gql(SET_STATUS, { id: h.id, status: 'Completed' });
    const body = { nurseId: nurse.id, rating: 5, comment: 'Excellent' };
    const results = await Promise.all([karim.post('/create/nurse/review', body), karim.post('/create/nurse/review', body)]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    const row = await t.orm.em.fork().findOneOrFail(Nurse, { id: nurse.id });
    const count = await t.sql<{ n: string }>('select count(*) as n from nurse_reviews where nurse_id = ?', [nurse.id]);
    expect(row.reviewCount).toBe(Number(count[0]!.n));
  });

  it.each([[4.3], [0], [5.5]])('refuses a rating of %p', async (rating) => {
    const nurse = await nurseIn('Uttara');
    const res = await patient.post('/create/nurse/review', { nurseId: nurse.id, rating, comment: 'x' });
    expect(res.status).toBe(400);
  });

  it('refuses visitors and admins', async () => {
    const nurse = await nurseIn('Uttara');
    expect((await asVisitor(t).post('/create/nurse/review', { nurseId: nurse.id, rating: 4, comment: 'x' })).status).toBe(401);
    expect((await admin.post('/create/nurse/review', { nurseId: nurse.id, rating: 4, comment: 'x' })).status).toBe(403);
  });
});

describe('nurse administration', () => {
  const ADMIN_PATHS: [string, string][] = [
    ['get', '/admin/nurses'], ['get', '/getall/hire/nurse'], ['post', '/create/nurse'],
    ['put', '/nurse/00000000-0000-4000-8000-000000000000'], ['delete', '/nurse/00000000-0000-4000-8000-000000000000'],
    ['put', '/admin/hire/nurse/00000000-0000-4000-8000-000000000000'],
  ];

  test.each(ADMIN_PATHS)('%s %s refuses visitors (401) and patients (403)', async (method, path) => {
    const call = (c: Client) => (method === 'get' ? c.get(path) : method === 'delete' ? c.delete(path) : method === 'put' ? c.put(path, {}) : c.post(path, {}));
    expect((await call(asVisitor(t))).status).toBe(401);
    expect((await call(patient)).status).toBe(403);
  });

  test.each(['{ adminNurses { total } }', '{ nurseHires { total } }'])('GraphQL %s is admin-only', async (q) => {
    expect((await asVisitor(t).gql(q)).code).toBe('UNAUTHENTICATED');
    expect((await patient.gql(q)).code).toBe('FORBIDDEN');
    expect((await admin.gql(q)).errors).toBeUndefined();
  });

  it('lists nurses for admins as {Nurses}', async () => {
    const res = await admin.get('/admin/nurses?pageSize=100');
    expect(res.status).toBe(200);
    expect(res.body.Nurses.length).toBeGreaterThanOrEqual(30);
  });

  it('lists hires as {hireNurses, resultPerPage, appointmentCount} with the patient, paged on the server in constant SQL', async () => {
    const res = await admin.get('/getall/hire/nurse?pageSize=5');
    expect(res.status).toBe(200);
    expect(res.body.resultPerPage).toBe(5);
    expect(res.body.hireNurses).toHaveLength(5);
    expect(res.body.appointmentCount).toBeGreaterThan(5);
    expect(res.body.hireNurses[0]).toEqual(expect.objectContaining({
      patientname: expect.any(String), patientemail: expect.any(String), bookingStatus: expect.any(String), nursename: expect.any(String), date: expect.any(String),
    }));
    const q = 'query($n: Int!) { nurseHires(pageSize: $n) { items { id patientName patientEmail nurseName status nurseId } total } }';
    const small = await countQueries(() => admin.gql(q, { n: 2 }));
    const large = await countQueries(() => admin.gql(q, { n: 50 }));
    expect(large.count).toBe(small.count);
  });

  it('creates a nurse from a multipart form with images, then updates it', async () => {
    const req = admin.multipart('post', '/create/nurse');
    const fields = { name: 'Sultana Razia', degree: 'B.Sc. in Nursing', work: 'Green Life Hospital', fees: '1250.50', phone: '01511223344',
      email: 'sultana@example.com', gender: 'Female', location: 'Dhanmondi', description: 'ICU trained', ratings: '5', reviewCount: '99' };
    for (const [k, v] of Object.entries(fields)) req.field(k, v);
    req.attach('images', await pngImage(), 'a.png');
    const res = await req;
    expect(res.status).toBe(200);
    expect(res.body.nurse).toMatchObject({ name: 'Sultana Razia', fees: 1250.5, feePoisha: 125050, ratings: 0, numOfReviews: 0, location: 'Dhanmondi' });
    expect(res.body.nurse.images[0].url).toMatch(/^\/uploads\/nurses\/.+\.webp$/);

    const upd = admin.multipart('put', `/nurse/${res.body.nurse._id}`);
    for (const [k, v] of Object.entries({ ...fields, fees: '1500', location: 'Gulshan' })) upd.field(k, v);
    const updated = await upd;
    expect(updated.status).toBe(200);
    expect(updated.body.nurse).toMatchObject({ fees: 1500, location: 'Gulshan', images: res.body.nurse.images });
  });

  it('creates a nurse with images over GraphQL multipart', async () => {
    const input = { name: 'Morium Nesa', degree: 'Diploma in Nursing', work: 'Nirog Home Care', feePoisha: 85000, phone: '01511998877',
      email: 'morium@example.com', gender: 'Female', location: 'Mirpur', description: '' };
    const res = await t.http().post('/graphql')
      .set('Authorization', `Bearer ${admin.token}`)
      .set('apollo-require-preflight', 'true')
      .field('operations', JSON.stringify({
        query: 'mutation($input: NurseInput!, $images: [Upload!]) { createNurse(input: $input, images: $images) { id imageUrls feePoisha } }',
        variables: { input, images: [null, null] },
      }))
      .field('map', JSON.stringify({ 0: ['variables.images.0'], 1: ['variables.images.1'] }))
      .attach('0', await pngImage(), 'a.png')
      .attach('1', await pngImage(16, 16), 'b.png');
    expect(res.body.errors).toBeUndefined();
    expect(res.body.data.createNurse.imageUrls).toHaveLength(2);
    expect(res.body.data.createNurse.feePoisha).toBe(85000);
  });

  it('refuses a nurse form with a missing field or a non-image file', async () => {
    const req = admin.multipart('post', '/create/nurse');
    for (const [k, v] of Object.entries({ name: 'X', degree: 'Y', work: 'Z', phone: '01511223344', email: 'x@example.com', gender: 'Female', location: 'Uttara' })) req.field(k, v);
    expect((await req).status).toBe(400);
    const bad = admin.multipart('post', '/create/nurse');
    for (const [k, v] of Object.entries({ name: 'X', degree: 'Y', work: 'Z', fees: '900', phone: '01511223344', email: 'x@example.com', gender: 'Female', location: 'Uttara' })) bad.field(k, v);
    bad.attach('images', Buffer.from('not an image'), 'x.png');
    const res = await bad;
    expect(res.status).toBe(400);
    expect(res.body.reason).toBe('NOT_AN_IMAGE');
  });

  it('never leaves an open hire on a deleted nurse when a hire and the delete race', async () => {
    const nurse = await freshNurse('Banani');
    const [hired, deleted] = await Promise.all([
      patient.post('/new/hire/nurse', { nurseId: nurse.id, patientgender: 'Female', phone: '01712345678', date: addDays(today(), 3) }),
      admin.delete(`/nurse/${nurse.id}`),
    ]);
    expect(deleted.status).toBe(200);
    expect([200, 404]).toContain(hired.status);
    const open = await t.orm.em.fork().count(NurseHire, { nurse: nurse.id, status: { $in: [NurseHireStatus.Processing, NurseHireStatus.Confirmed] } });
    expect(open).toBe(0);
  });

  it('deletes a nurse: hidden from lists, open hires cancelled, finished hires kept', async () => {
    const nurse = await nurseIn('Gulshan', 6);
    const open = await hire(patient, nurse.id, addDays(today(), 4));
    const done = await hire(karim, nurse.id, today());
    await admin.gql(SET_STATUS, { id: done.id, status: 'Confirmed' });
    await admin.gql(SET_STATUS, { id: done.id, status: 'Completed' });

    const res = await admin.delete(`/nurse/${nurse.id}`);
    expect(res.status).toBe(200);
    expect(res.body.cancelledHires).toBe(1);
    expect((await asVisitor(t).get(`/nurse/${nurse.id}`)).status).toBe(404);
    const list = await asVisitor(t).get('/get/nurses?location=Gulshan&pageSize=100');
    expect(list.body.nurses.map((n: { _id: string }) => n._id)).not.toContain(nurse.id);
    const em = t.orm.em.fork();
    expect((await em.findOneOrFail(NurseHire, { id: open.id })).status).toBe('Cancelled');
    expect((await em.findOneOrFail(NurseHire, { id: done.id })).status).toBe('Completed');
    expect(events).toContainEqual(expect.objectContaining({ type: 'nurseHire.statusChanged', hireId: open.id, to: 'Cancelled' }));
    const again = await patient.post('/new/hire/nurse', { nurseId: nurse.id, patientgender: 'Male', phone: '01712345678', date: today() });
    expect(again.status).toBe(404);
    expect((await admin.delete(`/nurse/${nurse.id}`)).status).toBe(404);
    expect((await karim.get('/my/hire')).body.hireNurse.map((h: { _id: string }) => h._id)).toContain(done.id);
  });
});

describe('best nurses', () => {
  it('orders TopRated by the exact average, unreviewed last', async () => {
    const res = await asVisitor(t).gql('{ nurses(sort: TopRated, pageSize: 100) { items { rating reviewCount } } }');
    const items = res.data!.nurses.items as { rating: number; reviewCount: number }[];
    const rated = items.filter((n) => n.reviewCount > 0);
    expect(rated.length).toBeGreaterThan(0);
    expect(items.slice(0, rated.length)).toEqual(rated);
    for (let i = 1; i < rated.length; i++) expect(rated[i - 1]!.rating).toBeGreaterThanOrEqual(rated[i]!.rating);
  });
});

describe('nurse pictures', () => {
  const portraitUrl = (name: string) => `/uploads/${generatedKey(portraitSvg(name, 'nurse'))}`;

  it('gives every demo nurse a drawn portrait in the storage, and their hires copy it', async () => {
    const conn = t.orm.em.fork().getConnection();
    const rows = await conn.execute<{ name: string; image_urls: string[] }[]>(`select name, image_urls from nurses where email like '%@nurse.nirog.test'`);
    expect(rows.length).toBeGreaterThanOrEqual(30);
    for (const r of rows) {
      expect(r.image_urls).toEqual([portraitUrl(r.name)]);
      await expectGeneratedPicture(t, r.image_urls[0], PORTRAIT_SIZE);
    }
    await expectGeneratedPicture(t, rows[0]!.image_urls[0], PORTRAIT_SIZE, { http: true });
    const hires = await conn.execute<{ hire: string | null; nurse: string }[]>(
      `select h.nurse_image_url as hire, n.image_urls[1] as nurse from nurse_hires h join nurses n on n.id = h.nurse_id where n.email like '%@nurse.nirog.test'`);
    expect(hires.length).toBeGreaterThan(0);
    expect(hires.filter((h) => h.hire !== h.nurse)).toEqual([]);
  });

  it('draws a portrait for a nurse created without photos (GraphQL and REST), redraws it for a new name, and photos replace it', async () => {
    const fresh = await freshNurse();
    const byGql = await admin.gql('query($id: ID!) { nurse(id: $id) { imageUrls } }', { id: fresh.id });
    expect(byGql.data!.nurse.imageUrls).toEqual([portraitUrl(fresh.name)]);
    await expectGeneratedPicture(t, byGql.data!.nurse.imageUrls[0], PORTRAIT_SIZE, { http: true });

    const fields = { name: 'Drawn Nurse', degree: 'B.Sc. in Nursing', work: 'Nirog Home Care', fees: '900', phone: '01511223355',
      email: 'drawn.nurse@example.com', gender: 'Female', location: 'Banani', description: '' };
    const form = admin.multipart('post', '/create/nurse');
    for (const [k, v] of Object.entries(fields)) form.field(k, v);
    const created = await form;
    expect(created.status).toBe(200);
    expect(created.body.nurse.images.map((i: { url: string }) => pathOf(i.url))).toEqual([portraitUrl('Drawn Nurse')]);
    await expectGeneratedPicture(t, created.body.nurse.images[0].url, PORTRAIT_SIZE);

    const rename = admin.multipart('put', `/nurse/${created.body.nurse._id}`);
    for (const [k, v] of Object.entries({ ...fields, name: 'Redrawn Nurse' })) rename.field(k, v);
    expect((await rename).body.nurse.images.map((i: { url: string }) => pathOf(i.url))).toEqual([portraitUrl('Redrawn Nurse')]);

    const upload = admin.multipart('put', `/nurse/${created.body.nurse._id}`);
    for (const [k, v] of Object.entries(fields)) upload.field(k, v);
    upload.attach('images', await pngImage(), 'photo.png');
    const uploaded = await upload;
    expect(uploaded.body.nurse.images).toHaveLength(1);
    expect(pathOf(uploaded.body.nurse.images[0].url)).toMatch(/^\/uploads\/nurses\/.+\.webp$/);
    // Photos stay when the nurse is renamed.
    const again = admin.multipart('put', `/nurse/${created.body.nurse._id}`);
    for (const [k, v] of Object.entries({ ...fields, name: 'Renamed Nurse' })) again.field(k, v);
    expect((await again).body.nurse.images).toEqual(uploaded.body.nurse.images);
  });
});
