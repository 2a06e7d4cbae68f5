import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { asAdmin, asDoctor, asPatient, asVisitor, createTestApp, type TestApp } from '../app.js';
import { createHttpServer } from '../../src/app.js';
import { loadConfig } from '../../src/config.js';
import { hashPassword } from '../../src/common/password.js';
import { User } from '../../src/modules/accounts/user.entity.js';
import { DEMO_PASSWORD, openDemoLogins } from '../../src/seeders/demo-accounts.js';

/**
 * What a production instance must not do by default: keep personal answers in caches, serve demo
 * accounts with their published password, hold a slow request open for minutes, or show a doctor's
 * personal phone and login email to anyone who lists doctors.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

describe('personal answers', () => {
  it('carry Cache-Control: private, no-store (REST and GraphQL); public lists do not', async () => {
    const patient = await asPatient(t);
    for (const res of [await patient.get('/currentUserDetails'), await patient.get('/mybooking')]) {
      expect(res.status).toBe(200);
      expect(res.headers['cache-control']).toBe('private, no-store');
      expect(res.headers.vary).toMatch(/Authorization/i);
    }
    const booking = (await patient.get('/mybooking')).body.appointments?.[0]?._id ?? (await patient.get('/mybooking')).body.appointment?.[0]?._id;
    if (booking) expect((await patient.get(`/appointment/${booking}`)).headers['cache-control']).toBe('private, no-store');
    const me = await t.http().post('/graphql').set('Authorization', `Bearer ${patient.token}`).send({ query: '{ me { id email } }' });
    expect(me.body.data.me.email).toBe('patient@nirog.test');
    expect(me.headers['cache-control']).toBe('private, no-store');
    const list = await asVisitor(t).get('/doctors');
    expect(list.status).toBe(200);
    expect(list.headers['cache-control']).toBeUndefined();
  });
});

describe('demo accounts', () => {
  it('are found while they open with the published password (production refuses to start then), and not once changed', async () => {
    const em = t.orm.em.fork();
    const open = await openDemoLogins(em);
    expect(open).toEqual(expect.arrayContaining(['admin@nirog.test', 'patient@nirog.test', 'doctor@nirog.test']));
    const hash = await hashPassword('a-new-and-private-passphrase-42');
    await em.nativeUpdate(User, { email: { $like: '%@nirog.test' } }, { passwordHash: hash });
    expect(await openDemoLogins(t.orm.em.fork())).toEqual([]);
    // back to the demo password for the tests below
    await em.nativeUpdate(User, { email: { $like: '%@nirog.test' } }, { passwordHash: await hashPassword(DEMO_PASSWORD) });
  });

  it('are not seeded in production unless the instance is a declared public demo', () => {
    const prod = { NODE_ENV: 'production', JWT_SECRET: '9f2c7e1a4b8d3f60e5a7c2b9d1f4e8a3-test', PAYMENT_SANDBOX: 'false' };
    expect(loadConfig(prod)).toMatchObject({ seedDemoData: false, allowDemoLogins: false });
    expect(() => loadConfig({ ...prod, SEED_DEMO_DATA: 'true' })).toThrow(/SEED_DEMO_DATA cannot be on in production/);
    expect(loadConfig({ ...prod, SEED_DEMO_DATA: 'true', ALLOW_DEMO_LOGINS: 'true' })).toMatchObject({ seedDemoData: true, allowDemoLogins: true });
    expect(loadConfig({ NODE_ENV: 'development' })).toMatchObject({ seedDemoData: true, allowDemoLogins: true });
  });
});

describe('secrets', () => {
  const prod = { NODE_ENV: 'production', PAYMENT_SANDBOX: 'false' };

  it.each([
    'change-me-to-a-long-random-secret-of-64-characters-or-more',
    'your-jwt-secret-here-0123456789-abcdefgh',
    'placeholder-placeholder-placeholder-0123',
    'x'.repeat(64),
    'abababababababababababababababab',
  ])('production refuses a placeholder JWT_SECRET (%s)', (secret) => {
    expect(() => loadConfig({ ...prod, JWT_SECRET: secret })).toThrow(/JWT_SECRET looks like a placeholder/);
  });

  it('production refuses a short or missing JWT_SECRET and takes a random one', () => {
    expect(() => loadConfig(prod)).toThrow(/JWT_SECRET must be set in production/);
    expect(() => loadConfig({ ...prod, JWT_SECRET: '9f2c7e1a4b8d3f60' })).toThrow(/at least 32 characters/);
    expect(loadConfig({ ...prod, JWT_SECRET: '3c9a1f07d2b84e6aa5f0c1d29e7b3f48a6d5c2e1b0f9a8d7' }).auth.jwtSecret).toHaveLength(48);
  });

  it('production refuses a placeholder or short WEBHOOK_KEY, and seals with JWT_SECRET without one', () => {
    const jwt = '3c9a1f07d2b84e6aa5f0c1d29e7b3f48a6d5c2e1b0f9a8d7';
    expect(() => loadConfig({ ...prod, JWT_SECRET: jwt, WEBHOOK_KEY: 'change-me-to-a-long-random-webhook-key-please' })).toThrow(/WEBHOOK_KEY looks like a placeholder/);
    expect(() => loadConfig({ ...prod, JWT_SECRET: jwt, WEBHOOK_KEY: 'a1b2c3d4' })).toThrow(/WEBHOOK_KEY must be at least 32 characters/);
    expect(loadConfig({ ...prod, JWT_SECRET: jwt }).webhooks.secretKey).toBe(jwt);
    expect(loadConfig({ ...prod, JWT_SECRET: jwt, WEBHOOK_KEY: 'f0e1d2c3b4a5968778695a4b3c2d1e0f9e8d7c6b' }).webhooks.secretKey).toBe('f0e1d2c3b4a5968778695a4b3c2d1e0f9e8d7c6b');
  });

  it('production refuses MAIL_DEV_INBOX (it shows verification codes on screen), as it refuses SMS_DEV_INBOX', () => {
    const jwt = '3c9a1f07d2b84e6aa5f0c1d29e7b3f48a6d5c2e1b0f9a8d7';
    expect(loadConfig({ ...prod, JWT_SECRET: jwt }).mail.devInbox).toBe(false);
    expect(() => loadConfig({ ...prod, JWT_SECRET: jwt, MAIL_DEV_INBOX: 'true' })).toThrow(/MAIL_DEV_INBOX/);
    expect(() => loadConfig({ ...prod, JWT_SECRET: jwt, MAIL_DEV_INBOX: 'true', SMTP_URL: 'smtp://mail.example.com:587' })).toThrow(/MAIL_DEV_INBOX/);
    expect(() => loadConfig({ ...prod, JWT_SECRET: jwt, SMS_DEV_INBOX: 'true' })).toThrow(/SMS_DEV_INBOX/);
    expect(loadConfig({ ...prod, JWT_SECRET: jwt, MAIL_DEV_INBOX: 'false' }).mail.devInbox).toBe(false);
    // development keeps it: on without a mail server, and when asked for beside one
    expect(loadConfig({ NODE_ENV: 'development' }).mail.devInbox).toBe(true);
    expect(loadConfig({ NODE_ENV: 'development', SMTP_URL: 'smtp://localhost:1025', MAIL_DEV_INBOX: 'true' }).mail.devInbox).toBe(true);
  });

  it('outside production a placeholder still starts (development and tests)', () => {
    expect(loadConfig({ NODE_ENV: 'development', JWT_SECRET: 'change-me-to-a-long-random-secret-of-64-characters-or-more' }).isProduction).toBe(false);
  });
});

describe('the payment sandbox', () => {
  const prod = { NODE_ENV: 'production', JWT_SECRET: '3c9a1f07d2b84e6aa5f0c1d29e7b3f48a6d5c2e1b0f9a8d7' };

  it('is off in production unless PAYMENT_SANDBOX=true asks for it, with a real secret of its own', () => {
    expect(loadConfig(prod).payments.sandbox.enabled).toBe(false);
    expect(() => loadConfig({ ...prod, PAYMENT_SANDBOX: 'true' })).toThrow(/PAYMENT_SANDBOX_SECRET must be set/);
    expect(() => loadConfig({ ...prod, PAYMENT_SANDBOX: 'true', PAYMENT_SANDBOX_SECRET: 'change-me-sandbox-secret-shared-by-replicas' }))
      .toThrow(/PAYMENT_SANDBOX_SECRET looks like a placeholder/);
    expect(loadConfig({ ...prod, PAYMENT_SANDBOX: 'true', PAYMENT_SANDBOX_SECRET: 'e1b0f9a8d7c6b5a4f3e2d1c0b9a8f7e6' }).payments.sandbox.enabled).toBe(true);
  });

  it('is not served in production by default: /sandbox answers no gateway', async () => {
    expect((await t.http().get('/sandbox/bkash/v1.2.0-beta/tokenized/checkout/token/grant')).status).not.toBe(404);
    const prodApp = await createTestApp({ seed: false, env: { NODE_ENV: 'production', JWT_SECRET: prod.JWT_SECRET, ALLOW_DEMO_LOGINS: 'false' } });
    try {
      const res = await prodApp.http().post('/sandbox/bkash/v1.2.0-beta/tokenized/checkout/token/grant').send({});
      expect(res.status).toBe(404);
    } finally {
      await prodApp.close();
    }
  });
});

describe('slow requests', () => {
  it('are answered 408 and closed once the request timeout passes (Node would wait 300 s)', async () => {
    const config = loadConfig({ NODE_ENV: 'test', HTTP_REQUEST_TIMEOUT_SECONDS: '1', HTTP_HEADERS_TIMEOUT_SECONDS: '1' });
    const server = createHttpServer(t.app, config);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = server.address() as AddressInfo;
      const started = Date.now();
      const answer = await new Promise<string>((resolve, reject) => {
        const socket = net.connect(port, '127.0.0.1', () => {
          // Headers, then one byte of a 100-byte body, then nothing.
          socket.write('POST /api/login HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{');
        });
        let data = '';
        socket.on('data', (d) => { data += d.toString(); });
        socket.on('close', () => resolve(data));
        socket.on('error', reject);
        setTimeout(() => { socket.destroy(); resolve(`still open: ${data}`); }, 8000).unref();
      });
      expect(answer).toMatch(/^HTTP\/1\.1 408/);
      expect(Date.now() - started).toBeLessThan(5000);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });

  it('defaults to 15 s for headers and 120 s for the whole request', () => {
    expect(loadConfig({ NODE_ENV: 'production', JWT_SECRET: '9f2c7e1a4b8d3f60e5a7c2b9d1f4e8a3-test', PAYMENT_SANDBOX: 'false' }).http).toEqual({ requestTimeoutMs: 120_000, headersTimeoutMs: 15_000 });
  });
});

describe("a doctor's personal contact", () => {
  const DOCTOR_FIELDS = '{ doctors(pageSize: 50) { items { id name email phone } } }';

  it('is not shown to visitors or patients, through REST or GraphQL', async () => {
    for (const client of [asVisitor(t), await asPatient(t)]) {
      const list = await client.get('/doctors');
      expect(list.body.doctors.length).toBeGreaterThan(0);
      for (const d of list.body.doctors) {
        expect(d.email).toBeNull();
        expect(d.phone).toBeNull();
      }
      const one = await client.get(`/doctor/${list.body.doctors[0].id}`);
      expect(one.body.doctor).toMatchObject({ email: null, phone: null });
      const gql = await client.gql(DOCTOR_FIELDS);
      expect(gql.errors).toBeUndefined();
      expect(gql.data!.doctors.items.every((d: { email: unknown; phone: unknown }) => d.email === null && d.phone === null)).toBe(true);
      expect(JSON.stringify(list.body)).not.toMatch(/@nirog\.test/);
    }
  });

  it('is shown to the doctor and to admins', async () => {
    const doctor = await asDoctor(t);
    const own = await doctor.gql('{ myDoctorProfile { email phone } }');
    expect(own.data!.myDoctorProfile.email).toBe('doctor@nirog.test');
    const admin = await asAdmin(t);
    const all = await admin.gql('{ allDoctors(pageSize: 5) { items { email phone } } }');
    expect(all.data!.allDoctors.items.every((d: { email: string }) => d.email.endsWith('@nirog.test'))).toBe(true);
    const rest = await admin.get('/admin/doctors');
    expect(rest.body.Doctors[0].email).toMatch(/@/);
  });
});
