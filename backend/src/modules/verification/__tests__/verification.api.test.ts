import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { asPatient, asVisitor, createTestApp, login, pngImage, type Client, type TestApp } from '../../../../test/app.js';
import { codeIn, linkTokenIn, startMailServer, type TestMailServer } from '../../../../test/mail.js';
import { assertContactVerified } from '../verification.policy.js';

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

const PASSWORD = 'mango-tree-42';
const uniqueEmail = (tag: string) => `${tag}.${Math.random().toString(36).slice(2, 8)}@example.com`;

/** Signs a new patient up, delivers the outbox over SMTP, and returns the client and the mail that arrived. */
async function newPatient(tag = 'rupa') {
  const email = uniqueEmail(tag);
  const res = await t.http().post('/api/register').send({ name: 'Rupa Khatun', email, password: PASSWORD });
  expect(res.status).toBe(200);
  await t.worker.tick();
  const mails = smtp.to(email);
  expect(mails).toHaveLength(1);
  const client = await login(t, email, PASSWORD);
  return { email, client, mail: mails[0]!, userId: res.body.userId as string };
}

const verified = async (c: Client) => (await c.get('/currentUserDetails')).body.user.emailVerified as boolean;
/** Moves the last verification mail back in time, past the resend cooldown. */
const pastCooldown = (userId: string) => t.sql(`update account_tokens set created_at = created_at - interval '2 minutes' where user_id = ?`, [userId]);

describe('email verification by link', () => {
  it('mails a new patient an activation link and a 6 digit code over SMTP, in English by default', async () => {
    const { mail, client } = await newPatient();
    expect(mail.subject).toBe('Verify your email for Nirog');
    expect(codeIn(mail)).toMatch(/^\d{6}$/);
    expect(linkTokenIn(mail, '/activation/')).toBeDefined();
    expect(mail.html).toContain(codeIn(mail));
    expect(mail.html).toContain('/activation/');
    expect(await verified(client)).toBe(false);
  });

  it('sends the first mail in Bangla to someone who signed up on the Bangla screens (REST and GraphQL)', async () => {
    const viaRest = uniqueEmail('bangla');
    expect((await t.http().post('/api/register').send({ name: 'Rupa Khatun', email: viaRest, password: PASSWORD, language: 'bn' })).status).toBe(200);
    const viaGql = uniqueEmail('bangla');
    const res = await asVisitor(t).gql('mutation($input: SignupInput!) { signup(input: $input) { language } }', { input: { name: 'Rupa Khatun', email: viaGql, password: PASSWORD, language: 'bn' } });
    expect(res.data!.signup.language).toBe('bn');
    await t.worker.tick();
    expect(smtp.to(viaRest)[0]!.subject).toBe('নীরোগে আপনার ইমেইল যাচাই করুন');
    expect(smtp.to(viaGql)[0]!.subject).toBe('নীরোগে আপনার ইমেইল যাচাই করুন');
    expect((await t.http().post('/api/register').send({ name: 'Rupa Khatun', email: uniqueEmail('x'), password: PASSWORD, language: 'fr' })).status).toBe(400);
  });

  it('verifies the email once with the link; a second use answers that the token is expired', async () => {
    const { mail, client } = await newPatient();
    const token = linkTokenIn(mail, '/activation/')!;
    const first = await t.http().post('/api/activation').send({ activation_token: token });
    expect(first.status).toBe(200);
    expect(first.body.message).toBe('Your account has been created suceessfully!');
    expect(await verified(client)).toBe(true);
    const again = await t.http().post('/api/activation').send({ activation_token: token });
    expect(again.status).toBe(400);
    expect(again.body).toMatchObject({ message: 'Your token is expired!', reason: 'LINK_EXPIRED' });
  });

  it('refuses an expired link and leaves the email unverified', async () => {
    const { mail, client, userId } = await newPatient();
    await t.sql(`update account_tokens set expires_at = now() - interval '1 second' where user_id = ?`, [userId]);
    const res = await t.http().post('/api/activation').send({ activation_token: linkTokenIn(mail, '/activation/') });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Your token is expired!');
    expect(await verified(client)).toBe(false);
  });

  it.each([['made-up-token-that-was-never-sent'], ['short'], ['']])('refuses the unknown token %p with the same message', async (token) => {
    const res = await t.http().post('/api/activation').send({ activation_token: token });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Your token is expired!');
  });

  it('lets exactly one of two simultaneous clicks use the link', async () => {
    const { mail } = await newPatient();
    const token = linkTokenIn(mail, '/activation/');
    const results = await Promise.all([1, 2, 3].map(() => t.http().post('/api/activation').send({ activation_token: token })));
    expect(results.map((r) => r.status).sort()).toEqual([200, 400, 400]);
  });

  it('activates over GraphQL too', async () => {
    const { mail, client } = await newPatient();
    const res = await asVisitor(t).gql('mutation($t: String!) { activateAccount(token: $t) { success message } }', { t: linkTokenIn(mail, '/activation/') });
    expect(res.data?.activateAccount).toEqual({ success: true, message: 'Your account has been created suceessfully!' });
    expect(await verified(client)).toBe(true);
  });

  it('stores only hashes of the link and the code', async () => {
    const { mail, userId } = await newPatient();
    const rows = await t.sql('select token_hash from account_tokens where user_id = ?', [userId]) as { token_hash: string }[];
    const stored = rows.map((r) => r.token_hash).join(' ');
    expect(stored).not.toContain(linkTokenIn(mail, '/activation/'));
    expect(stored).not.toContain(codeIn(mail));
  });
});

