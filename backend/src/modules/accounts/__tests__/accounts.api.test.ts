import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import jwt from 'jsonwebtoken';
import { Client, asAdmin, asPatient, asVisitor, createTestApp, login, pngImage, type TestApp } from '../../../../test/app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const uniqueEmail = (tag: string) => `${tag}.${Math.random().toString(36).slice(2, 8)}@example.com`;

async function signupPatient(email: string, password = 'mango-tree-42', extra: Record<string, string> = {}) {
  const req = t.http().post('/api/register').field('name', 'Sadia Islam').field('email', email).field('password', password);
  for (const [k, v] of Object.entries(extra)) req.field(k, v);
  return req.attach('avatar', await pngImage(), 'me.png');
}

describe('patient signup and login', () => {
  it('creates a patient with an avatar re-encoded by content, then logs in with Bearer and raw tokens', async () => {
    const email = uniqueEmail('sadia');
    const res = await signupPatient(email);
    expect(res.status).toBe(200);
    expect(res.body.userId).toMatch(/^[0-9a-f-]{36}$/);

    const patient = await login(t, email, 'mango-tree-42');
    const me = await patient.get('/currentUserDetails');
    expect(me.body.user).toMatchObject({ email, name: 'Sadia Islam', role: 'user' });
    expect(me.body.user.avatar.url).toMatch(/^\/uploads\/avatars\/[0-9a-f-]{36}\.webp$/);
    const image = await t.http().get(me.body.user.avatar.url);
    expect(image.status).toBe(200);
    expect(image.headers['content-type']).toBe('image/webp');

    const raw = await t.http().get('/api/currentUserDetails').set('Authorization', patient.token!);
    expect(raw.status).toBe(200);
    expect(raw.body.user.email).toBe(email);
  });

  it('refuses a file that is not an image, whatever its name, and creates nothing', async () => {
    const email = uniqueEmail('fake');
    const res = await t.http().post('/api/register').field('name', 'X').field('email', email).field('password', 'mango-tree-42')
      .attach('avatar', Buffer.from('<?php echo "hi"; ?>'), { filename: 'photo.png', contentType: 'image/png' });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 'BAD_USER_INPUT', reason: 'NOT_AN_IMAGE' });
    const again = await t.http().post('/api/login').send({ email, password: 'mango-tree-42' });
    expect(again.status).toBe(401);
  });


  it.each([
    ['short1', 'at least 8'],
    ['password123', 'too common'],
    ['onlyletters', 'a letter and a digit'],
  ])('refuses the weak password %p', async (password, message) => {
    const res = await signupPatient(uniqueEmail('weak'), password);
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('BAD_USER_INPUT');
    expect(res.body.message).toContain(message);
  });

  it('answers a wrong password and an unknown email with the same message', async () => {
    const wrong = await t.http().post('/api/login').send({ email: 'patient@nirog.test', password: 'not-the-password-1' });
    const unknown = await t.http().post('/api/login').send({ email: 'nobody@nirog.test', password: 'not-the-password-1' });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(wrong.body.message).toBe(unknown.body.message);
  });

  it('keeps doctors out of the patient login and patients out of the doctor login', async () => {
    const doctorAtPatientDoor = await t.http().post('/api/login').send({ email: 'doctor@nirog.test', password: 'nirog2026' });
    expect(doctorAtPatientDoor.status).toBe(403);
    const patientAtDoctorDoor = await t.http().post('/api/login/doctor').send({ email: 'patient@nirog.test', password: 'nirog2026' });
    expect(patientAtDoctorDoor.status).toBe(403);
  });
});

