import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { asAdmin, asDoctor, asPatient, asVisitor, createTestApp, login, pngImage, type TestApp } from '../../../../test/app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const doctorFields = (email: string, bmdc: string) => ({
  title: 'Dr.', name: 'Shirin Akhter', email, password: 'stetho-scope-9', phone: '01912345678', gender: 'Female',
  degree: 'MBBS, FCPS', expert: 'Cardiology', work: 'Ibn Sina Hospital', experience: '8', fees: '900', location: 'Dhanmondi',
  description: 'Heart specialist', nid_No: '1234567890', bmdc_No: bmdc, type: 'Medical',
});

async function registerDoctor(fields: Record<string, string>, withAvatar = true) {
  const req = t.http().post('/api/register/doctor');
  for (const [k, v] of Object.entries(fields)) req.field(k, v);
  if (withAvatar) req.attach('avatar', await pngImage(), 'dr.png');
  return req;
}

describe('doctor accounts', () => {
  it('registers a doctor who stays pending until an admin approves, then logs in online and logs out offline', async () => {
    const res = await registerDoctor(doctorFields('shirin@example.com', 'A-61234'));
    expect(res.status).toBe(200);
    expect(res.body.doctor).toMatchObject({ status: 'pending', fees: 900, expert: ['Cardiology'], isActive: false });
    expect(res.body.doctor).not.toHaveProperty('nid_No');

    const early = await t.http().post('/api/login/doctor').send({ email: 'shirin@example.com', password: 'stetho-scope-9' });
    expect(early.status).toBe(403);
    expect(early.body.reason).toBe('DOCTOR_PENDING');

    const admin = await asAdmin(t);
    const pending = await admin.gql('{ pendingDoctors { items { id name email nidNo bmdcNo status } total } }');
    const mine = pending.data!.pendingDoctors.items.find((d: { email: string }) => d.email === 'shirin@example.com');
    expect(mine).toMatchObject({ name: 'Shirin Akhter', nidNo: '1234567890', bmdcNo: 'A-61234', status: 'Pending' });
    const approved = await admin.gql('mutation($id: ID!) { approveDoctor(id: $id) { status } }', { id: mine.id });
    expect(approved.data!.approveDoctor.status).toBe('Approved');

    const doctor = await login(t, 'shirin@example.com', 'stetho-scope-9', 'doctor');
    const details = await doctor.get('/current/Doctor/Details');
    expect(details.body.doctor).toMatchObject({ isActive: true, nid_No: '1234567890', name: 'Shirin Akhter' });
    expect((await doctor.put('/logout/doctor')).status).toBe(200);
    const after = await (await login(t, 'shirin@example.com', 'stetho-scope-9', 'doctor')).gql('{ myDoctorProfile { isOnline } }');
    expect(after.data!.myDoctorProfile.isOnline).toBe(true); // logging in again sets online again
  });

  it("answers a missing field with 'Enter all Fields' and creates nothing", async () => {
    const fields = doctorFields('missing@example.com', 'A-70001') as Record<string, string>;
    delete fields.degree;
    const res = await registerDoctor(fields);
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Enter all Fields');
    const noAvatar = await registerDoctor(doctorFields('missing@example.com', 'A-70001'), false);
    expect(noAvatar.status).toBe(400);
    expect(noAvatar.body.message).toBe('Enter all Fields');
    expect((await t.http().post('/api/login/doctor').send({ email: 'missing@example.com', password: 'stetho-scope-9' })).status).toBe(401);
  });

  it('refuses a BMDC number that is already registered, whether or not the email is', async () => {
    // A taken unique value is a conflict (409), as for every other module.
    const res = await registerDoctor(doctorFields('copycat@example.com', 'A-45120'));
    expect(res.status).toBe(409);
    expect(res.body.reason).toBe('BMDC_TAKEN');
    const takenEmail = await registerDoctor(doctorFields('patient@nirog.test', 'A-45120'));
    expect(takenEmail.status).toBe(409);
    expect(takenEmail.body).toEqual(res.body);
  });

  it('answers a registration with a registered email like a new one, creates nothing, and mails the owner', async () => {
    const ownerId = (await t.sql(`select id from users where email = 'patient@nirog.test'`))[0]!.id as string;
    const mailsBefore = (await t.sql(`select count(*)::int as n from mail_outbox where template = 'signup-attempt' and user_id = ?`, [ownerId]))[0]!.n;

    const fresh = await registerDoctor(doctorFields('brand.new.doctor@example.com', 'A-80002'));
    const taken = await registerDoctor({ ...doctorFields('Patient@Nirog.test', 'A-80001'), password: 'kite-flyer-77' });
    expect(taken.status).toBe(fresh.status);
    expect(Object.keys(taken.body).sort()).toEqual(Object.keys(fresh.body).sort());
    expect(taken.body.message).toBe(fresh.body.message);
    expect(Object.keys(taken.body.doctor).sort()).toEqual(Object.keys(fresh.body.doctor).sort());
    expect(taken.body.doctor).toMatchObject({ status: 'pending', name: 'Shirin Akhter', bmdc_No: 'A-80001', email: fresh.body.doctor.email });
    expect(taken.body.doctor.avatar.url).toMatch(/^\/uploads\/avatars\/[0-9a-f-]{36}\.webp$/);

    // Nothing stored: no doctor with that id or BMDC, one account for the email, still a patient.
    expect(await t.sql('select 1 from doctors where id = ? or bmdc_no = ?', [taken.body.doctor._id, 'A-80001'])).toHaveLength(0);
    expect(await t.sql('select 1 from users where id = ?', [taken.body.doctor._id])).toHaveLength(0);
    expect((await t.sql(`select id, role from users where lower(email) = 'patient@nirog.test'`))).toEqual([{ id: ownerId, role: 'user' }]);
    await expect(login(t, 'patient@nirog.test')).resolves.toBeDefined();
    expect((await t.http().post('/api/login/doctor').send({ email: 'patient@nirog.test', password: 'kite-flyer-77' })).status).toBe(401);
    const pending = await (await asAdmin(t)).gql('{ pendingDoctors(pageSize: 100) { items { email } } }');
    expect(pending.data!.pendingDoctors.items.map((d: { email: string }) => d.email)).not.toContain('patient@nirog.test');

    const mails = await t.sql(`select * from mail_outbox where template = 'signup-attempt' and user_id = ?`, [ownerId]);
    expect(mails).toHaveLength(mailsBefore + 1);
    expect(mails.at(-1)!.text).toContain('/user/password');

    // The GraphQL door answers the same way.
    const gql = async (email: string, bmdcNo: string) => t.http().post('/graphql').set('apollo-require-preflight', 'true')
      .field('operations', JSON.stringify({
        query: 'mutation($input: DoctorSignupInput!, $avatar: Upload!) { doctorSignup(input: $input, avatar: $avatar) { id status name email bmdcNo fees rating isOnline } }',
        variables: {
          input: {
            title: 'Dr', name: 'Shirin Akhter', email, password: 'stetho-scope-9', phone: '01912345678', gender: 'Female', degree: 'MBBS',
            specialities: ['Cardiology'], work: 'Ibn Sina Hospital', experienceYears: 8, fees: 900, location: 'Dhanmondi', description: 'Heart',
            nidNo: '1234567890', bmdcNo, type: 'Medical',
          },
          avatar: null,
        },
      }))
      .field('map', JSON.stringify({ 0: ['variables.avatar'] }))
      .attach('0', await pngImage(), 'dr.png');
    const gFresh = await gql('another.new.doctor@example.com', 'A-80004');
    const gTaken = await gql('doctor@nirog.test', 'A-80003');
    expect(gFresh.body.errors).toBeUndefined();
    expect(gTaken.status).toBe(gFresh.status);
    expect(gTaken.body.errors).toBeUndefined();
    expect(Object.keys(gTaken.body.data.doctorSignup).sort()).toEqual(Object.keys(gFresh.body.data.doctorSignup).sort());
    expect(gTaken.body.data.doctorSignup).toMatchObject({ status: 'Pending', bmdcNo: 'A-80003', rating: 0, isOnline: false, email: gFresh.body.data.doctorSignup.email });
    expect(await t.sql('select 1 from doctors where id = ? or bmdc_no = ?', [gTaken.body.data.doctorSignup.id, 'A-80003'])).toHaveLength(0);
    expect(await t.sql('select 1 from doctors where id = ?', [gFresh.body.data.doctorSignup.id])).toHaveLength(1);
    const doctorUser = (await t.sql(`select id from users where email = 'doctor@nirog.test'`))[0]!.id as string;
    const doctorMail = await t.sql(`select * from mail_outbox where template = 'signup-attempt' and user_id = ?`, [doctorUser]);
    expect(doctorMail).toHaveLength(1);
    expect(doctorMail[0]!.text).toContain('/doctor-forgot-password');
  });

  it('hides a doctor\'s NID and personal link from everyone but the doctor and admins', async () => {
    const doctor = await asDoctor(t);
    const own = await doctor.gql('{ myDoctorProfile { nidNo name isOnline } }');
    expect(own.data!.myDoctorProfile.nidNo).toMatch(/^\d+$/);
    const patient = await asPatient(t);
    expect((await patient.gql('{ myDoctorProfile { id } }')).code).toBe('FORBIDDEN');
    expect((await patient.gql('{ pendingDoctors { total } }')).code).toBe('FORBIDDEN');
    expect((await asVisitor(t).gql('{ pendingDoctors { total } }')).code).toBe('UNAUTHENTICATED');
  });

  it('lets a doctor switch online and offline', async () => {
    const doctor = await asDoctor(t);
    const off = await doctor.gql('mutation { setDoctorOnline(online: false) { isOnline } }');
    expect(off.data!.setDoctorOnline.isOnline).toBe(false);
    const on = await doctor.gql('mutation { setDoctorOnline(online: true) { isOnline } }');
    expect(on.data!.setDoctorOnline.isOnline).toBe(true);
  });

  it('lets an admin reject a pending doctor, who then cannot log in', async () => {
    const res = await registerDoctor(doctorFields('rejectme@example.com', 'A-70002'));
    const admin = await asAdmin(t);
    const rejected = await admin.put(`/admin/doctor/${res.body.doctor._id}/reject`);
    expect(rejected.body.doctor.status).toBe('rejected');
    const attempt = await t.http().post('/api/login/doctor').send({ email: 'rejectme@example.com', password: 'stetho-scope-9' });
    expect(attempt.body.reason).toBe('DOCTOR_REJECTED');
  });
});