describe('email verification by code', () => {
  it('verifies with the code in the field the earlier form called "password"; the link then stops working', async () => {
    const { mail, client } = await newPatient();
    const res = await client.post('/confirm/email', { password: codeIn(mail) });
    expect(res.status).toBe(200);
    expect(res.body.user.emailVerified).toBe(true);
    const link = await t.http().post('/api/activation').send({ activation_token: linkTokenIn(mail, '/activation/') });
    expect(link.status).toBe(400);
  });

  it('verifies with the code over GraphQL', async () => {
    const { mail, client } = await newPatient();
    const res = await client.gql('mutation($c: String!) { confirmEmail(input: { code: $c }) { emailVerified } }', { c: codeIn(mail) });
    expect(res.data?.confirmEmail).toEqual({ emailVerified: true });
  });

  it('takes the code typed in Bangla digits, from any client', async () => {
    const { mail, client } = await newPatient();
    const bangla = codeIn(mail)!.replace(/\d/g, (d) => String.fromCharCode(0x09e6 + Number(d)));
    const res = await client.post('/confirm/email', { code: bangla });
    expect(res.status).toBe(200);
    expect(res.body.user.emailVerified).toBe(true);
  });

  it('needs a login (401 for visitors) and a 6 digit code', async () => {
    const visitor = await asVisitor(t).post('/confirm/email', { code: '123456' });
    expect(visitor.status).toBe(401);
    const { client } = await newPatient();
    const bad = await client.post('/confirm/email', { code: '12ab' });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('Enter Your 6 Digit Code');
  });

  it('counts wrong codes down and locks after five; even the right code then needs a new one', async () => {
    const { mail, client, userId } = await newPatient();
    const right = codeIn(mail)!;
    const wrong = right === '000000' ? '111111' : '000000';
    const messages: string[] = [];
    for (let i = 0; i < 4; i++) {
      const res = await client.post('/confirm/email', { code: wrong });
      expect(res.status).toBe(400);
      messages.push(res.body.message);
    }
    expect(messages).toEqual(['Wrong code. 4 attempts left', 'Wrong code. 3 attempts left', 'Wrong code. 2 attempts left', 'Wrong code. 1 attempt left']);
    const fifth = await client.post('/confirm/email', { code: wrong });
    expect(fifth.status).toBe(429);
    const locked = await client.post('/confirm/email', { code: right });
    expect(locked.status).toBe(429);
    expect(locked.body.reason).toBe('CODE_LOCKED');
    expect(await verified(client)).toBe(false);

    await pastCooldown(userId);
    expect((await client.post('/confirm/email/resend')).status).toBe(200);
    await t.worker.tick();
    const fresh = smtp.to(mail.to[0]!).at(-1)!;
    expect(codeIn(fresh)).toBeDefined();
    expect((await client.post('/confirm/email', { code: codeIn(fresh) })).status).toBe(200);
  });

  it('never compares more than five codes, however many guesses arrive at once', async () => {
    const { mail, client, userId } = await newPatient();
    const right = codeIn(mail)!;
    const guesses = Array.from({ length: 12 }, (_, i) => String((Number(right) + i + 1) % 1_000_000).padStart(6, '0'));
    const results = await Promise.all(guesses.map((code) => client.post('/confirm/email', { code })));
    expect(results.filter((r) => r.body.reason === 'WRONG_CODE').length).toBeLessThanOrEqual(4);
    const rows = await t.sql(`select attempts from account_tokens where user_id = ? and purpose = 'email_code'`, [userId]) as { attempts: number }[];
    expect(rows[0]!.attempts).toBe(5);
  });

  it('refuses an expired code', async () => {
    const { mail, client, userId } = await newPatient();
    await t.sql(`update account_tokens set expires_at = now() - interval '1 second' where user_id = ? and purpose = 'email_code'`, [userId]);
    const res = await client.post('/confirm/email', { code: codeIn(mail) });
    expect(res.status).toBe(400);
    expect(res.body.reason).toBe('CODE_EXPIRED');
  });

  it('refuses a used code after the email was verified and answers the verified account', async () => {
    const { mail, client } = await newPatient();
    expect((await client.post('/confirm/email', { code: codeIn(mail) })).status).toBe(200);
    const again = await client.post('/confirm/email', { code: codeIn(mail) });
    expect(again.status).toBe(200);
    expect(again.body.user.emailVerified).toBe(true);
  });
});

