import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { asAdmin, asDoctor, asPatient, createTestApp, type TestApp } from '../../../../test/app.js';
import { codeSentTo, freshPhone } from '../../../../test/fixtures.js';
import { PHONE_ONLY_PATIENT } from '../../../seeders/demo-accounts.js';

/**
 * Phone-first accounts (issue 19): signup and login with a Bangladeshi mobile number and an SMS
 * code, a number added to an existing account from its profile, and a number that cannot be taken
 * over. Through GraphQL over real HTTP, the SMS read back from the sandbox as its owner would.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

let ipSeq = 0;
/** A fresh client address per call: the per-address throttles are limits.test.ts's subject. */
async function gql(query: string, variables: Record<string, unknown> = {}, token?: string) {
  let req = t.http().post('/graphql').set('X-Forwarded-For', `203.0.113.${++ipSeq % 250}`).set('Content-Type', 'application/json');
  if (token) req = req.set('Authorization', `Bearer ${token}`);
  const res = await req.send({ query, variables });
  return { status: res.status, data: res.body.data, error: res.body.errors?.[0] as { message: string; extensions: Record<string, any> } | undefined };
}
/** Lets a number ask again at once (its resend window over). */
const pastCooldown = (phone: string) => t.sql(`delete from rate_limit_buckets where key = ?`, [`sms-resend:+88${phone}`]);

const SIGNUP = 'mutation($i: PhoneSignupInput!) { sendSignupCode(input: $i) { phone expiresInSeconds resendInSeconds } }';
const LOGIN_CODE = 'mutation($i: PhoneNumberInput!) { sendLoginCode(input: $i) { phone expiresInSeconds resendInSeconds } }';
const LOGIN = 'mutation($i: PhoneCodeInput!) { loginWithCode(input: $i) { token refreshToken user { id name email phone phoneVerified emailVerified contactVerified hasPassword language role } } }';
const ADD_PHONE = 'mutation($i: PhoneNumberInput!) { sendPhoneCode(input: $i) { phone expiresInSeconds resendInSeconds } }';
const VERIFY_PHONE = 'mutation($i: VerifyPhoneInput!) { verifyPhone(input: $i) { phone phoneVerified contactVerified } }';
const texts = (phone: string) => t.sql('select template, body, user_id from sms_outbox where to_phone = ? order by created_at', [`+88${phone}`]);
const codeRows = (phone: string) => t.sql('select * from phone_codes where phone_e164 = ? order by created_at', [`+88${phone}`]);
const bn = (s: string) => s.replace(/[0-9]/g, (d) => String.fromCharCode(0x09e6 + Number(d)));

