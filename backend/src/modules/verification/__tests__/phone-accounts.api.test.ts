import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { asAdmin, asDoctor, asPatient, countQueries, createTestApp, type TestApp } from '../../../../test/app.js';
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
/** Lets a number ask again at once (its resend window, and its hourly count, over: limits.test.ts tests both). */
const pastCooldown = (phone: string) => t.sql(`delete from rate_limit_buckets where key in (?, ?)`, [`sms-resend:+88${phone}`, `sms-number:+88${phone}`]);

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
    // A code row like any other, but a decoy: no code was texted, none will be accepted.
    expect((await codeRows(taken)).filter((r) => r.purpose === 'signup').map((r) => r.decoy)).toEqual([true]);
    expect((await texts(taken)).filter((s) => s.template === 'phone-code')).toHaveLength(0);
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

  it('answers a login for a number no patient verified like any other, and texts it no code but why, in the screen\'s language', async () => {
    const unknown = freshPhone();
    const known = '01819876543'; // Karim's verified number
    const a = await gql(LOGIN_CODE, { i: { phone: unknown, language: 'bn' } });
    const b = await gql(LOGIN_CODE, { i: { phone: known, language: 'bn' } });
    expect({ ...a.data.sendLoginCode, phone: '' }).toEqual({ ...b.data.sendLoginCode, phone: '' });
    const [notice] = await texts(unknown);
    expect(notice).toMatchObject({ template: 'phone-no-login', user_id: null });
    expect(notice!.body).toContain('এই নম্বরে কোনো রোগীর অ্যাকাউন্ট নেই');
    expect(notice!.body).not.toMatch(/[0-9০-৯]{4,}/);
    expect((await texts(known)).map((s) => s.template)).toContain('phone-code');
  });
});

