import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import jwt from 'jsonwebtoken';
import { asAdmin, asDoctor, asPatient, asVisitor, Client, createTestApp, login, pngImage, type TestApp } from '../app.js';
import { ConfigError, loadConfig } from '../../src/config.js';
import { doctorIdByName, newMedicine, placeOrder, SHIPPING } from '../fixtures.js';
import { pathOf, payInSandbox } from '../payments.js';
import { DEMO_PASSWORD } from '../../src/seeders/demo-accounts.js';

/**
 * The earlier app's own client (its src/state and src/pages) against Nirog's REST door: each case is
 * something that client sends or reads, as it does it. Issue 14; the shapes of every path are in
 * rest-contract.test.ts.
 */
const EARLIER = 'https://earlier.example';
const ELSEWHERE = 'https://elsewhere.example';

let t: TestApp;
let plain: TestApp;
let admin: Client;
let patient: Client;
let doctor: Client;

beforeAll(async () => {
  t = await createTestApp({ env: { CORS_ORIGINS: `${EARLIER}, http://localhost:3000`, SIGNUPS_PER_IP_PER_HOUR: '1000', OPEN_UNPAID_ORDERS_PER_PATIENT: '100' } });
  plain = await createTestApp({ seed: false });
  [admin, patient, doctor] = await Promise.all([asAdmin(t), asPatient(t), asDoctor(t)]);
});
afterAll(async () => {
  await t?.close();
  await plain?.close();
});

const dataUrl = async (w = 16) => `data:image/png;base64,${(await pngImage(w, w)).toString('base64')}`;
let serial = 0;
const unique = (s: string) => `${s}.${Date.now().toString(36)}${++serial}`;

/** A patient who signed up as the earlier form does (JSON, no photo) and whose email is verified. */
async function freshPatient(): Promise<Client> {
  const email = `${unique('fresh')}@example.com`;
  const res = await t.http().post('/api/register').send({ name: 'Fresh Patient', email, password: 'green-tea-2026', avatar: '/Profile.png' });
  expect(res.status).toBe(200);
  await t.sql('update users set email_verified_at = now() where email = ?', [email]);
  return login(t, email, 'green-tea-2026');
}