describe('signup with a mobile number alone', () => {
  it('texts a 6 digit code to the number (typed in Bangla digits), and the code makes the account and logs it in', async () => {
    const phone = freshPhone();
    const sent = await gql(SIGNUP, { i: { name: 'Shapla Rani', phone: bn(phone), language: 'bn' } });
    expect(sent.error).toBeUndefined();
    expect(sent.data.sendSignupCode).toEqual({ phone, expiresInSeconds: 300, resendInSeconds: 60 });
    const [sms] = await texts(phone);
    // In the reader's language and digits; the code first, so the phone's notification shows it.
    expect(sms).toMatchObject({ template: 'phone-code', user_id: null });
    expect(sms!.body).toMatch(/^[০-৯]{6} আপনার নীরোগ কোড। এটি ৫ মিনিট কার্যকর।/);
    const code = await codeSentTo(t, phone);

    const res = await gql(LOGIN, { i: { phone, code: bn(code) } });
    expect(res.error).toBeUndefined();
    expect(res.data.loginWithCode.user).toMatchObject({
      name: 'Shapla Rani', email: '', phone, phoneVerified: true, emailVerified: false, contactVerified: true, hasPassword: false, language: 'bn', role: 'User',
    });
    // The token works: the account is the caller.
    const me = await gql('{ me { id phone } }', {}, res.data.loginWithCode.token);
    expect(me.data.me).toEqual({ id: res.data.loginWithCode.user.id, phone });
    const [row] = await t.sql('select email, password_hash, phone_e164, phone_verified_at from users where id = ?', [me.data.me.id]);
    expect(row).toMatchObject({ email: null, password_hash: '!', phone_e164: `+88${phone}` });
    expect(row!.phone_verified_at).not.toBeNull();
  });

  it('keeps only a keyed hash of the code, for 5 minutes, and takes it once', async () => {
    const phone = freshPhone();
    await gql(SIGNUP, { i: { name: 'Mithu', phone } });
    const code = await codeSentTo(t, phone);
    const [row] = await codeRows(phone);
    expect(row!.code_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(row)).not.toContain(code);
    expect(new Date(row!.expires_at).getTime() - new Date(row!.created_at).getTime()).toBe(5 * 60_000);
    expect((await gql(LOGIN, { i: { phone, code } })).error).toBeUndefined();
    const again = await gql(LOGIN, { i: { phone, code } });
    expect(again.error?.extensions).toMatchObject({ code: 'BAD_USER_INPUT', reason: 'CODE_EXPIRED' });
  });

  it('refuses an expired code, says how many tries are left for a wrong one, and a newer code ends the older', async () => {
    const phone = freshPhone();
    await gql(SIGNUP, { i: { name: 'Mithu', phone } });
    const first = await codeSentTo(t, phone);
    await t.sql(`update phone_codes set expires_at = now() - interval '1 second' where phone_e164 = ?`, [`+88${phone}`]);
    expect((await gql(LOGIN, { i: { phone, code: first } })).error?.extensions.reason).toBe('CODE_EXPIRED');
    await pastCooldown(phone);
    await gql(SIGNUP, { i: { name: 'Mithu', phone } });
    const second = await codeSentTo(t, phone);
    const wrong = second === '000000' ? '111111' : '000000';
    const res = await gql(LOGIN, { i: { phone, code: wrong } });
    expect(res.error).toMatchObject({ message: 'Wrong code. 4 attempts left', extensions: { reason: 'WRONG_CODE', params: { count: 4 } } });
    await pastCooldown(phone);
    await gql(SIGNUP, { i: { name: 'Mithu', phone } });
    const third = await codeSentTo(t, phone);
    if (third !== second) expect((await gql(LOGIN, { i: { phone, code: second } })).error?.extensions.reason).toBe('WRONG_CODE');
    expect((await gql(LOGIN, { i: { phone, code: third } })).error).toBeUndefined();
  });

  it('refuses numbers that are not Bangladeshi mobiles before sending anything', async () => {
    const res = await gql(SIGNUP, { i: { name: 'X', phone: '+441234567890' } });
    expect(res.error?.extensions).toMatchObject({ code: 'BAD_USER_INPUT', reason: 'INVALID_PHONE' });
  });
});