describe('asking for a new code', () => {
  it('waits a minute between mails, then sends a new code and the old one stops working', async () => {
    const { mail, client, userId, email } = await newPatient();
    const soon = await client.post('/confirm/email/resend');
    expect(soon.status).toBe(429);
    expect(soon.body.reason).toBe('RESEND_COOLDOWN');
    expect(soon.body.message).toMatch(/Please wait \d+ seconds/);

    await pastCooldown(userId);
    const res = await client.gql('mutation { resendVerification { success message } }');
    expect(res.data?.resendVerification).toEqual({ success: true, message: 'Email send Succesfull' });
    await t.worker.tick();
    const mails = smtp.to(email);
    expect(mails).toHaveLength(2);
    const oldCode = codeIn(mail)!;
    const newCode = codeIn(mails[1]!)!;
    if (oldCode !== newCode) {
      const old = await client.post('/confirm/email', { code: oldCode });
      expect(old.status).toBe(400);
    }
    expect((await client.post('/confirm/email', { code: newCode })).status).toBe(200);
  });

  it('sends one mail for simultaneous requests', async () => {
    const { client, userId, email } = await newPatient();
    await pastCooldown(userId);
    const results = await Promise.all([1, 2, 3].map(() => client.post('/confirm/email/resend')));
    expect(results.map((r) => r.status).sort()).toEqual([200, 429, 429]);
    await t.worker.tick();
    expect(smtp.to(email)).toHaveLength(2);
  });

  it('refuses a verified account (409) and visitors (401)', async () => {
    const patient = await asPatient(t);
    expect((await patient.post('/confirm/email/resend')).status).toBe(409);
    expect((await asVisitor(t).post('/confirm/email/resend')).status).toBe(401);
  });
});

describe('doctor registration', () => {
  it('mails a link (no code: doctors cannot log in before approval) that verifies the email', async () => {
    const email = uniqueEmail('dr');
    const req = t.http().post('/api/register/doctor');
    const fields: Record<string, string> = {
      title: 'Dr.', name: 'Shirin Akhter', email, password: 'stetho-scope-9', phone: '01912345678', gender: 'Female',
      degree: 'MBBS, FCPS', expert: 'Cardiology', work: 'Ibn Sina Hospital', experience: '8', fees: '900', location: 'Dhanmondi',
      description: 'Heart specialist', nid_No: '1234567890', bmdc_No: 'A-61234', type: 'Medical',
    };
    for (const [k, v] of Object.entries(fields)) req.field(k, v);
    expect((await req.attach('avatar', await pngImage(), 'dr.png')).status).toBe(200);
    await t.worker.tick();
    const mail = smtp.to(email)[0]!;
    expect(mail.subject).toBe('We received your Nirog doctor registration');
    expect(codeIn(mail)).toBeUndefined();
    const res = await t.http().post('/api/activation').send({ activation_token: linkTokenIn(mail, '/activation/') });
    expect(res.status).toBe(200);
  });
});

describe('assertContactVerified (for booking, hiring and ordering)', () => {
  it('refuses an unverified patient with EMAIL_NOT_VERIFIED and lets a verified one through', async () => {
    const { userId, mail } = await newPatient();
    const em = t.orm.em.fork();
    await expect(assertContactVerified(em, userId)).rejects.toMatchObject({ code: 'FORBIDDEN', reason: 'EMAIL_NOT_VERIFIED' });
    await t.http().post('/api/activation').send({ activation_token: linkTokenIn(mail, '/activation/') });
    await expect(assertContactVerified(em, userId)).resolves.toBeUndefined();
  });

  it('treats an unknown user as not logged in', async () => {
    const em = t.orm.em.fork();
    await expect(assertContactVerified(em, '00000000-0000-4000-8000-000000000000')).rejects.toMatchObject({ code: 'UNAUTHENTICATED' });
  });
});