describe('pictures: never an empty list, a null url or a bare string', () => {
  it('gives a user without a photo the default avatar, which loads', async () => {
    const fresh = await freshPatient();
    const me = (await fresh.get('/currentUserDetails')).body.user;
    expect(me.avatar).toEqual({ url: '/uploads/defaults/avatar.svg' });
    const img = await t.http().get(me.avatar.url);
    expect(img.status).toBe(200);
    expect(img.headers['content-type']).toMatch(/^image\/svg\+xml/);
    expect((await t.http().get('/uploads/defaults/none.svg')).status).toBe(404);
  });

  it('answers absolute URLs on PUBLIC_URL to a caller on an allowed other origin, relative ones to the same origin', async () => {
    const id = await doctorIdByName(t, 'Ayesha');
    const cross = (await t.http().get(`/api/doctor/${id}`).set('Origin', EARLIER)).body.doctor;
    expect(cross.images[0].url.startsWith(`${t.config.publicUrl}/`)).toBe(true);
    expect(cross.avatar.url.startsWith(`${t.config.publicUrl}/`)).toBe(true);
    const other = (await t.http().get(`/api/doctor/${id}`).set('Origin', ELSEWHERE)).body.doctor;
    expect(other.avatar.url.startsWith('/')).toBe(true);
    expect((await t.http().get(pathOf(cross.avatar.url))).status).toBe(200);
  });

  it('gives a doctor without a photo images [{ url }] and avatar { url } that load', async () => {
    const res = await admin.post('/doctor', {
      name: 'Photo Less', email: `${unique('photoless')}@example.com`, expert: 'Medicine', work: 'Dhaka Medical College Hospital', gender: 'male',
      degree: 'MBBS', fees: '500', location: 'Dhaka', phone: '01712000999', description: '', images: [],
    });
    expect(res.status).toBe(200);
    const got = (await asVisitor(t).get(`/doctor/${res.body.doctor._id}`)).body.doctor;
    expect(got.images).toHaveLength(1);
    expect(typeof got.images[0].url).toBe('string');
    expect(got.avatar.url).toBe(got.images[0].url);
    expect((await t.http().get(got.images[0].url)).status).toBe(200);
  });

  it('gives an order line whose medicine left the catalogue (and its picture with it) cartQuantity and image.url', async () => {
    const fresh = await freshPatient();
    const m = await newMedicine(t, 20, 2500);
    const placed = await placeOrder(fresh, [{ medicineId: m.id, quantity: 2 }]);
    expect(placed.status).toBe(200);
    await t.sql('update order_items set image_url = null where order_id = ?', [placed.body.order._id]);
    await t.sql('update medicines set is_active = false, image_url = null where id = ?', [m.id]);
    const [order] = (await fresh.get('/orders/myorders')).body.orders;
    expect(order.orderItems[0]).toMatchObject({ name: m.name, cartQuantity: 2, quantity: 2, price: 25, image: { url: '/uploads/defaults/medicine.svg' } });
    const all = (await admin.get('/admin/allorder?pageSize=100')).body.orders as { _id: string; orderItems: { image: { url: string }; cartQuantity: number }[] }[];
    expect(all.find((o) => o._id === placed.body.order._id)?.orderItems[0]).toMatchObject({ cartQuantity: 2, image: { url: '/uploads/defaults/medicine.svg' } });
  });

  it('answers nurseimage and doctorimage as strings that load (the spec\'s names for the picture of a hire and a booking)', async () => {
    const [hire] = (await admin.get('/getall/hire/nurse')).body.hireNurses;
    expect(typeof hire.nurseimage).toBe('string');
    expect((await t.http().get(pathOf(hire.nurseimage))).status).toBe(200);
    const [booking] = (await patient.get('/mybooking')).body.appointment;
    expect(typeof booking.doctorimage).toBe('string');
  });
});

describe('wrapper keys the earlier client reads', () => {
  it('/category answers categories, /gender genders, /my/prescription prescription (the old keys stay for Nirog)', async () => {
    const cat = (await asVisitor(t).get('/category')).body;
    expect(cat.categories.length).toBeGreaterThan(0);
    expect(cat.categories).toEqual(cat.category);
    expect(cat.categories.every((c: { image: { url: unknown } }) => typeof c.image.url === 'string')).toBe(true);
    const gender = (await asVisitor(t).get('/gender')).body;
    expect(gender.genders.map((g: { title: string }) => g.title)).toEqual(['Male', 'Female']);
    const mine = (await patient.get('/my/prescription')).body;
    expect(mine.prescription.length).toBeGreaterThan(0);
    expect(mine.prescription).toEqual(mine.prescriptions);
  });
});

