import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { asAdmin, asDoctor, asPatient, asVisitor, countQueries, createTestApp, pngImage, type TestApp } from '../../../../test/app.js';
import { CATALOGUE_DOCTORS, SPECIALITIES } from '../../../seeders/DoctorSeeder.js';
import { seedDemoData } from '../../../seeders/DatabaseSeeder.js';
import { expectGeneratedPicture, pathOf } from '../../../../test/pictures.js';
import { PORTRAIT_SIZE, generatedKey, portraitSvg } from '../../../common/generated-images.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const LIST = `query($a: [String!], $f: [FeeRange!], $g: [Gender!], $r: Float, $o: Boolean, $s: String, $p: Int, $ps: Int, $sort: DoctorSort) {
  doctors(specialities: $a, feeRanges: $f, genders: $g, minRating: $r, online: $o, search: $s, page: $p, pageSize: $ps, sort: $sort) {
    total page pageSize pageCount items { id name degree work location specialities feePoisha fees gender isOnline rating reviewCount status }
  } }`;

type Row = { id: string; name: string; degree: string; work: string; location: string; specialities: string[]; feePoisha: number; gender: string; isOnline: boolean; rating: number; status: string };

async function list(vars: Record<string, unknown>) {
  const res = await asVisitor(t).gql<{ doctors: { total: number; items: Row[]; pageCount: number } }>(LIST, { ps: 100, ...vars });
  expect(res.errors).toBeUndefined();
  return res.data!.doctors;
}

describe('finding a doctor', () => {
  it('lists only approved doctors, at least 60 of them over at least 12 specialities', async () => {
    const all = await list({});
    expect(all.total).toBeGreaterThanOrEqual(60);
    expect(all.items.every((d) => d.status === 'Approved')).toBe(true);
    expect(all.items.map((d) => d.name)).not.toContain('Sabbir Hossain'); // pending
    expect(new Set(all.items.flatMap((d) => d.specialities)).size).toBeGreaterThanOrEqual(12);
  });

  it('filters by speciality', async () => {
    const res = await list({ a: ['Cardiology'] });
    expect(res.total).toBeGreaterThan(1);
    expect(res.items.every((d) => d.specialities.includes('Cardiology'))).toBe(true);
  });

  it('filters by several fee ranges at once (any of them)', async () => {
    const res = await list({ f: ['UpTo500', 'Above2000'] });
    expect(res.total).toBeGreaterThan(0);
    expect(res.items.every((d) => d.feePoisha <= 500_00 || d.feePoisha >= 2001_00)).toBe(true);
    expect(res.items.some((d) => d.feePoisha <= 500_00) && res.items.some((d) => d.feePoisha > 2000_00)).toBe(true);
  });

  it('filters by gender', async () => {
    const res = await list({ g: ['Female'] });
    expect(res.total).toBeGreaterThan(10);
    expect(res.items.every((d) => d.gender === 'Female')).toBe(true);
  });

  it('filters by minimum rating', async () => {
    const res = await list({ r: 4 });
    expect(res.total).toBeGreaterThan(0);
    expect(res.items.every((d) => d.rating >= 4)).toBe(true);
    const all = await list({});
    expect(res.total).toBe(all.items.filter((d) => d.rating >= 4).length);
  });

  it('filters online now, and offline', async () => {
    const online = await list({ o: true });
    const offline = await list({ o: false });
    expect(online.total).toBeGreaterThan(0);
    expect(offline.total).toBeGreaterThan(0);
    expect(online.items.every((d) => d.isOnline)).toBe(true);
    expect(offline.items.every((d) => !d.isOnline)).toBe(true);
    expect(online.total + offline.total).toBe((await list({})).total);
  });

  it.each([
    ['name', 'Kamrul', (d: Row) => d.name.includes('Kamrul')],
    ['speciality', 'nephro', (d: Row) => d.specialities.some((s) => /nephro/i.test(s))],
    ['degree', 'DDV', (d: Row) => d.degree.includes('DDV')],
    ['workplace', 'BIRDEM', (d: Row) => d.work.includes('BIRDEM')],
  ])('searches text over the %s', async (_what, q, matches) => {
    const res = await list({ s: q });
    expect(res.total).toBeGreaterThan(0);
    expect(res.items.every(matches)).toBe(true);
  });

  it('treats % and _ in the search as plain characters', async () => {
    expect((await list({ s: '%' })).total).toBe(0);
  });

  it('combines filters: online cardiologists under 1,000 BDT', async () => {
    const res = await list({ a: ['Cardiology'], f: ['UpTo500', 'From501To1000'], o: true });
    expect(res.total).toBeGreaterThan(0);
    for (const d of res.items) {
      expect(d.specialities).toContain('Cardiology');
      expect(d.feePoisha).toBeLessThanOrEqual(1000_00);
      expect(d.isOnline).toBe(true);
    }
    const expected = CATALOGUE_DOCTORS.filter((d) => d.specialities.includes('Cardiology') && d.fees <= 1000 && d.isOnline).length;
    expect(res.total).toBeGreaterThanOrEqual(expected);
  });

  it('combines gender, rating and search', async () => {
    const res = await list({ g: ['Male'], r: 3, s: 'Dhaka' });
    expect(res.total).toBeGreaterThan(0);
    for (const d of res.items) {
      expect(d.gender).toBe('Male');
      expect(d.rating).toBeGreaterThanOrEqual(3);
      // The term is searched in the name, degree, work place, location and specialities.
      expect(`${d.name} ${d.degree} ${d.work} ${d.location} ${d.specialities.join(' ')}`.toLowerCase()).toContain('dhaka');
    }
    // The term narrows: the same filters without it find more.
    expect((await list({ g: ['Male'], r: 3 })).total).toBeGreaterThan(res.total);
  });

  it('pages on the server without overlaps', async () => {
    const p1 = (await asVisitor(t).gql(LIST, { p: 1, ps: 5 })).data!.doctors;
    const p2 = (await asVisitor(t).gql(LIST, { p: 2, ps: 5 })).data!.doctors;
    expect(p1.items).toHaveLength(5);
    expect(p2.items).toHaveLength(5);
    expect(p1.pageCount).toBe(Math.ceil(p1.total / 5));
    const ids = new Set([...p1.items, ...p2.items].map((d: Row) => d.id));
    expect(ids.size).toBe(10);
  });

  it('sorts by fee', async () => {
    const res = await list({ sort: 'FeeLowToHigh' });
    const fees = res.items.map((d) => d.feePoisha);
    expect(fees).toEqual([...fees].sort((a, b) => a - b));
  });

  it('refuses a page size above 100', async () => {
    expect((await asVisitor(t).gql(LIST, { ps: 101 })).code).toBe('BAD_USER_INPUT');
  });

  it('sends the same number of SQL statements for 5 and for 50 doctors', async () => {
    const visitor = asVisitor(t);
    const five = await countQueries(() => visitor.gql(LIST, { ps: 5 }));
    const fifty = await countQueries(() => visitor.gql(LIST, { ps: 50 }));
    expect(five.result.data!.doctors.items).toHaveLength(5);
    expect(fifty.result.data!.doctors.items).toHaveLength(50);
    expect(fifty.count).toBe(five.count);
    expect(fifty.count).toBeLessThanOrEqual(3);
  });

  it('REST GET /doctors reads repeated expert, fees, gender, ratings, isActive and keyword', async () => {
    const res = await asVisitor(t).get('/doctors?expert=Cardiology&expert=Medicine&fees=0-500&fees=501-1000&gender=Male&gender=Female&ratings=3&ratings=4&isActive=true');
    expect(res.status).toBe(200);
    expect(res.body.doctors.length).toBeGreaterThan(0);
    for (const d of res.body.doctors) {
      expect(d.expert.some((e: string) => ['Cardiology', 'Medicine'].includes(e))).toBe(true);
      expect(d.fees).toBeLessThanOrEqual(1000);
      expect(d.isActive).toBe(true);
      expect(d.ratings).toBeGreaterThanOrEqual(3);
    }
    expect(res.body).toMatchObject({ success: true, resultPerPage: 20 });
    // Each filter keeps some doctors and drops some (an ignored or empty filter fails here).
    const unfiltered = (await asVisitor(t).get('/doctors')).body.doctors as { work: string; fees: number }[];
    expect(unfiltered.some((d) => !d.work.includes('Square')) && unfiltered.some((d) => d.fees <= 2000)).toBe(true);
    const kw = await asVisitor(t).get('/doctors?keyword=Square');
    expect(kw.body.doctors.length).toBeGreaterThan(0);
    expect(kw.body.doctors.every((d: { work: string }) => d.work.includes('Square'))).toBe(true);
    const top = await asVisitor(t).get('/doctors?fees=2001-up');
    expect(top.body.doctors.length).toBeGreaterThan(0);
    expect(top.body.doctors.every((d: { fees: number }) => d.fees > 2000)).toBe(true);
  });

  it('REST GET /doctors answers an unknown fee range with 400', async () => {
    const res = await asVisitor(t).get('/doctors?fees=cheap');
    expect(res.status).toBe(400);
  });

  it('names every speciality in Bangla too, for the Bangla screens', async () => {
    const { specialities } = (await asVisitor(t).gql('{ specialities { title titleBn } }')).data as { specialities: { title: string; titleBn: string }[] };
    expect(specialities).toContainEqual({ title: 'Cardiology', titleBn: 'হৃদরোগ' });
    expect(specialities.every((s) => /[\u0980-\u09FF]/.test(s.titleBn))).toBe(true);
  });

  it('REST option lists come from the server', async () => {
    const visitor = asVisitor(t);
    // shaped for the earlier client's filter components: it prints `{title} BDT`, draws ratings as stars, labels every status "Online Now"
    expect((await visitor.get('/fees')).body.fees).toContainEqual({ _id: '0-500', title: 'Up to 500' });
    expect((await visitor.get('/gender')).body.gender.map((g: { _id: string }) => g._id)).toEqual(['Male', 'Female']);
    expect((await visitor.get('/ratings')).body.ratings).toEqual([{ _id: '4', title: 4 }, { _id: '3', title: 3 }, { _id: '2', title: 2 }, { _id: '1', title: 1 }]);
    expect((await visitor.get('/status')).body.status).toEqual([{ _id: 'true', title: 'Online Now' }]);
    const cat = await visitor.get('/category');
    expect(cat.body.category).toHaveLength(SPECIALITIES.length);
    // a speciality without a picture answers the default one (the earlier client reads image.url)
    expect(cat.body.category[0]).toMatchObject({ title: 'Medicine', slug: 'medicine', image: { url: '/uploads/defaults/speciality.svg' } });
    const gql = await visitor.gql('{ doctorFilterOptions { fees { id title } specialities { title slug } } specialities { title } }');
    expect(gql.data!.doctorFilterOptions.fees).toHaveLength(5);
  });

  it('shows one approved doctor with reviews at GET /doctor/:id, and hides pending ones', async () => {
    const ayesha = (await list({ s: 'Ayesha' })).items[0]!;
    const res = await asVisitor(t).get(`/doctor/${ayesha.id}`);
    expect(res.status).toBe(200);
    expect(res.body.doctor).toMatchObject({ name: 'Ayesha Siddiqua', fees: 700, isActive: expect.any(Boolean) });
    expect(res.body.doctor.reviews.length).toBeGreaterThan(0);
    expect(res.body.doctor.reviews[0]).toMatchObject({ name: expect.any(String), rating: expect.any(Number), comment: expect.any(String) });
    expect(res.body.doctor).not.toHaveProperty('nid_No');

    const admin = await asAdmin(t);
    const pending = (await admin.gql('{ pendingDoctors { items { id } } }')).data!.pendingDoctors.items[0];
    expect((await asVisitor(t).get(`/doctor/${pending.id}`)).status).toBe(404);
    expect((await asVisitor(t).gql('query($id: ID!) { doctor(id: $id) { id } }', { id: pending.id })).code).toBe('NOT_FOUND');
    expect((await admin.gql('query($id: ID!) { doctor(id: $id) { id status } }', { id: pending.id })).data!.doctor.status).toBe('Pending');
    expect((await asVisitor(t).get('/doctor/not-a-uuid')).status).toBe(404);
  });
});

describe('doctor video link', () => {
  it("lets a doctor set the video link ('Url updated') and refuses a non-https one", async () => {
    const doctor = await asDoctor(t);
    const ok = await doctor.put('/doctor/update/url', { url: 'https://meet.google.com/abc-defg-hij' });
    expect(ok.status).toBe(200);
    expect(ok.body.message).toBe('Url updated');
    expect((await doctor.gql('{ myDoctorProfile { meetingUrl } }')).data!.myDoctorProfile.meetingUrl).toBe('https://meet.google.com/abc-defg-hij');
    expect((await doctor.put('/doctor/update/url', { url: 'javascript:alert(1)' })).status).toBe(400);
    expect((await doctor.put('/doctor/update/url', {})).body.message).toBe('Meet link required');
    await doctor.gql('mutation { setMeetingUrl(input: { url: "https://meet.jit.si/ayesha-room" }) { id } }');
  });

  it.each([
    ['visitor', 401], ['patient', 403], ['admin', 403],
  ])('refuses PUT /doctor/update/url from a %s with %i', async (who, status) => {
    const client = who === 'visitor' ? asVisitor(t) : who === 'patient' ? await asPatient(t) : await asAdmin(t);
    expect((await client.put('/doctor/update/url', { url: 'https://meet.google.com/x' })).status).toBe(status);
  });
});

describe('admin doctors', () => {
  it('lists every doctor at GET /admin/doctors as {Doctors}', async () => {
    const res = await (await asAdmin(t)).get('/admin/doctors?pageSize=100');
    expect(res.status).toBe(200);
    expect(res.body.Doctors.length).toBeGreaterThanOrEqual(60);
    expect(res.body.Doctors.some((d: { status: string }) => d.status === 'pending')).toBe(true);
    expect(res.body.Doctors[0]).toHaveProperty('nid_No');
    expect((await asVisitor(t).get('/admin/doctors')).status).toBe(401);
    expect((await (await asPatient(t)).get('/admin/doctors')).status).toBe(403);
    expect((await (await asDoctor(t)).get('/admin/doctors')).status).toBe(403);
  });

  it('creates an approved doctor with an image (POST /doctor multipart) and updates it (PUT /doctor/:id)', async () => {
    const admin = await asAdmin(t);
    const create = admin.multipart('post', '/doctor');
    const fields = {
      name: 'Jamal Uddin', email: 'jamal.ortho@example.com', description: 'Knee and spine', expert: 'Orthopedics', work: 'Square Hospital',
      gender: 'Male', degree: 'MBBS, MS (Ortho)', fees: '1100', location: 'Dhaka', phone: '01811223344', bmdc_No: 'A-88001', experience: '12',
    };
    for (const [k, v] of Object.entries(fields)) create.field(k, v);
    create.attach('images', await pngImage(), 'jamal.png');
    const res = await create;
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Create Doctor Successful');
    expect(res.body.doctor).toMatchObject({ name: 'Jamal Uddin', status: 'approved', fees: 1100, expert: ['Orthopedics'], experience: 12 });
    expect(res.body.doctor.avatar.url).toMatch(/^\/uploads\/doctors\/.+\.webp$/);
    expect((await list({ s: 'Jamal Uddin' })).total).toBe(1);
    // the admin never sets a password: nobody can log in with one until the doctor resets it
    expect((await t.http().post('/api/login/doctor').send({ email: 'jamal.ortho@example.com', password: '!' })).status).toBe(401);

    const update = admin.multipart('put', `/doctor/${res.body.doctor._id}`).field('fees', '1300').field('role', 'admin');
    const updated = await update;
    expect(updated.status).toBe(200);
    expect(updated.body.message).toBe('Update Doctor Successful');
    expect(updated.body.doctor).toMatchObject({ fees: 1300, name: 'Jamal Uddin', role: 'doctor' });
  });

  it('draws a portrait for a doctor created without a photo (GraphQL and REST), redraws it for a new name, and a photo replaces it', async () => {
    const admin = await asAdmin(t);
    const portraitUrl = (name: string) => `/uploads/${generatedKey(portraitSvg(name, 'doctor'))}`;
    const created = await admin.gql('mutation($input: AdminCreateDoctorInput!) { createDoctor(input: $input) { id avatarUrl } }', { input: {
      name: 'Drawn Doctor', email: 'drawn.doctor@example.com', phone: '01811223355', gender: 'Female', degree: 'MBBS', specialities: ['Medicine'],
      work: 'Square Hospital', fees: 500, location: 'Dhaka', bmdcNo: 'A-88002',
    } });
    expect(created.errors).toBeUndefined();
    expect(created.data!.createDoctor.avatarUrl).toBe(portraitUrl('Drawn Doctor'));
    await expectGeneratedPicture(t, created.data!.createDoctor.avatarUrl, PORTRAIT_SIZE, { http: true });

    const form = admin.multipart('post', '/doctor');
    for (const [k, v] of Object.entries({ name: 'Rest Drawn', email: 'rest.drawn@example.com', expert: 'Cardiology', work: 'Square Hospital',
      gender: 'Male', degree: 'MBBS', fees: '700', location: 'Dhaka', phone: '01811223366', bmdc_No: 'A-88003' })) form.field(k, v);
    const rest = await form;
    expect(rest.status).toBe(200);
    expect(pathOf(rest.body.doctor.avatar.url)).toBe(portraitUrl('Rest Drawn'));
    await expectGeneratedPicture(t, rest.body.doctor.avatar.url, PORTRAIT_SIZE);

    const renamed = await admin.multipart('put', `/doctor/${rest.body.doctor._id}`).field('name', 'Rest Redrawn');
    expect(pathOf(renamed.body.doctor.avatar.url)).toBe(portraitUrl('Rest Redrawn'));
    const photo = await admin.multipart('put', `/doctor/${rest.body.doctor._id}`).attach('images', await pngImage(), 'photo.png');
    expect(pathOf(photo.body.doctor.avatar.url)).toMatch(/^\/uploads\/doctors\/.+\.webp$/);
    // The photo stays when the doctor is renamed.
    const again = await admin.multipart('put', `/doctor/${rest.body.doctor._id}`).field('name', 'Rest Renamed');
    expect(again.body.doctor.avatar.url).toBe(photo.body.doctor.avatar.url);
  });

  it("answers a missing field on POST /doctor with 'Enter all Fields'", async () => {
    const res = await (await asAdmin(t)).post('/doctor', { name: 'No Email' });
    expect(res.status).toBe(400);
  });

  it('refuses POST /doctor and PUT /doctor/:id to non-admins', async () => {
    expect((await asVisitor(t).post('/doctor', {})).status).toBe(401);
    expect((await (await asPatient(t)).post('/doctor', {})).status).toBe(403);
    expect((await (await asDoctor(t)).put('/doctor/00000000-0000-0000-0000-000000000000', {})).status).toBe(403);
  });
});

describe("the card's name, photo and gender (kept on the doctor by the database, so the list reads doctors alone)", () => {
  const sql = <T,>(text: string, params: unknown[] = []) => t.orm.em.fork().getConnection().execute<T[]>(text, params);
  let doctorId: string;

  it('follow the account at once: a new name, photo and gender show on both doors and in the filters', async () => {
    const admin = await asAdmin(t);
    const created = await admin.gql('mutation($input: AdminCreateDoctorInput!) { createDoctor(input: $input) { id name gender } }', { input: {
      name: 'Copy Before', email: 'card.copy@example.com', phone: '01811223377', gender: 'Male', degree: 'MBBS', specialities: ['Medicine'],
      work: 'Square Hospital', fees: 600, location: 'Dhaka', bmdcNo: 'A-88004',
    } });
    expect(created.errors).toBeUndefined();
    doctorId = created.data!.createDoctor.id;
    expect((await list({ s: 'Copy Before' })).items.map((d) => [d.id, d.name, d.gender])).toEqual([[doctorId, 'Copy Before', 'Male']]);

    const changed = await admin.multipart('put', `/doctor/${doctorId}`).field('name', 'Copy After').field('gender', 'Female')
      .attach('images', await pngImage(), 'photo.png');
    expect(changed.status).toBe(200);
    expect((await list({ s: 'Copy Before' })).total).toBe(0);
    expect((await list({ s: 'Copy After', g: ['Female'] })).items.map((d) => [d.id, d.name, d.gender])).toEqual([[doctorId, 'Copy After', 'Female']]);
    expect((await list({ s: 'Copy After', g: ['Male'] })).total).toBe(0);
    const rest = await asVisitor(t).get('/doctors?keyword=Copy%20After');
    expect(rest.body.doctors.map((d: { _id: string; name: string; gender: string; avatar: { url: string } }) => [d._id, d.name, d.gender, d.avatar.url]))
      .toEqual([[doctorId, 'Copy After', 'Female', changed.body.doctor.avatar.url]]);
  });

  it('are never written by hand: a forged copy is replaced by the account, and a rename in raw SQL reaches the card too', async () => {
    const [{ user_id: userId }] = await sql<{ user_id: string }>('select user_id from doctors where id = ?', [doctorId]);
    await sql("update doctors set user_name = 'Forged', user_gender = 'Male', user_avatar_url = null where id = ?", [doctorId]);
    const copies = () => sql<{ user_name: string; user_gender: string; user_avatar_url: string | null }>(
      'select user_name, user_gender, user_avatar_url from doctors where id = ?', [doctorId]);
    const [account] = await sql<{ avatar_url: string }>('select avatar_url from users where id = ?', [userId]);
    expect(await copies()).toEqual([{ user_name: 'Copy After', user_gender: 'Female', user_avatar_url: account.avatar_url }]);
    await sql("update users set name = 'Copy Raw' where id = ?", [userId]);
    expect((await copies())[0].user_name).toBe('Copy Raw');
    expect((await list({ s: 'Copy Raw' })).items.map((d) => d.id)).toEqual([doctorId]);
  });

  it("reads a page without the account, and still shows an admin and the doctor the contact (one more statement, whatever the page size)", async () => {
    const page = (size: number) => `{ doctors(page: 1, pageSize: ${size}, search: "Copy") { items { id email phone } } }`;
    const visitor = asVisitor(t);
    const admin = await asAdmin(t);
    await visitor.gql(page(20));
    const seenByVisitor = await countQueries(() => visitor.gql(page(20)));
    expect(seenByVisitor.result.data!.doctors.items).toEqual([{ id: doctorId, email: null, phone: null }]);
    expect(seenByVisitor.sql.filter((s) => /join users/.test(s))).toEqual([]);
    const withoutContact = await countQueries(() => admin.gql('{ doctors(page: 1, pageSize: 20, search: "Copy") { items { id } } }'));
    const seenByAdmin = await countQueries(() => admin.gql(page(20)));
    expect(seenByAdmin.result.data!.doctors.items).toEqual([{ id: doctorId, email: 'card.copy@example.com', phone: '01811223377' }]);
    expect(seenByAdmin.count).toBe(withoutContact.count + 1);
    const all = '{ doctors(page: 1, pageSize: 50) { items { email } } }';
    await admin.gql(all);
    const many = await countQueries(() => admin.gql(all));
    expect(many.result.data!.doctors.items.length).toBe(50);
    expect(many.result.data!.doctors.items.every((d: { email: string | null }) => !!d.email)).toBe(true);
    // The contact costs one statement at 50 as at 20 (a search reads its meaning first: compare like with like).
    const manyWithout = await countQueries(() => admin.gql('{ doctors(page: 1, pageSize: 50) { items { id } } }'));
    expect(many.count).toBe(manyWithout.count + 1);

    // A doctor sees only their own contact on the public list.
    const doctor = await asDoctor(t);
    const mine = await doctor.gql('{ doctors(page: 1, pageSize: 100, search: "Ayesha Siddiqua") { items { email } } }');
    expect(mine.errors).toBeUndefined();
    expect(mine.data!.doctors.items.map((d: { email: string | null }) => d.email)).toEqual(['doctor@nirog.test']);
    const others = await doctor.gql('{ doctors(page: 1, pageSize: 5, search: "Copy Raw") { items { email phone } } }');
    expect(others.data!.doctors.items).toEqual([{ email: null, phone: null }]);
  });
});

describe('demo data', () => {
  it('seeds idempotently: a second run adds nothing', async () => {
    const counts = async () => (await t.sql<{ n: string }>(
      `select (select count(*) from doctors) || '/' || (select count(*) from specialities) || '/' || (select count(*) from appointments)
        || '/' || (select count(*) from prescriptions) || '/' || (select count(*) from doctor_reviews) as n`))[0]!.n;
    const avatars = async () => (await t.sql<{ avatar_url: string }>(
      `select u.avatar_url from users u join doctors d on d.user_id = u.id order by u.email`)).map((r) => r.avatar_url);
    const [before, avatarsBefore] = [await counts(), await avatars()];
    await seedDemoData(t.orm, t.services.images.generated);
    expect(await counts()).toBe(before);
    expect(await avatars()).toEqual(avatarsBefore);
  });

  it('gives every demo doctor a drawn portrait in the storage', async () => {
    const rows = await t.sql<{ name: string; avatar_url: string }>(
      `select u.name, u.avatar_url from users u join doctors d on d.user_id = u.id where u.email like '%@nirog.test'`);
    expect(rows.length).toBeGreaterThanOrEqual(60);
    for (const r of rows) {
      expect(r.avatar_url).toBe(`/uploads/${generatedKey(portraitSvg(r.name, 'doctor'))}`);
      await expectGeneratedPicture(t, r.avatar_url, PORTRAIT_SIZE);
    }
    await expectGeneratedPicture(t, rows[0]!.avatar_url, PORTRAIT_SIZE, { http: true });
    const listed = await asVisitor(t).gql('{ doctors(pageSize: 3) { items { avatarUrl } } }');
    expect(listed.data!.doctors.items.map((d: { avatarUrl: string }) => d.avatarUrl)).toEqual(expect.arrayContaining([expect.stringMatching(/^\/uploads\/generated\//)]));
  });

  it('gives the demo patient past consultations with prescriptions and a review', async () => {
    const patient = await asPatient(t);
    const bookings = (await patient.get('/mybooking?pageSize=100')).body.appointment;
    expect(bookings.filter((a: { bookingStatus: string; prescription: string | null }) => a.bookingStatus === 'Finished' && a.prescription).length).toBeGreaterThanOrEqual(2);
    expect((await patient.get('/my/prescription')).body.prescriptions.length).toBeGreaterThanOrEqual(2);
  });
});
