import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { asVisitor, createTestApp, login, type TestApp } from '../../../../test/app.js';
import { linkTokenIn, startMailServer, type TestMailServer } from '../../../../test/mail.js';

let t: TestApp;
let smtp: TestMailServer;
beforeAll(async () => {
  smtp = await startMailServer();
  t = await createTestApp({ env: { SMTP_URL: smtp.url } });
});
afterAll(async () => {
  await t.close();
  await smtp.stop();
});

const OLD = 'mango-tree-42';
const NEW = 'river-boat-77';
const uniqueEmail = (tag: string) => `${tag}.${Math.random().toString(36).slice(2, 8)}@example.com`;

async function patientWithSession() {
  const email = uniqueEmail('selina');
  expect((await t.http().post('/api/register').send({ name: 'Selina Parvin', email, password: OLD })).status).toBe(200);
  await t.worker.tick();
  return { email, client: await login(t, email, OLD) };
}

/** Asks for a reset at the given door and returns the token from the mail that arrived. */
async function resetTokenFor(email: string, path = '/password/forgot', linkPath = '/password/reset/') {
  const before = smtp.to(email).length;
  const res = await t.http().post(`/api${path}`).send({ email });
  expect(res.status).toBe(200);
  expect(res.body.message).toBe('Reset Password Email Send');
  await t.worker.tick();
  const mails = smtp.to(email);
  expect(mails.length).toBe(before + 1);
  return linkTokenIn(mails.at(-1)!, linkPath)!;
}

describe('patient password reset', () => {
  it('mails a link; the new password works, the old one and every session stop, and the owner is told', async () => {
    const { email, client } = await patientWithSession();
    const token = await resetTokenFor(email);
    expect(smtp.to(email).at(-1)!.subject).toBe('Reset your Nirog password');

    const res = await t.http().put(`/api/password/reset/${token}`).send({ password: NEW, confirmPassword: NEW });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, message: 'Password Update Successfully' });

    expect((await client.get('/currentUserDetails')).status).toBe(401);
    expect((await t.http().post('/api/login').send({ email, password: OLD })).status).toBe(401);
    expect((await t.http().post('/api/login').send({ email, password: NEW })).status).toBe(200);

    await t.worker.tick();
    expect(smtp.to(email).at(-1)!.subject).toBe('Your Nirog password was changed');
  });

  it('accepts POST as well as PUT, and the link counts as email verification', async () => {
    const { email } = await patientWithSession();
    const token = await resetTokenFor(email);
    const res = await t.http().post(`/api/password/reset/${token}`).send({ password: NEW, confirmPassword: NEW });
    expect(res.status).toBe(200);
    const me = await (await login(t, email, NEW)).get('/currentUserDetails');
    expect(me.body.user.emailVerified).toBe(true);
  });

  it('uses a link once', async () => {
    const { email } = await patientWithSession();
    const token = await resetTokenFor(email);
    expect((await t.http().put(`/api/password/reset/${token}`).send({ password: NEW, confirmPassword: NEW })).status).toBe(200);
    const again = await t.http().put(`/api/password/reset/${token}`).send({ password: 'third-pass-55', confirmPassword: 'third-pass-55' });
    expect(again.status).toBe(400);
    expect(again.body).toMatchObject({ message: 'Reset Password Token is invalid or has been expired', reason: 'LINK_EXPIRED' });
  });

  it('refuses a link after 15 minutes', async () => {
    const { email } = await patientWithSession();
    const token = await resetTokenFor(email);
    const rows = await t.sql(`select extract(epoch from expires_at - created_at) as s from account_tokens where purpose = 'password_reset' order by created_at desc limit 1`) as { s: string }[];
    expect(Math.round(Number(rows[0]!.s))).toBe(15 * 60);
    await t.sql(`update account_tokens set expires_at = now() - interval '1 second' where purpose = 'password_reset'`);
    const res = await t.http().put(`/api/password/reset/${token}`).send({ password: NEW, confirmPassword: NEW });
    expect(res.status).toBe(400);
    expect((await t.http().post('/api/login').send({ email, password: OLD })).status).toBe(200);
  });

  it('answers an unknown email exactly like a known one and mails nobody', async () => {
    const before = smtp.mails.length;
    const unknown = await t.http().post('/api/password/forgot').send({ email: 'nobody-here@example.com' });
    expect(unknown.status).toBe(200);
    expect(unknown.body).toEqual({ success: true, message: 'Reset Password Email Send' });
    await t.worker.tick();
    expect(smtp.mails.length).toBe(before);
  });

  it('keeps the link usable after a mismatched or weak password', async () => {
    const { email } = await patientWithSession();
    const token = await resetTokenFor(email);
    const mismatch = await t.http().put(`/api/password/reset/${token}`).send({ password: NEW, confirmPassword: 'other-pass-12' });
    expect(mismatch.status).toBe(400);
    expect(mismatch.body.message).toBe('Password does not match');
    const weak = await t.http().put(`/api/password/reset/${token}`).send({ password: 'password123', confirmPassword: 'password123' });
    expect(weak.status).toBe(400);
    expect(weak.body.reason).toBe('WEAK_PASSWORD');
    expect((await t.http().put(`/api/password/reset/${token}`).send({ password: NEW, confirmPassword: NEW })).status).toBe(200);
  });

  it('sends one mail for repeated requests within a minute, and a newer link replaces the older', async () => {
    const { email } = await patientWithSession();
    const first = await resetTokenFor(email);
    await t.http().post('/api/password/forgot').send({ email });
    await t.worker.tick();
    expect(smtp.to(email).filter((m) => m.subject === 'Reset your Nirog password')).toHaveLength(1);

    await t.sql(`update account_tokens set created_at = created_at - interval '2 minutes' where purpose = 'password_reset'`);
    const second = await resetTokenFor(email);
    expect(second).not.toBe(first);
    expect((await t.http().put(`/api/password/reset/${first}`).send({ password: NEW, confirmPassword: NEW })).status).toBe(400);
    expect((await t.http().put(`/api/password/reset/${second}`).send({ password: NEW, confirmPassword: NEW })).status).toBe(200);
  });

  it('lets only one of two simultaneous resets with the same link through', async () => {
    const { email } = await patientWithSession();
    const token = await resetTokenFor(email);
    const results = await Promise.all(['first-pass-11', 'second-pass-22'].map((p) =>
      t.http().put(`/api/password/reset/${token}`).send({ password: p, confirmPassword: p })));
    expect(results.map((r) => r.status).sort()).toEqual([200, 400]);
    const winner = results[0]!.status === 200 ? 'first-pass-11' : 'second-pass-22';
    expect((await t.http().post('/api/login').send({ email, password: winner })).status).toBe(200);
  });

  it('works over GraphQL', async () => {
    const { email } = await patientWithSession();
    const visitor = asVisitor(t);
    const asked = await visitor.gql('mutation($e: String!) { forgotPassword(input: { email: $e }) { message } }', { e: email });
    expect(asked.data?.forgotPassword.message).toBe('Reset Password Email Send');
    await t.worker.tick();
    const token = linkTokenIn(smtp.to(email).at(-1)!, '/password/reset/');
    const res = await visitor.gql('mutation($t: String!, $p: String!) { resetPassword(token: $t, input: { password: $p, confirmPassword: $p }) { message } }',
      { t: token, p: NEW });
    expect(res.data?.resetPassword.message).toBe('Password Update Successfully');
  });

  it('mails in Bangla to a patient who chose Bangla', async () => {
    const { email, client } = await patientWithSession();
    expect((await client.put('/update/language', { language: 'bn' })).status).toBe(200);
    await resetTokenFor(email);
    expect(smtp.to(email).at(-1)!.subject).toBe('আপনার নীরোগ পাসওয়ার্ড রিসেট করুন');
  });
});

