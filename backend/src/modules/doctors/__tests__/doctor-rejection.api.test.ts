import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { asAdmin, asDoctor, asPatient, asVisitor, createTestApp, type Client, type TestApp } from '../../../../test/app.js';
import { Doctor } from '../doctor.entity.js';
import { DoctorStatus } from '../doctor.enums.js';
import { DEMO_PASSWORD } from '../../../seeders/demo-accounts.js';

/**
 * A doctor who is rejected (or set back by any other path) loses access at once: every session is
 * revoked, every request and refresh checks the doctor's state, and the prescriptions they wrote are
 * no longer called genuine by the public check.
 */
let t: TestApp;
let admin: Client;
let patient: Client;

beforeAll(async () => {
  t = await createTestApp();
  admin = await asAdmin(t);
  patient = await asPatient(t);
});
afterAll(async () => {
  await t.close();
});

async function doctorIdByName(name: string): Promise<string> {
  const res = await asVisitor(t).get(`/doctors?keyword=${encodeURIComponent(name)}`);
  return res.body.doctors[0].id as string;
}

/** A paid consultation with this doctor, and the prescription the doctor writes for it. */
async function prescriptionBy(doctor: Client, doctorId: string): Promise<string> {
  const booked = await patient.post('/new/appointment', {
    doctorId, name: 'Rahima Akter', age: 34, weight: '58 kg', height: `5'2"`, gender: 'Female', problem: 'Cough for two weeks',
  });
  expect(booked.status).toBe(200);
  const id = booked.body.appointment._id as string;
  await t.orm.em.fork().transactional((tx) => t.services.appointments.markConsultationPaid(tx as never, id, `pay-${id}`, booked.body.appointment.feePoisha));
  const written = await doctor.post('/create/prescription', {
    appointmentId: id, medicines: [{ medname: 'Napa 500 mg', dailyUse: '1+0+1', days: 5, quantity: '10 tablets' }],
    medInfo: 'After meals', doctorAdvice: 'Rest', followUp: 'After 7 days',
  });
  expect(written.status).toBe(200);
  return written.body.prescription.verificationCode as string;
}

describe('rejecting an approved doctor', () => {
  it('ends their access and refresh tokens at once, through REST and GraphQL', async () => {
    const doctor = await asDoctor(t, 'mahbub.cardio@nirog.test');
    const doctorId = await doctorIdByName('Mahbub');
    expect((await doctor.get('/single/doctor/appointment')).status).toBe(200);

    const rejected = await admin.put(`/admin/doctor/${doctorId}/reject`);
    expect(rejected.status).toBe(200);
    expect(rejected.body.doctor.status).toBe('rejected');
    const open = await t.sql<{ n: number }>(
      'select count(*)::int as n from auth_sessions s join users u on u.id = s.user_id where u.email = ? and s.revoked_at is null', ['mahbub.cardio@nirog.test']);
    expect(open[0]!.n).toBe(0);

    const list = await doctor.get('/single/doctor/appointment');
    expect(list.status).toBe(401);
    const gql = await doctor.gql('{ myDoctorProfile { id } }');
    expect(gql.code).toBe('UNAUTHENTICATED');
    const write = await doctor.post('/create/prescription', { appointmentId: '00000000-0000-4000-8000-000000000000', medicines: [] });
    expect(write.status).toBe(401);
    const refresh = await t.http().post('/api/token/refresh').send({ refreshToken: doctor.refreshToken });
    expect(refresh.status).toBe(401);
    expect(refresh.body.token).toBeUndefined();
    // and a new login is refused, as before
    const again = await t.http().post('/api/login/doctor').send({ email: 'mahbub.cardio@nirog.test', password: DEMO_PASSWORD });
    expect(again.status).not.toBe(200);
  });

  it("checks the doctor's state on every request and refresh, even where a session was left open", async () => {
    const doctor = await asDoctor(t, 'farzana.derma@nirog.test');
    expect((await doctor.get('/single/doctor/appointment')).status).toBe(200);
    // Set back without going through the admin review (so no session is revoked).
    await t.orm.em.fork().nativeUpdate(Doctor, { user: doctor.user!.id ?? doctor.user!._id }, { status: DoctorStatus.Rejected });

    const list = await doctor.get('/single/doctor/appointment');
    expect(list.status).toBe(401);
    expect(list.body.reason).toBe('DOCTOR_NOT_APPROVED');
    const refresh = await t.http().post('/api/token/refresh').send({ refreshToken: doctor.refreshToken });
    expect(refresh.status).toBe(401);
    expect(refresh.body.reason).toBe('DOCTOR_NOT_APPROVED');

    await t.orm.em.fork().nativeUpdate(Doctor, { user: doctor.user!.id ?? doctor.user!._id }, { status: DoctorStatus.Approved });
    expect((await doctor.get('/single/doctor/appointment')).status).toBe(200);
  });
});

describe('the public prescription check', () => {
  it('calls a prescription genuine only while the doctor who wrote it is approved', async () => {
    const doctor = await asDoctor(t, 'doctor@nirog.test');
    const doctorId = await doctorIdByName('Ayesha');
    const code = await prescriptionBy(doctor, doctorId);
    const before = await asVisitor(t).get(`/verify/prescription/${code}`);
    expect(before.body).toMatchObject({ genuine: true, code });

    expect((await admin.put(`/admin/doctor/${doctorId}/reject`)).status).toBe(200);
    const after = await asVisitor(t).get(`/verify/prescription/${code}`);
    expect(after.status).toBe(200);
    expect(after.body).toMatchObject({ genuine: false, code, reason: 'DOCTOR_NOT_APPROVED' });
    expect(after.body.doctor).toBeUndefined();
    const page = await t.http().get(`/api/verify/prescription/${code}`).set('Accept', 'text/html');
    expect(page.text).toContain('Not valid');
    expect(page.text).not.toContain('Genuine');
  });
});