describe('signup with an email that already has an account', () => {
  const usersWithEmail = async (email: string) => (await t.sql('select id, name, language from users where lower(email) = lower(?)', [email]));
  const attemptMails = (userId: string) => t.sql(`select * from mail_outbox where template = 'signup-attempt' and user_id = ? order by created_at`, [userId]);
  const isUser = async (id: string) => (await t.sql('select 1 from users where id = ?', [id])).length > 0;
  const SIGNUP_FIELDS = 'id name email role avatarUrl gender phone birthdate language emailVerified createdAt';
  const gqlSignup = (input: Record<string, unknown>) =>
    asVisitor(t).gql(`mutation($input: SignupInput!) { signup(input: $input) { ${SIGNUP_FIELDS} } }`, { input });

  it('answers REST exactly like a new signup, creates nothing, and mails the owner instead', async () => {
    const owner = uniqueEmail('owner');
    const first = await signupPatient(owner);
    expect(first.status).toBe(200);
    const ownerId = first.body.userId as string;

    const fresh = await signupPatient(uniqueEmail('fresh'), 'kite-flyer-77');
    const again = await t.http().post('/api/register').field('name', 'Mallory').field('email', owner.toUpperCase()).field('password', 'kite-flyer-77')
      .attach('avatar', await pngImage(), 'me.png');
    expect(again.status).toBe(fresh.status);
    expect(Object.keys(again.body).sort()).toEqual(Object.keys(fresh.body).sort());
    expect(again.body.message).toBe(fresh.body.message);
    expect(again.body.success).toBe(true);
    expect(again.body.userId).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    // The id names no record: not the owner, not a new account.
    expect(again.body.userId).not.toBe(ownerId);
    expect(await isUser(again.body.userId)).toBe(false);
    expect((await usersWithEmail(owner)).map((u) => u.id)).toEqual([ownerId]);
    expect((await usersWithEmail(owner))[0]!.name).toBe('Sadia Islam');

    // The attacker's password changed nothing: the owner's still works, theirs does not.
    await expect(login(t, owner, 'mango-tree-42')).resolves.toBeInstanceOf(Client);
    expect((await t.http().post('/api/login').send({ email: owner, password: 'kite-flyer-77' })).status).toBe(401);

    const mails = await attemptMails(ownerId);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.to_email).toBe(owner);
    expect(mails[0]!.subject).toBe('Someone tried to create a Nirog account with your email');
    expect(mails[0]!.text).toContain(`${t.config.publicUrl}/user-signin`);
    expect(mails[0]!.text).toContain(`${t.config.publicUrl}/user/password`);
    expect(mails[0]!.html).toContain(`href="${t.config.publicUrl}/user/password"`);
    // The fresh signup got the usual verification mail, not this one.
    expect((await t.sql(`select template from mail_outbox where user_id = ?`, [fresh.body.userId])).map((m) => m.template)).toEqual(['verify-email']);
  });

  it('answers GraphQL exactly like a new signup, with an id that is not a user', async () => {
    const owner = uniqueEmail('gqlowner');
    const created = await gqlSignup({ name: 'Owner', email: owner, password: 'mango-tree-42' });
    expect(created.errors).toBeUndefined();
    const ownerId = created.data!.signup.id as string;

    const fresh = await gqlSignup({ name: 'Mallory', email: uniqueEmail('gqlfresh'), password: 'kite-flyer-77' });
    const again = await gqlSignup({ name: 'Mallory', email: owner.toUpperCase(), password: 'kite-flyer-77' });
    expect(again.status).toBe(fresh.status);
    expect(again.errors).toBeUndefined();
    const shape = (u: Record<string, unknown>) => Object.fromEntries(Object.entries(u).map(([k, v]) => [k, v === null ? 'null' : typeof v]));
    expect(shape(again.data!.signup)).toEqual(shape(fresh.data!.signup));
    expect(again.data!.signup).toMatchObject({ name: 'Mallory', email: owner, role: 'User', emailVerified: false, avatarUrl: null });
    expect(fresh.data!.signup).toMatchObject({ name: 'Mallory', role: 'User', emailVerified: false, avatarUrl: null });
    expect(again.data!.signup.id).not.toBe(ownerId);
    expect(await isUser(again.data!.signup.id)).toBe(false);
    expect(await isUser(fresh.data!.signup.id)).toBe(true);
    expect((await usersWithEmail(owner)).map((u) => u.id)).toEqual([ownerId]);
    expect(await attemptMails(ownerId)).toHaveLength(1);
    await expect(login(t, owner, 'mango-tree-42')).resolves.toBeInstanceOf(Client);
  });

  it("writes the owner's mail in the owner's language, at most once an hour, with the doctor's links for a doctor", async () => {
    const owner = uniqueEmail('bangla');
    const created = await gqlSignup({ name: 'রহিমা', email: owner, password: 'mango-tree-42', language: 'bn' });
    const ownerId = created.data!.signup.id as string;
    await signupPatient(owner);
    await gqlSignup({ name: 'X', email: owner, password: 'kite-flyer-77' });
    const mails = await attemptMails(ownerId);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.language).toBe('bn');
    expect(mails[0]!.subject).toBe('কেউ আপনার ইমেইল দিয়ে নিরোগ অ্যাকাউন্ট খোলার চেষ্টা করেছেন');
    expect(mails[0]!.text).toContain('রিসেট');

    const doctorId = (await usersWithEmail('doctor@nirog.test'))[0]!.id as string;
    const asDoctorEmail = await signupPatient('doctor@nirog.test');
    expect(asDoctorEmail.status).toBe(200);
    const doctorMail = (await attemptMails(doctorId)).at(-1)!;
    expect(doctorMail.text).toContain(`${t.config.publicUrl}/doctor/login`);
    expect(doctorMail.text).toContain(`${t.config.publicUrl}/doctor-forgot-password`);
  });

  it('still refuses a weak password first, whether or not the email is registered', async () => {
    const taken = await signupPatient('patient@nirog.test', 'short1');
    const free = await signupPatient(uniqueEmail('weak2'), 'short1');
    expect(taken.status).toBe(400);
    expect(taken.body).toEqual(free.body);
  });

  it('counts signups with a registered email against the per-address limit too', async () => {
    const small = await createTestApp({ seed: false, env: { SIGNUPS_PER_IP_PER_HOUR: '2' } });
    try {
      const send = (email: string) => small.http().post('/api/register').send({ name: 'Spam', email, password: 'mango-tree-42' });
      expect((await send('owner@example.com')).status).toBe(200);
      expect((await send('owner@example.com')).status).toBe(200);
      const third = await send('owner@example.com');
      expect(third.status).toBe(429);
      expect(third.body.reason).toBe('RATE_LIMITED');
    } finally {
      await small.close();
    }
  });
});