describe('doctor password reset', () => {
  const doctorEmail = 'mahbub.cardio@nirog.test';

  it('mails the doctors\' link; the doctor logs in at the doctor login with the new password', async () => {
    const doctor = await login(t, doctorEmail, 'nirog2026', 'doctor');
    const token = await resetTokenFor(doctorEmail, '/doctor/forgotPassword', '/forgot/password/reset/');
    const res = await t.http().put(`/api/forgot/password/reset/${token}`).send({ password: NEW, confirmPassword: NEW });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Password Update Successfully');
    expect((await doctor.get('/current/Doctor/Details')).status).toBe(401);
    expect((await t.http().post('/api/login/doctor').send({ email: doctorEmail, password: NEW })).status).toBe(200);
  });

  it('refuses a used or made-up doctor link and answers an unknown email the same way', async () => {
    const unknown = await t.http().post('/api/doctor/forgotPassword').send({ email: 'no.doctor@example.com' });
    expect(unknown.body).toEqual({ success: true, message: 'Reset Password Email Send' });
    const made = await t.http().post('/api/forgot/password/reset/aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa').send({ password: NEW, confirmPassword: NEW });
    expect(made.status).toBe(400);
    expect(made.body.message).toBe('Reset Password Token is invalid or has been expired');
  });

  it('works over GraphQL', async () => {
    const email = 'farzana.derma@nirog.test';
    const visitor = asVisitor(t);
    await visitor.gql('mutation($e: String!) { doctorForgotPassword(input: { email: $e }) { message } }', { e: email });
    await t.worker.tick();
    const token = linkTokenIn(smtp.to(email).at(-1)!, '/forgot/password/reset/');
    const res = await visitor.gql('mutation($t: String!, $p: String!) { doctorResetPassword(token: $t, input: { password: $p, confirmPassword: $p }) { message } }',
      { t: token, p: NEW });
    expect(res.data?.doctorResetPassword.message).toBe('Password Update Successfully');
  });
});
