import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { asAdmin, asPatient, asVisitor, countQueries, createTestApp, type TestApp } from '../../../../test/app.js';
import { freePort, TestMailServer } from '../../../../test/mail.js';
import { Language } from '../../accounts/index.js';

/**
 * Delivery over a real SMTP server on loopback. The server is down when the file starts: mail
 * queued then must wait and arrive once it is up, none lost and none twice.
 */
let t: TestApp;
let smtp: TestMailServer;
beforeAll(async () => {
  smtp = new TestMailServer(await freePort());
  t = await createTestApp({ env: { SMTP_URL: smtp.url, MAIL_RETRY_BASE_MS: '1', MAIL_FROM: 'Nirog Test <mail@nirog.test>', OUTBOX_POLL_MS: '20' } });
});
afterAll(async () => {
  await t.close(); // closes the mail pool too
  await smtp.stop();
});

const em = () => t.orm.em.fork();
const uniqueEmail = (tag: string) => `${tag}.${Math.random().toString(36).slice(2, 8)}@example.com`;
const rowFor = async (to: string) => (await t.sql('select * from mail_outbox where to_email = ?', [to]))[0] as Record<string, any>;

function queue(to: string, key = `test:${to}`, template = 'order-placed') {
  return em().transactional((tx) => t.services.mail.enqueue(tx, key, { email: to, language: Language.en }, template,
    { name: 'Test', ref: 'ABC12345', link: 'http://localhost/my-order' }));
}