describe('mass assignment', () => {
  it('ignores role, ids and flags sent with a REST signup', async () => {
    const email = uniqueEmail('sneaky');
    const res = await signupPatient(email, 'mango-tree-42', { role: 'admin', isActive: 'true', emailVerifiedAt: '2020-01-01' });
    expect(res.status).toBe(200);
    const me = await (await login(t, email, 'mango-tree-42')).get('/currentUserDetails');
    expect(me.body.user.role).toBe('user');
    expect(me.body.user.emailVerified).toBe(false);
  });

  it('changes only name, gender, phone and birthdate on a REST profile update', async () => {
    const email = uniqueEmail('upd');
    await signupPatient(email);
    const patient = await login(t, email, 'mango-tree-42');
    const other = await asPatient(t);
    const res = await patient.put('/update/currentUserdetails', {
      name: 'Sadia Rahman', gender: 'Female', phone: '01711223344', birthdate: '1995-03-02',
      role: 'admin', email: 'admin@nirog.test', _id: other.user!._id, id: other.user!._id, ratings: 5,
    });
    expect(res.status).toBe(200);
    expect(res.body.user).toMatchObject({ name: 'Sadia Rahman', gender: 'Female', phone: '1711223344', birthdate: '1995-03-02', role: 'user', email });
    const otherMe = await other.get('/currentUserDetails');
    expect(otherMe.body.user.name).toBe('Rahima Akter');
  });

  it('rejects unknown fields at the GraphQL door', async () => {
    const patient = await asPatient(t);
    const res = await patient.gql(`mutation { updateProfile(input: { name: "A", phone: "01711223344", birthdate: "1990-01-01", role: admin }) { role } }`);
    expect(res.code).toBe('GRAPHQL_VALIDATION_FAILED');
  });

  it('validates the profile: Bangladeshi phone and a birthdate in the past', async () => {
    const patient = await asPatient(t);
    const badPhone = await patient.put('/update/currentUserdetails', { name: 'A', phone: '12345', birthdate: '1990-01-01' });
    expect(badPhone.status).toBe(400);
    expect(badPhone.body.fields).toHaveProperty('phone');
    const future = await patient.put('/update/currentUserdetails', { name: 'A', phone: '01711223344', birthdate: '2999-01-01' });
    expect(future.status).toBe(400);
    expect(future.body.fields).toHaveProperty('birthdate');
  });
});