describe('a number with an account and a number without answer alike', () => {
  type Answer = { status: number; message?: string; code?: string; reason?: string; params?: unknown; data: unknown };
  const answer = (r: Awaited<ReturnType<typeof gql>>): Answer => ({
    status: r.status, message: r.error?.message, code: r.error?.extensions.code, reason: r.error?.extensions.reason, params: r.error?.extensions.params,
    data: r.data,
  });
  /** Six wrong codes in a row, as someone without the phone would type them. */
  async function sixWrong(phone: string, check: (code: string) => ReturnType<typeof gql>): Promise<Answer[]> {
    const sent = await t.sql<{ body: string }>(`select body from sms_outbox where to_phone = ? and template = 'phone-code' and created_at > now() - interval '1 minute'`, [`+88${phone}`]);
    const real = sent.map((r) => r.body.slice(0, 6));
    const wrong = ['000000', '111111', '222222'].find((c) => !real.includes(c))!;
    const out: Answer[] = [];
    for (let i = 0; i < 6; i++) out.push(answer(await check(wrong)));
    return out;
  }

  it('a login: the same code answer, then the same "N attempts left" for each wrong code, then the same lock', async () => {
    const unknown = freshPhone();
    const known = '01819876543'; // Karim, a patient
    await pastCooldown(known);
    const asked = [answer(await gql(LOGIN_CODE, { i: { phone: unknown } })), answer(await gql(LOGIN_CODE, { i: { phone: known } }))];
    expect({ ...asked[0], data: null }).toEqual({ ...asked[1], data: null });
    const a = await sixWrong(unknown, (code) => gql(LOGIN, { i: { phone: unknown, code } }));
    const b = await sixWrong(known, (code) => gql(LOGIN, { i: { phone: known, code } }));
    expect(a).toEqual(b);
    expect(a.map((x) => x.reason)).toEqual(['WRONG_CODE', 'WRONG_CODE', 'WRONG_CODE', 'WRONG_CODE', 'CODE_LOCKED', 'CODE_LOCKED']);
    expect(a[0]!.message).toBe('Wrong code. 4 attempts left');
  });

  it('a signup with a taken number and a new one, and a profile claiming a taken number and a free one: the same answers', async () => {
    const taken = '01712345678';
    const fresh = freshPhone();
    await pastCooldown(taken);
    await gql(SIGNUP, { i: { name: 'Prober', phone: taken } });
    await gql(SIGNUP, { i: { name: 'Prober', phone: fresh } });
    expect(await sixWrong(taken, (code) => gql(LOGIN, { i: { phone: taken, code } })))
      .toEqual(await sixWrong(fresh, (code) => gql(LOGIN, { i: { phone: fresh, code } })));

    const nusrat = await asPatient(t, 'nusrat@nirog.test');
    const karim = await asPatient(t, 'karim@nirog.test');
    await pastCooldown(taken);
    const free = freshPhone();
    await gql(ADD_PHONE, { i: { phone: taken } }, nusrat.token);
    await gql(ADD_PHONE, { i: { phone: free } }, karim.token);
    expect(await sixWrong(taken, (code) => gql(VERIFY_PHONE, { i: { code } }, nusrat.token)))
      .toEqual(await sixWrong(free, (code) => gql(VERIFY_PHONE, { i: { code } }, karim.token)));
    expect((await t.sql(`select phone_e164 from users where email = 'nusrat@nirog.test'`))[0]!.phone_e164).not.toBe(`+88${taken}`);
  });

  it('does the same work for either: the same SQL statements, in the same order, one code row and one text each', async () => {
    /** A statement's shape: its values and timings dropped. */
    // eslint-disable-next-line no-control-regex -- the log's colour codes are dropped
    const shape = (sql: string) => sql.replace(/\x1b\[[0-9;]*m/g, '').replace(/\[took [^\]]*\]/g, '').replace(/'(?:[^']|'')*'/g, '?')
      .replace(/\b\d+(\.\d+)?\b/g, '?').replace(/\s+/g, ' ').trim();
    const work = async (phone: string, query: string, vars: Record<string, unknown>, token?: string) => {
      await pastCooldown(phone);
      const before = { codes: (await codeRows(phone)).length, texts: (await texts(phone)).length };
      const { sql } = await countQueries(() => gql(query, vars, token));
      return { shapes: sql.map(shape), codes: (await codeRows(phone)).length - before.codes, texts: (await texts(phone)).length - before.texts };
    };
    const patient = '01819876543';
    const nobody = freshPhone();
    const login = [await work(patient, LOGIN_CODE, { i: { phone: patient } }), await work(nobody, LOGIN_CODE, { i: { phone: nobody } })];
    expect(login[0]!.shapes.length).toBeGreaterThan(5);
    expect(login[1]).toEqual(login[0]);
    expect(login[0]).toMatchObject({ codes: 1, texts: 1 });
    const taken = '01712345678';
    const fresh = freshPhone();
    const signup = [await work(taken, SIGNUP, { i: { name: 'Same Work', phone: taken } }), await work(fresh, SIGNUP, { i: { name: 'Same Work', phone: fresh } })];
    expect(signup[1]!.shapes).toEqual(signup[0]!.shapes);
    expect(signup[1]!.codes).toBe(1);
    expect(signup[0]!.codes).toBe(1);
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
    expect((await texts(`0${adminPhone}`)).map((s) => s.template)).toEqual(['phone-no-login']);
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

  it('answers another account claiming a verified number as if a code went out, and no code it tries is right', async () => {
    const nusrat = await asPatient(t, 'nusrat@nirog.test');
    const taken = '01712345678';
    await pastCooldown(taken);
    const res = await gql(ADD_PHONE, { i: { phone: taken } }, nusrat.token);
    expect(res.error).toBeUndefined();
    expect((await codeRows(taken)).filter((r) => r.purpose === 'verify').at(-1)).toMatchObject({ decoy: true, user_id: nusrat.user!.id });
    const check = await gql(VERIFY_PHONE, { i: { code: '123456' } }, nusrat.token);
    expect(check.error).toMatchObject({ message: 'Wrong code. 4 attempts left', extensions: { reason: 'WRONG_CODE' } });
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
