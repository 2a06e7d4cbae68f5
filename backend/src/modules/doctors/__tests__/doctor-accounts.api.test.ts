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

  it('refuses a BMDC number that is already registered', async () => {
    const res = await registerDoctor(doctorFields('copycat@example.com', 'A-45120'));
    expect(res.status).toBe(400);
    expect(res.body.reason).toBe('BMDC_TAKEN');
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