describe('tokens', () => {
  const secret = () => t.config.auth.jwtSecret;

  it('answers a missing token on a protected path with 401', async () => {
    const res = await asVisitor(t).get('/currentUserDetails');
    expect(res.status).toBe(401);
    expect(res.body.code).toBe('UNAUTHENTICATED');
  });

  it.each([
    ['garbage', () => 'not-a-jwt'],
    ['forged with another secret', () => jwt.sign({ role: 'admin', sid: crypto.randomUUID() }, 'x'.repeat(40), { subject: crypto.randomUUID(), issuer: 'nirog', audience: 'nirog-api' })],
    ['alg none', () => `${Buffer.from('{"alg":"none","typ":"JWT"}').toString('base64url')}.${Buffer.from('{"sub":"x","role":"admin","sid":"y"}').toString('base64url')}.`],
    ['expired', () => jwt.sign({ role: 'user', sid: crypto.randomUUID() }, secret(), { subject: crypto.randomUUID(), issuer: 'nirog', audience: 'nirog-api', expiresIn: -10 })],
    ['valid signature but unknown session', () => jwt.sign({ role: 'admin', sid: crypto.randomUUID() }, secret(), { subject: crypto.randomUUID(), issuer: 'nirog', audience: 'nirog-api', expiresIn: 60 })],
  ])('answers a %s token with a clean 401 on REST and GraphQL', async (_name, make) => {
    const client = new Client(t, make());
    const rest = await client.get('/currentUserDetails');
    expect(rest.status).toBe(401);
    expect(rest.body.code).toBe('UNAUTHENTICATED');
    const gql = await client.gql('{ me { id } }');
    expect(gql.status).toBe(401);
    expect(gql.code).toBe('UNAUTHENTICATED');
  });

  /** The rotation is older than the grace of REFRESH_GRACE_SECONDS (10 s): the token it replaced counts as reuse. */
  const pastGrace = (refreshToken: string) => t.sql(`update auth_sessions set rotated_at = rotated_at - interval '11 seconds' where id = ?`, [refreshToken.split('.')[0]]);

  it('rotates refresh tokens and revokes the session when an old one is reused after the grace', async () => {
    const patient = await asPatient(t);
    const first = await t.http().post('/api/token/refresh').send({ refreshToken: patient.refreshToken });
    expect(first.status).toBe(200);
    expect(first.body.refreshToken).not.toBe(patient.refreshToken);
    const fresh = new Client(t, first.body.token);
    expect((await fresh.get('/currentUserDetails')).status).toBe(200);

    await pastGrace(patient.refreshToken!);
    const reuse = await t.http().post('/api/token/refresh').send({ refreshToken: patient.refreshToken });
    expect(reuse.status).toBe(401);
    // the whole session is gone: the newest tokens stop working too
    expect((await fresh.get('/currentUserDetails')).status).toBe(401);
    expect((await t.http().post('/api/token/refresh').send({ refreshToken: first.body.refreshToken })).status).toBe(401);
  });

  it('answers a second refresh with the same token within the grace with the same new pair (two tabs)', async () => {
    const patient = await asPatient(t);
    const first = await t.http().post('/api/token/refresh').send({ refreshToken: patient.refreshToken });
    const second = await t.http().post('/api/token/refresh').send({ refreshToken: patient.refreshToken });
    expect(first.status).toBe(200);
    expect(second.status).toBe(200);
    expect(second.body.refreshToken).toBe(first.body.refreshToken);
    expect(second.body.token).toBe(first.body.token);
    // The session lives on: the pair works and rotates as usual.
    expect((await new Client(t, second.body.token).get('/currentUserDetails')).status).toBe(200);
    const next = await t.http().post('/api/token/refresh').send({ refreshToken: second.body.refreshToken });
    expect(next.status).toBe(200);
    // A token two rotations old is reuse at once, grace or not.
    expect((await t.http().post('/api/token/refresh').send({ refreshToken: patient.refreshToken })).status).toBe(401);
    expect((await t.http().post('/api/token/refresh').send({ refreshToken: next.body.refreshToken })).status).toBe(401);
  });

  it('gives two concurrent refreshes with the same token the same new pair', async () => {
    const patient = await asPatient(t);
    const results = await Promise.all([1, 2].map(() => t.http().post('/api/token/refresh').send({ refreshToken: patient.refreshToken })));
    expect(results.map((r) => r.status)).toEqual([200, 200]);
    expect(results[0]!.body.refreshToken).toBe(results[1]!.body.refreshToken);
    expect(results[0]!.body.token).toBe(results[1]!.body.token);
  });

  it('refuses a made-up successor of the replaced token: the grace answers only who held it', async () => {
    const patient = await asPatient(t);
    const first = await t.http().post('/api/token/refresh').send({ refreshToken: patient.refreshToken });
    expect(first.status).toBe(200);
    const [sid, generation] = patient.refreshToken!.split('.');
    const forged = `${sid}.${generation}.${'A'.repeat(43)}`;
    expect((await t.http().post('/api/token/refresh').send({ refreshToken: forged })).status).toBe(401);
  });

  it('revokes the access token at logout', async () => {
    const patient = await asPatient(t);
    expect((await patient.post('/logout')).status).toBe(200);
    expect((await patient.get('/currentUserDetails')).status).toBe(401);
  });
});