describe('a number cannot be taken over', () => {
  it('answers a signup with a verified number exactly as a new one, sends no code, and tells the owner once an hour', async () => {
    const taken = '01712345678'; // the demo patient's verified number
    const fresh = freshPhone();
    const a = await gql(SIGNUP, { i: { name: 'Someone Else', phone: taken } });
    const b = await gql(SIGNUP, { i: { name: 'Someone Else', phone: fresh } });
    expect(a.status).toBe(b.status);
    expect(Object.keys(a.data.sendSignupCode)).toEqual(Object.keys(b.data.sendSignupCode));
    expect({ ...a.data.sendSignupCode, phone: '' }).toEqual({ ...b.data.sendSignupCode, phone: '' });
    expect((await codeRows(taken)).filter((r) => r.purpose === 'signup')).toHaveLength(0);
    const notices = (await texts(taken)).filter((s) => s.template === 'phone-taken-attempt');
    expect(notices).toHaveLength(1);
    expect(notices[0]!.body).toContain('log in with this number');
    await pastCooldown(taken);
    await gql(SIGNUP, { i: { name: 'Someone Else', phone: taken } });
    expect((await texts(taken)).filter((s) => s.template === 'phone-taken-attempt')).toHaveLength(1);
    // Whatever code is tried, no account is made and nobody is logged in.
    const guess = await gql(LOGIN, { i: { phone: taken, code: '123456' } });
    expect(guess.data).toBeNull();
    expect(await t.sql('select count(*)::int as n from users where phone_e164 = ?', [`+88${taken}`])).toEqual([{ n: 1 }]);
  });

  it('settles a number verified elsewhere while a signup code waited: the code answers PHONE_TAKEN and makes nothing', async () => {
    const phone = freshPhone();
    await gql(SIGNUP, { i: { name: 'Late', phone } });
    const code = await codeSentTo(t, phone);
    await t.sql(`update users set phone_e164 = ?, phone_verified_at = now() where email = 'nusrat@nirog.test'`, [`+88${phone}`]);
    const res = await gql(LOGIN, { i: { phone, code } });
    expect(res.error?.extensions).toMatchObject({ code: 'CONFLICT', reason: 'PHONE_TAKEN' });
    expect(await t.sql('select count(*)::int as n from users where phone_e164 = ?', [`+88${phone}`])).toEqual([{ n: 1 }]);
    await t.sql(`update users set phone_e164 = '+8801556677889' where email = 'nusrat@nirog.test'`);
  });

  it('answers a login for a number no patient verified like any other, and texts nothing', async () => {
    const unknown = freshPhone();
    const known = '01819876543'; // Karim's verified number
    const a = await gql(LOGIN_CODE, { i: { phone: unknown } });
    const b = await gql(LOGIN_CODE, { i: { phone: known } });
    expect({ ...a.data.sendLoginCode, phone: '' }).toEqual({ ...b.data.sendLoginCode, phone: '' });
    expect(await texts(unknown)).toHaveLength(0);
    expect((await texts(known)).map((s) => s.template)).toContain('phone-code');
  });
});

describe('login with a mobile number', () => {
  it('logs a patient in with the code texted to their verified number, in their language', async () => {
    const phone = PHONE_ONLY_PATIENT.local;
    expect((await gql(LOGIN_CODE, { i: { phone } })).error).toBeUndefined();
    const [sms] = (await texts(phone)).filter((s) => s.template === 'phone-code').slice(-1);
    expect(sms!.body).toContain('আপনার নীরোগ কোড');
    const res = await gql(LOGIN, { i: { phone, code: await codeSentTo(t, phone) } });
    expect(res.data.loginWithCode.user).toMatchObject({ name: PHONE_ONLY_PATIENT.name, email: '', hasPassword: false });
  });

  it('sends no login code to a doctor or an admin: they log in with their password at their own doors', async () => {
    const admin = await asAdmin(t);
    const adminPhone = admin.user!.phone as string; // the REST shape: without the leading 0
    await gql(LOGIN_CODE, { i: { phone: `0${adminPhone}` } });
    expect((await texts(`0${adminPhone}`)).filter((s) => s.template === 'phone-code')).toHaveLength(0);
  });
});