describe('mail delivery over SMTP', () => {
  it('keeps mail while the SMTP server is down, without slowing signup, and delivers it once the server is up', async () => {
    const email = uniqueEmail('down');
    const started = Date.now();
    const signup = await t.http().post('/api/register').send({ name: 'Jamal Mia', email, password: 'mango-tree-42' });
    expect(signup.status).toBe(200);
    expect(Date.now() - started).toBeLessThan(5000);

    expect(await t.worker.tick()).toMatchObject({ mail: 0 });
    const waiting = await rowFor(email);
    expect(waiting).toMatchObject({ status: 'pending', attempts: 1 });
    expect(waiting.last_error).toMatch(/ECONNREFUSED|connect/i);

    await smtp.start();
    await new Promise((r) => setTimeout(r, 20)); // past the (1 ms) backoff
    await t.worker.tick();
    const mails = smtp.to(email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe('Verify your email for Nirog');
    expect(await rowFor(email)).toMatchObject({ status: 'sent', attempts: 2, last_error: null });
    await t.worker.tick();
    expect(smtp.to(email)).toHaveLength(1);
  });

  it('sends from MAIL_FROM with authentication, a plain-text and an HTML part, and a stable message id', async () => {
    const email = uniqueEmail('parts');
    await queue(email);
    await t.worker.tick();
    const mail = smtp.to(email)[0]!;
    expect(mail.headers.from).toBe('Nirog Test <mail@nirog.test>');
    expect(mail.text).toContain('Thank you for your order #ABC12345');
    expect(mail.html).toContain('<a href="http://localhost/my-order"');
    const row = await rowFor(email);
    expect(mail.headers['message-id']).toBe(`<${row.id}@nirog.mail>`);
  });

  it('queues a dedupe key once, without breaking the transaction that queues it twice', async () => {
    const email = uniqueEmail('dedupe');
    const results = await em().transactional(async (tx) => [
      await t.services.mail.enqueue(tx, 'test:same-key', { email, language: Language.en }, 'order-placed', { name: 'A', ref: '1', link: 'x' }),
      await t.services.mail.enqueue(tx, 'test:same-key', { email, language: Language.en }, 'order-placed', { name: 'A', ref: '1', link: 'x' }),
    ]);
    expect(results).toEqual([true, false]);
    await t.worker.tick();
    expect(smtp.to(email)).toHaveLength(1);
  });

  it('never sends a row twice when several workers poll at the same moment', async () => {
    const emails = Array.from({ length: 25 }, (_, i) => uniqueEmail(`race${i}`));
    for (const e of emails) await queue(e);
    await Promise.all([t.worker.tick(), t.services.mail.deliverDue(em()), t.services.mail.deliverDue(em()), t.services.mail.deliverDue(em())]);
    await t.worker.tick();
    for (const e of emails) expect(smtp.to(e)).toHaveLength(1);
  });

  it('gives up at once on a permanent refusal (550), and an admin can queue it again', async () => {
    const email = uniqueEmail('refused');
    smtp.refuse.add(email);
    await queue(email);
    await t.worker.tick();
    const row = await rowFor(email);
    expect(row).toMatchObject({ status: 'failed', attempts: 1 });
    expect(row.last_error).toMatch(/550/);

    smtp.refuse.delete(email);
    const admin = await asAdmin(t);
    const res = await admin.gql('mutation($id: ID!) { retryMail(id: $id) { status attempts } }', { id: row.id });
    expect(res.data?.retryMail).toEqual({ status: 'Pending', attempts: 0 });
    await t.worker.tick();
    expect(smtp.to(email)).toHaveLength(1);
    const again = await admin.put(`/admin/mail/${row.id}/retry`);
    expect(again.status).toBe(409);
  });

  it('stops retrying after MAIL_MAX_ATTEMPTS', async () => {
    const email = uniqueEmail('max');
    await queue(email);
    await t.sql(`update mail_outbox set attempts = 7 where to_email = ?`, [email]);
    t.services.mail.close(); // drop pooled connections, so that the server can stop now
    await smtp.stop();
    await t.worker.tick();
    expect(await rowFor(email)).toMatchObject({ status: 'failed', attempts: 8 });
    await smtp.start();
  });

  it('reclaims a row whose worker died mid-send once its lease runs out', async () => {
    const email = uniqueEmail('lease');
    await queue(email);
    await t.sql(`update mail_outbox set status = 'sending', attempts = 1, next_attempt_at = now() + interval '1 minute' where to_email = ?`, [email]);
    await t.worker.tick();
    expect(smtp.to(email)).toHaveLength(0);
    await t.sql(`update mail_outbox set next_attempt_at = now() - interval '1 second' where to_email = ?`, [email]);
    await t.worker.tick();
    expect(smtp.to(email)).toHaveLength(1);
  });

  it('deletes delivered mail after the retention period, and keeps what is still waiting', async () => {
    const old = uniqueEmail('old');
    const waiting = uniqueEmail('waiting');
    await queue(old);
    await t.worker.tick();
    await queue(waiting);
    await t.sql(`update mail_outbox set created_at = now() - interval '91 days', next_attempt_at = now() + interval '1 hour' where to_email in (?, ?)`, [old, waiting]);
    // The counts are what the worker logs ('retention purge').
    expect((await t.worker.purge()).mail).toBeGreaterThanOrEqual(1);
    expect(await rowFor(old)).toBeUndefined();
    expect(await rowFor(waiting)).toMatchObject({ status: 'pending' });
  });

  it('purges, with its own rows, the spent account tokens and the expired limit buckets of the other modules', async () => {
    const email = uniqueEmail('tokens');
    expect((await t.http().post('/api/register').send({ name: 'Token Owner', email, password: 'mango-tree-42' })).status).toBe(200);
    const tokens = async () => (await t.sql('select t.id from account_tokens t join users u on u.id = t.user_id where u.email = ?', [email])) as { id: string }[];
    const [spent, ...rest] = await tokens();
    expect(spent).toBeDefined();
    await t.sql(`update account_tokens set used_at = now() - interval '91 days', created_at = now() - interval '91 days' where id = ?`, [spent!.id]);
    const stale = `test-stale:${email}`;
    const fresh = `test-fresh:${email}`;
    await t.sql(`insert into rate_limit_buckets (key, window_start, hits, locked_until, updated_at) values
      (?, now() - interval '3 days', 5, null, now() - interval '3 days'), (?, now(), 1, null, now())`, [stale, fresh]);
    await t.worker.purge();
    expect((await tokens()).map((r) => r.id)).toEqual(rest.map((r) => r.id));
    const buckets = (await t.sql('select key from rate_limit_buckets where key in (?, ?)', [stale, fresh])) as { key: string }[];
    expect(buckets.map((r) => r.key)).toEqual([fresh]);
  });

  it('delivers by itself while the worker runs', async () => {
    const email = uniqueEmail('loop');
    t.worker.start();
    try {
      await queue(email);
      for (let i = 0; i < 100 && smtp.to(email).length === 0; i++) await new Promise((r) => setTimeout(r, 30));
      expect(smtp.to(email)).toHaveLength(1);
    } finally {
      await t.worker.stop();
    }
  });
});

describe('the admin outbox', () => {
  it('lists mail newest first for admins only, filtered by address and status', async () => {
    const email = uniqueEmail('listed');
    await queue(email);
    await t.worker.tick();
    const admin = await asAdmin(t);
    const res = await admin.gql(`query($to: String) { mailOutbox(to: $to, status: Sent) { total items { toEmail subject status sentAt attempts language template } } }`, { to: email });
    expect(res.data?.mailOutbox.total).toBe(1);
    expect(res.data?.mailOutbox.items[0]).toMatchObject({ toEmail: email, status: 'Sent', attempts: 1, language: 'en', template: 'order-placed' });

    const rest = await admin.get(`/admin/mail/outbox?to=${encodeURIComponent(email)}`);
    expect(rest.body).toMatchObject({ success: true, mailCount: 1 });
    expect(rest.body.mails[0].dedupeKey).toBeUndefined();

    expect((await (await asPatient(t)).gql('{ mailOutbox { total } }')).code).toBe('FORBIDDEN');
    expect((await asVisitor(t).gql('{ mailOutbox { total } }')).code).toBe('UNAUTHENTICATED');
    expect((await (await asPatient(t)).get('/admin/mail/outbox')).status).toBe(403);
  });

  it('lists any page size with the same number of queries', async () => {
    const admin = await asAdmin(t);
    const small = await countQueries(() => admin.gql('{ mailOutbox(pageSize: 2) { total items { id subject } } }'));
    const large = await countQueries(() => admin.gql('{ mailOutbox(pageSize: 100) { total items { id subject } } }'));
    expect(large.result.data?.mailOutbox.items.length).toBeGreaterThan(2);
    expect(large.count).toBe(small.count);
  });

  it('hides one-time links and codes from the outbox when real mail carries them', async () => {
    const email = uniqueEmail('secret');
    await t.http().post('/api/register').send({ name: 'Mina Rani', email, password: 'mango-tree-42' });
    const res = await (await asAdmin(t)).gql(`query($to: String) { mailOutbox(to: $to) { items { text html } } }`, { to: email });
    expect(res.data?.mailOutbox.items[0].text).toContain('hidden');
    expect(res.data?.mailOutbox.items[0].html).not.toContain('/activation/');
  });

  it('keeps the development mailbox closed when a mail server is configured', async () => {
    const patient = await asPatient(t);
    const res = await patient.gql('{ myMailbox { total } }');
    expect(res.code).toBe('FORBIDDEN');
    const delivery = await patient.gql('{ mailDelivery { smtpConfigured devInbox } }');
    expect(delivery.data?.mailDelivery).toEqual({ smtpConfigured: true, devInbox: false });
  });

  it('sends a login code while the SMTP server hangs on a mail: each queue has its own loop, SMS first', async () => {
    const until = async (what: () => Promise<boolean>) => {
      for (let i = 0; i < 400 && !(await what()); i += 1) await new Promise((r) => setTimeout(r, 25));
      expect(await what()).toBe(true);
    };
    if (!smtp.running) await smtp.start();
    const held = async () => (await t.sql<{ n: number }>(`select count(*)::int as n from mail_outbox where status = 'sending'`))[0]!.n;
    const release = smtp.hold();
    const received = smtp.mails.length;
    const email = uniqueEmail('hanging');
    await queue(email);
    t.worker.start();
    try {
      // The mail lane is stuck on a message the server took and does not answer.
      await until(async () => (await held()) > 0);
      const asked = await t.http().post('/graphql').send({ query: 'mutation($i: PhoneNumberInput!) { sendLoginCode(input: $i) { phone } }', variables: { i: { phone: '01712345678' } } });
      expect(asked.body.errors).toBeUndefined();
      const code = async () => (await t.sql<{ status: string }>(`select status from sms_outbox where to_phone = '+8801712345678' and template = 'phone-code' order by created_at desc limit 1`))[0]?.status;
      await until(async () => (await code()) === 'sent');
      // The mail is still held by the server: the code did not wait for it.
      expect(await held()).toBeGreaterThan(0);
      expect(smtp.mails.length).toBe(received);
    } finally {
      release();
      await t.worker.stop();
    }
    for (let i = 0; i < 5 && smtp.to(email).length === 0; i += 1) await t.worker.tick();
    expect(smtp.to(email)).toHaveLength(1);
  });
});