describe('filters sent as the option titles', () => {
  const ids = async (q: string) => {
    const res = await asVisitor(t).get(`/doctors/?pageSize=100&${q}`);
    expect(res.status).toBe(200);
    return res.body.doctors.map((d: { _id: string }) => d._id).sort();
  };

  it('reads fees, isActive and ratings titles as their ids, as /fees, /status and /ratings publish them', async () => {
    const everyone = await ids('');
    const fees = (await asVisitor(t).get('/fees')).body.fees as { _id: string; title: string }[];
    for (const f of fees) {
      // FilterFees.js prints `{title} BDT`: the title itself says no BDT
      expect(f.title).not.toMatch(/BDT/);
      const byId = await ids(`fees=${f._id}`);
      expect(byId).not.toEqual(everyone);
      expect(await ids(`fees=${encodeURIComponent(f.title)}`)).toEqual(byId);
    }
    // FilterStatuses.js labels every option "Online Now": only that one is offered
    const status = (await asVisitor(t).get('/status')).body.status as { _id: string; title: string }[];
    expect(status.map((s) => s.title)).toEqual(['Online Now']);
    expect(await ids('isActive=Online%20Now')).toEqual(await ids('isActive=true'));
    expect(await ids('isActive=Online%20Now')).not.toEqual(everyone);
    // Rating.js draws the title as stars and sends it back
    const ratings = (await asVisitor(t).get('/ratings')).body.ratings as { _id: string; title: number }[];
    let narrowed = 0;
    for (const r of ratings) {
      expect(typeof r.title).toBe('number');
      const byId = await ids(`ratings=${r._id}`);
      if (byId.length !== everyone.length) narrowed += 1;
      expect(await ids(`ratings=${r.title}`)).toEqual(byId);
    }
    expect(narrowed).toBeGreaterThan(0);
    // Nirog's earlier titles still read: "Up to 500 BDT", "Offline", and "4 stars & up" cut at its unencoded '&'
    expect(await ids('expert=Medicine&fees=Up%20to%20500%20BDT&gender=Female')).toEqual(await ids('expert=Medicine&fees=0-500&gender=Female'));
    expect(await ids('isActive=Offline')).toEqual(await ids('isActive=false'));
    expect(await ids('ratings=4%20stars%20&%20up')).toEqual(await ids('ratings=4'));
  });

  it('still refuses a fee range that is neither an id nor a title', async () => {
    expect((await asVisitor(t).get('/doctors/?fees=cheap')).status).toBe(400);
  });
});