describe('change password', () => {
  it('checks the old password, the match and the strength, then logs other devices out', async () => {
    const email = uniqueEmail('pw');
    await signupPatient(email);
    const device1 = await login(t, email, 'mango-tree-42');
    const device2 = await login(t, email, 'mango-tree-42');

    const wrongOld = await device1.put('/updatePassword', { oldPassword: 'nope-nope-1', newPassword: 'river-boat-77', confirmPassword: 'river-boat-77' });
    expect(wrongOld.status).toBe(400);
    expect(wrongOld.body.reason).toBe('WRONG_PASSWORD');
    const mismatch = await device1.put('/updatePassword', { oldPassword: 'mango-tree-42', newPassword: 'river-boat-77', confirmPassword: 'river-boat-78' });
    expect(mismatch.body.reason).toBe('PASSWORD_MISMATCH');
    const weak = await device1.put('/updatePassword', { oldPassword: 'mango-tree-42', newPassword: 'short', confirmPassword: 'short' });
    expect(weak.body.reason).toBe('WEAK_PASSWORD');

    const ok = await device1.put('/updatePassword', { oldPassword: 'mango-tree-42', newPassword: 'river-boat-77', confirmPassword: 'river-boat-77' });
    expect(ok.status).toBe(200);
    expect((await device1.get('/currentUserDetails')).status).toBe(200);
    expect((await device2.get('/currentUserDetails')).status).toBe(401);
    await expect(login(t, email, 'mango-tree-42')).rejects.toThrow();
    await expect(login(t, email, 'river-boat-77')).resolves.toBeInstanceOf(Client);
  });

  it('keeps patients off the doctor password path', async () => {
    const patient = await asPatient(t);
    const res = await patient.put('/doctor/updatePassword', { oldPassword: 'nirog2026', newPassword: 'river-boat-77', confirmPassword: 'river-boat-77' });
    expect(res.status).toBe(403);
  });
});

describe('admin: users', () => {
  it('lists users for admins only', async () => {
    expect((await asVisitor(t).get('/users')).status).toBe(401);
    expect((await (await asPatient(t)).get('/users')).status).toBe(403);
    const admin = await asAdmin(t);
    const res = await admin.get('/users?search=rahima');
    expect(res.status).toBe(200);
    expect(res.body.users.map((u: { email: string }) => u.email)).toEqual(['patient@nirog.test']);
    const gql = await admin.gql('{ users(pageSize: 2) { items { email } total pageCount } }');
    expect(gql.data!.users.items).toHaveLength(2);
    expect(gql.data!.users.pageCount).toBe(Math.ceil(gql.data!.users.total / 2));
  });

  it('deletes (anonymises) a user, whose token stops working; an admin cannot delete itself', async () => {
    const email = uniqueEmail('gone');
    const { body } = await signupPatient(email);
    const victim = await login(t, email, 'mango-tree-42');
    const admin = await asAdmin(t);
    const res = await admin.delete(`/admin/user/${body.userId}`);
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('User Delete Successful');
    expect((await victim.get('/currentUserDetails')).status).toBe(401);
    expect((await t.http().post('/api/login').send({ email, password: 'mango-tree-42' })).status).toBe(401);

    const self = await admin.delete(`/admin/user/${admin.user!._id}`);
    expect(self.status).toBe(403);
    const unknown = await admin.delete(`/admin/user/${crypto.randomUUID()}`);
    expect(unknown.status).toBe(404);
  });
});

describe('admin: users table', () => {
  it('sorts by name and filters by role', async () => {
    const admin = await asAdmin(t);
    const res = await admin.gql('{ users(role: User, sort: name, pageSize: 100) { items { name role } } }');
    const names = res.data!.users.items.map((u: { name: string }) => u.name);
    expect(names).toEqual([...names].sort((a: string, b: string) => a.localeCompare(b, 'en', { sensitivity: 'base' })));
    expect(new Set(res.data!.users.items.map((u: { role: string }) => u.role))).toEqual(new Set(['User']));
  });

  it('exports the filtered users as CSV for admins, with formulas neutralised', async () => {
    const email = uniqueEmail('formula');
    await t.http().post('/api/register').field('name', '=HYPERLINK("http://evil")').field('email', email).field('password', 'mango-tree-42');
    const admin = await asAdmin(t);
    const csv = await admin.get(`/admin/users.csv?search=${encodeURIComponent(email)}`);
    expect(csv.status).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    const lines = csv.text.replace(/^\uFEFF/, '').trim().split('\r\n');
    expect(lines[0]).toBe('id,name,email,role,phone,gender,email verified,mobile verified,joined');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(`"'=HYPERLINK(""http://evil"")"`);
    expect((await (await asPatient(t)).get('/admin/users.csv')).status).toBe(403);
  });
});