describe('a number added from the profile', () => {
  it('verifies a new number for an email account; the number then logs in and is texted', async () => {
    const karim = await asPatient(t, 'karim@nirog.test');
    const phone = freshPhone();
    const sent = await gql(ADD_PHONE, { i: { phone } }, karim.token);
    expect(sent.data.sendPhoneCode.phone).toBe(phone);
    const res = await gql(VERIFY_PHONE, { i: { code: await codeSentTo(t, phone) } }, karim.token);
    expect(res.data.verifyPhone).toEqual({ phone, phoneVerified: true, contactVerified: true });
    await pastCooldown(phone);
    await gql(LOGIN_CODE, { i: { phone } });
    const login = await gql(LOGIN, { i: { phone, code: await codeSentTo(t, phone) } });
    expect(login.data.loginWithCode.user.email).toBe('karim@nirog.test');
    // Back to the demo number for the other tests.
    await t.sql(`update users set phone_e164 = '+8801819876543' where email = 'karim@nirog.test'`);
  });

  it('answers another account claiming a verified number as if a code went out, and its code check finds nothing', async () => {
    const nusrat = await asPatient(t, 'nusrat@nirog.test');
    const taken = '01712345678';
    await pastCooldown(taken);
    const res = await gql(ADD_PHONE, { i: { phone: taken } }, nusrat.token);
    expect(res.error).toBeUndefined();
    expect((await codeRows(taken)).filter((r) => r.purpose === 'verify')).toHaveLength(0);
    const check = await gql(VERIFY_PHONE, { i: { code: '123456' } }, nusrat.token);
    expect(check.error?.extensions.reason).toBe('CODE_EXPIRED');
    expect((await t.sql(`select phone_e164 from users where email = 'patient@nirog.test'`))[0]!.phone_e164).toBe(`+88${taken}`);
  });

  it("says so when the number is already the caller's own verified one", async () => {
    const rahima = await asPatient(t);
    const res = await gql(ADD_PHONE, { i: { phone: '01712345678' } }, rahima.token);
    expect(res.error?.extensions.reason).toBe('ALREADY_VERIFIED');
  });

  it('a profile form changing a verified number unverifies it, except where the number is the only way in', async () => {
    const nusrat = await asPatient(t, 'nusrat@nirog.test');
    const changed = await nusrat.put('/update/currentUserdetails', { name: 'Nusrat Jahan', gender: 'Female', phone: freshPhone(), birthdate: '2000-07-21' });
    expect(changed.status).toBe(200);
    expect(changed.body.user.phoneVerified).toBe(false);
    await t.sql(`update users set phone_e164 = '+8801556677889', phone_verified_at = now() where email = 'nusrat@nirog.test'`);

    const phone = freshPhone();
    await gql(SIGNUP, { i: { name: 'Only Phone', phone } });
    const login = await gql(LOGIN, { i: { phone, code: await codeSentTo(t, phone) } });
    const token = login.data.loginWithCode.token as string;
    const refused = await gql('mutation($i: UpdateProfileInput!) { updateProfile(input: $i) { phone } }',
      { i: { name: 'Only Phone', phone: freshPhone(), birthdate: '1990-01-01' } }, token);
    expect(refused.error?.extensions).toMatchObject({ code: 'BAD_USER_INPUT', reason: 'PHONE_CHANGE_NEEDS_CODE' });
    const same = await gql('mutation($i: UpdateProfileInput!) { updateProfile(input: $i) { phone phoneVerified } }',
      { i: { name: 'Only Phone', phone, birthdate: '1990-01-01' } }, token);
    expect(same.data.updateProfile).toEqual({ phone, phoneVerified: true });
    expect((await gql('mutation { resendVerification { success } }', {}, token)).error?.extensions.reason).toBe('NO_EMAIL');
  });

  it('doctors and admins may verify a number too (their texts), and only logged-in callers', async () => {
    const doctor = await asDoctor(t);
    expect((await gql(ADD_PHONE, { i: { phone: freshPhone() } }, doctor.token)).error).toBeUndefined();
    expect((await gql(ADD_PHONE, { i: { phone: freshPhone() } })).error?.extensions.code).toBe('UNAUTHENTICATED');
  });
});

describe('the SMS sandbox and the admin outbox', () => {
  it("shows a number's recent texts with their codes in development, and masks codes for admins", async () => {
    const phone = freshPhone();
    await gql(SIGNUP, { i: { name: 'Sandbox', phone } });
    const code = await codeSentTo(t, phone);
    const sandbox = await gql('query($p: String!) { smsSandbox(phone: $p) { template body } }', { p: phone });
    expect(sandbox.data.smsSandbox[0]).toMatchObject({ template: 'phone-code' });
    expect(sandbox.data.smsSandbox[0].body).toContain(code);
    const admin = await asAdmin(t);
    const list = await admin.gql('query($to: String) { smsOutbox(to: $to, pageSize: 5) { items { template body } } }', { to: phone });
    expect(list.data!.smsOutbox.items[0].body).not.toContain(code);
    expect(list.data!.smsOutbox.items[0].body).toContain('•••');
  });

  it('is off (null) with SMS_DEV_INBOX=false', async () => {
    const off = await createTestApp({ seed: false, env: { SMS_DEV_INBOX: 'false' } });
    try {
      const res = await off.http().post('/graphql').send({ query: '{ smsSandbox(phone: "01712345678") { body } }' });
      expect(res.body.data.smsSandbox).toBeNull();
    } finally {
      await off.close();
    }
  });
});