describe('payments as the earlier forms ask for them', () => {
  const consultation = (doctorId: string, extra: Record<string, unknown> = {}) => ({
    doctorId, name: 'Rahima Akter', age: '34', weight: '58', height: '5.2', gender: 'Female', problem: 'Headache', email: 'x@y.z', meeturl: null, ...extra,
  });

  it('opens a bKash checkout for a video consultation that names no method, and Nagad when named', async () => {
    const id = await doctorIdByName(t, 'Mahbub');
    const bkash = await (await freshPatient()).post('/new/appointment', consultation(id));
    expect(bkash.status).toBe(200);
    expect(bkash.body.url).toMatch(/\/sandbox\/bkash\/checkout\//);
    const nagad = await (await freshPatient()).post('/new/appointment', consultation(id, { paymentMethod: 'Nagad' }));
    expect(nagad.body.url).toMatch(/\/sandbox\/nagad\/checkout\//);
    expect((await (await freshPatient()).post('/new/appointment', consultation(id, { paymentMethod: 'Rocket' }))).status).toBe(400);
  });

  it('charges the order by Nagad when the shipping form sends paymentInfo: "Nagad"', async () => {
    const m = await newMedicine(t, 10);
    const fresh = await freshPatient();
    const res = await fresh.post('/create/order', {
      shippingInfo: SHIPPING, orderItems: [{ _id: m.id, name: m.name, price: 12.5, quantity: 10, cartQuantity: 1, image: { url: 'x' } }],
      itemsPrice: 12.5, shippingPrice: 60, totalPrice: 72.5, paymentInfo: 'Nagad',
    });
    expect(res.status).toBe(200);
    expect(res.body.url).toMatch(/\/sandbox\/nagad\/checkout\//);
    expect(res.body.order.paymentInfo.method).toBe('nagad');
    const bkash = await (await freshPatient()).post('/create/order', { shippingInfo: SHIPPING, orderItems: [{ _id: m.id, cartQuantity: 1 }], paymentInfo: 'Select Payment Method ' });
    expect(bkash.body.url).toMatch(/\/sandbox\/bkash\/checkout\//);
  });

  it('lands the payer back on the allowed origin the booking came from, and never on another', async () => {
    const id = await doctorIdByName(t, 'Mahbub');
    const booked = await (await freshPatient()).post('/new/appointment', consultation(id)).set('Origin', EARLIER);
    expect(await payInSandbox(t, booked.body.url)).toBe(`${EARLIER}/payment/successfull/${booked.body.tranId}`);

    const m = await newMedicine(t, 10);
    const ordered = await placeOrder(await freshPatient(), [{ medicineId: m.id, quantity: 1 }]).set('Origin', EARLIER);
    expect(await payInSandbox(t, ordered.body.url)).toBe(`${EARLIER}/order/payment/successfull/${ordered.body.tranId}`);

    const elsewhere = await (await freshPatient()).post('/new/appointment', consultation(id)).set('Origin', ELSEWHERE);
    expect(await payInSandbox(t, elsewhere.body.url)).toBe(`${t.config.payments.publicUrl}/payment/successfull/${elsewhere.body.tranId}`);
  });
});

describe('CORS for the earlier client on its own origin (CORS_ORIGINS)', () => {
  it('answers an allowed origin\'s preflight 204 with the methods and headers, without credentials', async () => {
    const res = await t.http().options('/api/doctors').set('Origin', EARLIER)
      .set('Access-Control-Request-Method', 'PUT').set('Access-Control-Request-Headers', 'authorization,content-type');
    expect(res.status).toBe(204);
    expect(res.headers['access-control-allow-origin']).toBe(EARLIER);
    expect(res.headers['access-control-allow-methods']).toMatch(/PUT/);
    expect(res.headers['access-control-allow-methods']).toMatch(/DELETE/);
    // Idempotency-Key too: a client on another origin may send its writes once per intent (common/idempotency.ts).
    expect(res.headers['access-control-allow-headers']).toBe('Authorization, Content-Type, Idempotency-Key');
    expect(res.headers['access-control-allow-credentials']).toBeUndefined();
    const get = await t.http().get('/api/doctors').set('Origin', EARLIER);
    expect(get.headers['access-control-allow-origin']).toBe(EARLIER);
    expect(get.headers.vary).toMatch(/Origin/);
  });

  it('gives any other origin no CORS header, and its preflight the 404', async () => {
    const res = await t.http().options('/api/doctors').set('Origin', ELSEWHERE).set('Access-Control-Request-Method', 'GET');
    expect(res.status).toBe(404);
    expect(res.headers['access-control-allow-origin']).toBeUndefined();
    expect((await t.http().get('/api/doctors').set('Origin', ELSEWHERE)).headers['access-control-allow-origin']).toBeUndefined();
  });

  it('lets other origins show pictures (Cross-Origin-Resource-Policy: cross-origin) only when origins are configured', async () => {
    const doc = (await t.http().get(`/api/doctor/${await doctorIdByName(t, 'Ayesha')}`)).body.doctor;
    for (const url of [doc.avatar.url, '/uploads/defaults/nurse.svg']) {
      const img = await t.http().get(pathOf(url));
      expect([url, img.status, img.headers['cross-origin-resource-policy']]).toEqual([url, 200, 'cross-origin']);
    }
    const none = await plain.http().get('/uploads/defaults/nurse.svg');
    expect(none.headers['cross-origin-resource-policy']).toBe('same-origin');
  });

  it('allows nothing by default', async () => {
    const res = await plain.http().options('/api/doctors').set('Origin', EARLIER).set('Access-Control-Request-Method', 'GET');
    expect(res.status).toBe(404);
    expect(res.headers['access-control-allow-origin']).toBeUndefined();
    expect(plain.config.cors.origins).toEqual([]);
  });

  it('reads CORS_ORIGINS as exact origins and refuses anything else', () => {
    expect(loadConfig({ CORS_ORIGINS: 'https://a.example, http://localhost:3000/' }).cors.origins).toEqual(['https://a.example', 'http://localhost:3000']);
    for (const bad of ['*', 'https://a.example/app', 'a.example', 'ftp://a.example', 'https://a.example?x=1']) {
      expect(() => loadConfig({ CORS_ORIGINS: bad })).toThrow(ConfigError);
    }
  });
});

describe('writes in the earlier forms\' shapes', () => {
  it('registers a doctor from the earlier form: JSON, a data URL photo, no location and no description', async () => {
    const email = `${unique('dr')}@example.com`;
    const form = {
      title: 'Dr.', gender: 'Female', fees: '700', nid_No: '1234567890', bmdc_No: `A-${String(Date.now()).slice(-6)}`, type: 'Medical', phone: '01712000777',
      name: 'Earlier Form', email, password: 'heart-beat-2026', degree: 'MBBS', expert: 'Medicine', work: 'Square Hospital', experience: '4',
    };
    const res = await t.http().post('/api/register/doctor').send({ ...form, avatar: await dataUrl() });
    expect(res.status).toBe(200);
    expect(res.body.doctor).toMatchObject({ name: 'Earlier Form', status: 'pending', location: '', description: '' });
    // the client's signup slice reads userId, as after a patient signup
    expect(res.body.userId).toMatch(/^[0-9a-f-]{36}$/);
    expect(res.body.userId).not.toBe(res.body.doctor._id);
    expect(res.body.doctor.avatar.url).toMatch(/^\/uploads\/avatars\/.+\.webp$/);
    const img = await t.http().get(res.body.doctor.avatar.url);
    expect(img.headers['content-type']).toBe('image/webp');
    // the form's placeholder (no photo chosen) is no photo: the spec's rule that a photo is required holds
    const none = await t.http().post('/api/register/doctor').send({ ...form, email: `${unique('dr')}@example.com`, bmdc_No: 'A-123499', avatar: '/Doctor.png' });
    expect([none.status, none.body.message]).toEqual([400, 'Enter all Fields']);
  });

  it('creates a doctor from the earlier admin form (no BMDC, photos as data URLs) and updates it with empty fields left alone', async () => {
    const res = await admin.post('/doctor', {
      name: 'Admin Made', email: `${unique('admin.made')}@example.com`, description: 'Kind', expert: 'Cardiology', work: 'Ibn Sina', gender: 'Female',
      degree: 'MBBS, FCPS', fees: '1200', location: 'Dhanmondi', phone: '01712000555', images: [await dataUrl(), await dataUrl(20)],
    });
    expect(res.status).toBe(200);
    expect(res.body.doctor).toMatchObject({ name: 'Admin Made', status: 'approved', bmdc_No: null, fees: 1200, expert: ['Cardiology'] });
    expect(res.body.doctor.avatar.url).toMatch(/^\/uploads\/doctors\/.+\.webp$/);
    const gql = await admin.gql('query($id: ID!) { doctor(id: $id) { bmdcNo } }', { id: res.body.doctor._id });
    expect(gql.data?.doctor.bmdcNo).toMatch(/^UNSET-[0-9A-F]{12}$/);
    const upd = await admin.put(`/doctor/${res.body.doctor._id}`, {
      name: 'Admin Made', email: '', description: 'Kind and careful', expert: '', work: '', gender: '', degree: '', fees: 1300, location: '', phone: '', images: [],
    });
    expect(upd.status).toBe(200);
    expect(upd.body.doctor).toMatchObject({ description: 'Kind and careful', fees: 1300, work: 'Ibn Sina', location: 'Dhanmondi', avatar: res.body.doctor.avatar });
    // the follow-up: the number is recorded once, and then not replaced
    const bmdc = `A-7${String(Date.now()).slice(-5)}`;
    const recorded = await admin.put(`/doctor/${res.body.doctor._id}`, { bmdc_No: bmdc });
    expect([recorded.status, recorded.body.doctor?.bmdc_No]).toEqual([200, bmdc]);
    const replaced = await admin.put(`/doctor/${res.body.doctor._id}`, { bmdc_No: 'A-99999' });
    expect([replaced.status, replaced.body.reason]).toEqual([409, 'BMDC_RECORDED']);
    const taken = await admin.post('/doctor', { name: 'Other', email: `${unique('other')}@example.com`, expert: 'Medicine', work: 'X', gender: 'Male', degree: 'MBBS', fees: '1', location: 'Dhaka', phone: '01712000556' });
    expect((await admin.put(`/doctor/${taken.body.doctor._id}`, { bmdc_No: bmdc })).body.reason).toBe('BMDC_TAKEN');
  });

  it('creates and updates a nurse from the earlier admin form with data URL photos', async () => {
    const res = await admin.post('/create/nurse', {
      name: 'Data Url Nurse', email: `${unique('nurse')}@example.com`, description: '', work: 'Home care', gender: 'female', degree: 'Diploma in Nursing',
      fees: '900', location: 'uttara', phone: '01712000444', images: [await dataUrl()],
    });
    expect(res.status).toBe(200);
    expect(res.body.nurse.images[0].url).toMatch(/^\/uploads\/nurses\/.+\.webp$/);
    const upd = await admin.put(`/nurse/${res.body.nurse._id}`, {
      name: 'Data Url Nurse', email: res.body.nurse.email, description: '', work: 'Home care', gender: 'Female', degree: 'Diploma in Nursing',
      fees: '950', location: 'Uttara', phone: '01712000444', images: [await dataUrl(12)],
    });
    expect(upd.status).toBe(200);
    expect(upd.body.nurse.images.map((i: { url: string }) => i.url)).not.toEqual(res.body.nurse.images.map((i: { url: string }) => i.url));
    // UpdateNurses.js sends every field, the ones the admin did not touch empty: those stay as they are
    const fees = await admin.put(`/nurse/${res.body.nurse._id}`, { name: '', email: '', description: '', work: '', gender: '', degree: '', fees: '1250', location: '', phone: '' });
    expect(fees.status).toBe(200);
    expect(fees.body.nurse).toMatchObject({
      name: 'Data Url Nurse', email: res.body.nurse.email, work: 'Home care', gender: 'Female', degree: 'Diploma in Nursing', fees: 1250, location: 'Uttara', phone: '01712000444',
    });
    expect(fees.body.nurse.images).toEqual(upd.body.nurse.images);
  });

  it('refuses a data URL over the upload limit (413) and one that is not an image (400), before storing anything', async () => {
    const big = `data:image/png;base64,${Buffer.alloc(t.config.uploads.maxBytes + 1024).toString('base64')}`;
    const tooBig = await admin.post('/create/nurse', { name: 'Big', images: [big] });
    expect([tooBig.status, tooBig.body.reason]).toEqual([413, 'FILE_TOO_LARGE']);
    const notImage = await (await freshPatient()).put('/update/avatar', { avatar: `data:image/png;base64,${Buffer.from('hello, not a picture').toString('base64')}` });
    expect([notImage.status, notImage.body.reason]).toEqual([400, 'NOT_AN_IMAGE']);
  });

  it('saves the avatar the earlier profile forms send as a data URL', async () => {
    const fresh = await freshPatient();
    const res = await fresh.put('/update/avatar', { avatar: await dataUrl() });
    expect(res.status).toBe(200);
    expect(res.body.user.avatar.url).toMatch(/^\/uploads\/avatars\/.+\.webp$/);
  });

  it('saves both earlier profile forms: /user/updateinfo with a birthdate, /user/update/profile without one (the birthdate stays)', async () => {
    const fresh = await freshPatient();
    const info = await fresh.put('/update/currentUserdetails', { name: 'Info Form', gender: 'Female', phone: '01812345678', birthdate: '1994-03-12' });
    expect(info.status).toBe(200);
    // UpdateProfile.js: { avatar, name, email, gender, phone }, the avatar undefined when none was chosen
    const profile = await fresh.put('/update/currentUserdetails', { name: 'Profile Form', email: 'someone.else@example.com', gender: 'Male', phone: '01912345678' });
    expect(profile.status).toBe(200);
    expect(profile.body.user).toMatchObject({ name: 'Profile Form', gender: 'Male', phone: '1912345678', birthdate: '1994-03-12' });
    expect(profile.body.user.email).not.toBe('someone.else@example.com');
    // a birthdate sent is still checked
    const bad = await fresh.put('/update/currentUserdetails', { name: 'Profile Form', gender: 'Male', phone: '01912345678', birthdate: '12/03/1994' });
    expect([bad.status, bad.body.fields?.birthdate]).toEqual([400, 'Enter your birthdate']);
  });

  it('writes a first doctor review and a first nurse review sent as PUT, then edits them', async () => {
    const fresh = await freshPatient();
    const doctorId = await doctorIdByName(t, 'Farzana');
    const visit = await fresh.post('/new/appointment', { doctorId, patientname: 'Fresh', patientgender: 'Female', phone: '01712000333', date: new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10), schedule: 'Evening' });
    expect(visit.status).toBe(200);
    await t.sql(`update appointments set status = 'Finished' where id = ?`, [visit.body.appointment._id]);
    const first = await fresh.put('/create/review', { rating: '4.5', comment: 'Listened well', doctorId });
    expect([first.status, first.body.review?.rating]).toEqual([200, 4.5]);
    const again = await fresh.put('/create/review', { rating: 5, comment: 'Even better', doctorId });
    expect([again.status, again.body.review._id]).toEqual([200, first.body.review._id]);

    const nurse = (await asVisitor(t).get('/get/nurses')).body.nurses[0];
    const hire = await fresh.post('/new/hire/nurse', { nursename: 'x', nursefees: 1, nurseimage: 'x', nurseId: nurse._id, patientgender: 'Female', phone: '01712000333', date: new Date(Date.now() + 86_400_000).toISOString().slice(0, 10) });
    expect(hire.status).toBe(200);
    await t.sql(`update nurse_hires set status = 'Completed' where id = ?`, [hire.body.hireNurse._id]);
    const nurseReview = await fresh.put('/create/nurse/review', { rating: 4, comment: 'Gentle', nurseId: nurse._id });
    expect(nurseReview.status).toBe(200);
    // the rules still hold: no completed hire, no review
    const stranger = await (await freshPatient()).put('/create/nurse/review', { rating: 4, comment: 'Never met', nurseId: nurse._id });
    expect(stranger.body.reason).toBe('NO_COMPLETED_HIRE');
  });

  it('writes a prescription sent with medInfo {} and the form\'s blank last row; the doctor\'s list shows the patient\'s name and gender', async () => {
    const fresh = await freshPatient();
    const doctorId = await doctorIdByName(t, 'Ayesha');
    const booked = await fresh.post('/new/appointment', { doctorId, name: 'Shapla Begum', age: '41', weight: '60', height: '5', gender: 'Female', problem: 'Cough' });
    expect(await payInSandbox(t, booked.body.url)).toContain('/payment/successfull/');
    const list = (await doctor.get('/single/doctor/appointment')).body.appointment;
    const mine = list.find((a: { _id: string }) => a._id === booked.body.appointment._id);
    expect(mine).toMatchObject({ name: 'Shapla Begum', gender: 'Female', patientname: 'Shapla Begum', patientgender: 'Female', age: 41, problem: 'Cough' });
    const blank = { medname: '', dailyUse: '', days: '', quantity: '' };
    const res = await doctor.post('/create/prescription', {
      medicines: [{ medname: 'Napa 500', dailyUse: '3', days: '5', quantity: '15' }, blank], medInfo: {}, userId: mine.user, doctorId: mine.doctorId,
      appointmentId: mine._id, doctorAdvice: 'Rest', followUp: '2026-12-01', name: mine.name, gender: mine.gender,
    });
    expect(res.status).toBe(200);
    expect(res.body.prescription).toMatchObject({ medInfo: '', medicines: [{ medname: 'Napa 500', days: 5 }] });
  });

  it('answers phones as the client prints them: it puts the 0 before users\', doctors\', bookings\' and hires\' phones itself', async () => {
    expect((await patient.get('/currentUserDetails')).body.user.phone).toBe('1712345678');
    expect((await doctor.get('/current/Doctor/Details')).body.doctor.phone).toBe('1713000101');
    expect((await admin.get('/admin/doctors')).body.Doctors.every((d: { phone: string }) => /^1\d{9}$/.test(d.phone))).toBe(true);
    expect((await admin.get('/getall/appointment')).body.appointments.filter((a: { phone: string | null }) => a.phone).every((a: { phone: string }) => /^1\d{9}$/.test(a.phone))).toBe(true);
    expect((await admin.get('/getall/hire/nurse')).body.hireNurses.every((h: { phone: string }) => /^1\d{9}$/.test(h.phone))).toBe(true);
    // shown as it is (no 0 added): a nurse's phone keeps its 0
    expect((await asVisitor(t).get('/get/nurses')).body.nurses[0].phone).toMatch(/^01\d{9}$/);
  });
});

describe('sessions of the REST door', () => {
  const claims = (token: string) => jwt.decode(token) as { exp: number; iat: number; door?: string };

  it('gives REST-door logins a token that lives as long as the session; GraphQL logins keep 15 minutes', async () => {
    const rest = await t.http().post('/api/login').send({ email: 'patient@nirog.test', password: DEMO_PASSWORD });
    const c = claims(rest.body.token);
    expect(c.door).toBe('rest');
    expect(Math.abs(c.exp - c.iat - t.config.auth.refreshTokenTtlSeconds)).toBeLessThanOrEqual(5);
    expect(Math.abs(rest.body.expiresIn - t.config.auth.refreshTokenTtlSeconds)).toBeLessThanOrEqual(5);
    const doc = claims((await t.http().post('/api/login/doctor').send({ email: 'doctor@nirog.test', password: DEMO_PASSWORD })).body.token);
    expect(doc.door).toBe('rest');
    const gql = await asVisitor(t).gql('mutation($i: LoginInput!) { login(input: $i) { token } }', { i: { email: 'patient@nirog.test', password: DEMO_PASSWORD } });
    const g = claims(gql.data!.login.token);
    expect([g.door, g.exp - g.iat]).toEqual([undefined, t.config.auth.accessTokenTtlSeconds]);
    // a refresh (Nirog's web) gets the short kind again
    const refreshed = await t.http().post('/api/token/refresh').send({ refreshToken: rest.body.refreshToken });
    const r = claims(refreshed.body.token);
    expect([r.door, r.exp - r.iat]).toEqual([undefined, t.config.auth.accessTokenTtlSeconds]);
  });

  it('keeps a REST-door token working an hour later, while logout ends it at once', async () => {
    const rest = await login(t, 'karim@nirog.test');
    const gql = await asVisitor(t).gql('mutation($i: LoginInput!) { login(input: $i) { token } }', { i: { email: 'karim@nirog.test', password: DEMO_PASSWORD } });
    const web = new Client(t, gql.data!.login.token);
    const now = Date.now();
    const clock = jest.spyOn(Date, 'now').mockImplementation(() => now + 3600_000);
    try {
      expect((await rest.get('/currentUserDetails')).status).toBe(200);
      const expired = await web.get('/currentUserDetails');
      expect([expired.status, expired.body.reason]).toEqual([401, 'TOKEN_EXPIRED']);
    } finally {
      clock.mockRestore();
    }
    expect((await rest.post('/logout')).status).toBe(200);
    expect((await rest.get('/currentUserDetails')).status).toBe(401);
  });
});
