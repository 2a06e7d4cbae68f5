import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { asAdmin, createTestApp, login, type TestApp } from '../../../../test/app.js';
import { freePort, TestMailServer } from '../../../../test/mail.js';
import { Language } from '../../accounts/index.js';
import { MASK, maskMailSecrets } from '../mail.service.js';
import { renderMail } from '../mail.templates.js';

/**
 * The admin outbox never shows a one-time secret (reset and activation links, verification codes):
 * maskMailSecrets on its own, then every admin read over GraphQL and REST, with and without a mail
 * server. The stored row, the mail really sent and the user's own development mailbox keep them.
 */
const TOKEN = 'q3Vx9Lw2ZkP0aB7cD8eF1gH4iJ5kL6mN_oP-rS2tU';
const mask = (template: string, subject: string, text: string, html = '') => maskMailSecrets({ template, subject, text, html });

describe('maskMailSecrets', () => {
  it('masks the token of a patient and of a doctor reset link, in the text and the HTML, and keeps the rest', () => {
    for (const path of ['/password/reset/', '/forgot/password/reset/']) {
      const mail = renderMail('password-reset', Language.en, { name: 'Mina', link: `http://localhost:4000${path}${TOKEN}`, minutes: '15' });
      const out = maskMailSecrets({ template: 'password-reset', ...mail });
      expect(out.subject).toBe('Reset your Nirog password');
      expect(out.text).toBe(mail.text.replace(TOKEN, MASK));
      expect(out.text).toContain(`Choose a new password: http://localhost:4000${path}•••`);
      expect(out.html).toContain(`<a href="http://localhost:4000${path}•••"`);
      expect(out.html).not.toContain(TOKEN);
      expect(out.text).toContain('for 15 minutes');
    }
  });

  it('masks the code and the activation link of a verification mail, in English and Bangla', () => {
    for (const language of [Language.en, Language.bn]) {
      const mail = renderMail('verify-email', language, { name: 'Mina', code: '048213', link: `http://localhost:4000/activation/${TOKEN}`, codeMinutes: '10', linkHours: '24' });
      const out = maskMailSecrets({ template: 'verify-email', ...mail });
      const code = language === Language.bn ? '০৪৮২১৩' : '048213'; // a Bangla mail writes it in Bangla digits
      expect(out.text).toBe(mail.text.replace(code, MASK).replace(TOKEN, MASK));
      expect(out.html).toBe(mail.html.replace(`>${code}<`, '>•••<').replace(TOKEN, MASK));
    }
  });

  it('masks codes in the subject, and codes written in Bangla digits', () => {
    expect(mask('verify-email', '482913 is your Nirog code', '', '')).toEqual({ subject: '••• is your Nirog code', text: '', html: '' });
    expect(mask('verify-email', 'কোড', 'আপনার কোড ৪৮২৯১৩।').text).toBe('আপনার কোড •••।');
  });

  it('masks tokens passed in a query string or fragment, with & or HTML &amp; between parameters', () => {
    expect(mask('order-placed', 's', 'Open https://nirog.test/welcome?lang=bn&token=abc123&x=1 now').text)
      .toBe('Open https://nirog.test/welcome?lang=bn&token=•••&x=1 now');
    expect(mask('order-placed', 's', '', '<a href="https://nirog.test/x?lang=bn&amp;code=123456#sig=zz">Go</a>').html)
      .toBe('<a href="https://nirog.test/x?lang=bn&amp;code=•••#sig=•••">Go</a>');
  });

  it('masks a token-looking path segment under any path, but not a record id', () => {
    expect(mask('order-placed', 's', `https://nirog.test/welcome/${TOKEN}`).text).toBe('https://nirog.test/welcome/•••');
    const id = '2f46ea6b-e316-4343-9d1c-7219ee84e0c7';
    expect(mask('order-placed', 's', `https://nirog.test/my-order/${id}`).text).toBe(`https://nirog.test/my-order/${id}`);
  });

  it('leaves mail without secrets as it is: order numbers, links and phone numbers stay readable', () => {
    const mail = renderMail('order-placed', Language.en, { name: 'Mina', ref: '12345678', link: 'http://localhost:4000/my-order' });
    expect(maskMailSecrets({ template: 'order-placed', ...mail })).toEqual({ subject: mail.subject, text: mail.text, html: mail.html });
    expect(mask('password-reset', 'Reset', 'Call 01712345678').text).toBe('Call 01712345678');
  });
});

const em = (t: TestApp) => t.orm.em.fork();
const rows = (t: TestApp, to: string) =>
  em(t).execute('select id, template, subject, text, html from mail_outbox where to_email = ? order by template', [to]) as Promise<Record<string, string>[]>;
const uniqueEmail = (tag: string) => `${tag}.${Math.random().toString(36).slice(2, 8)}@example.com`;

/** The one-time secrets in a user's stored mail: activation token and code, then the reset token if asked for. */
function secretsOf(stored: Record<string, string>[], withReset = true): string[] {
  const text = stored.map((r) => r.text).join('\n');
  const found = [/\/activation\/([\w-]+)/.exec(text)?.[1], /^(\d{6})$/m.exec(text)?.[1]];
  if (withReset) found.push(/\/password\/reset\/([\w-]+)/.exec(text)?.[1]);
  expect(found.every(Boolean)).toBe(true);
  return found as string[];
}

describe('the admin outbox without a mail server', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('shows admins no reset token, activation token or code (GraphQL list, REST list, retry), while the stored rows keep them', async () => {
    const email = uniqueEmail('masked');
    expect((await t.http().post('/api/register').send({ name: 'Mina Rani', email, password: 'mango-tree-42' })).status).toBe(200);
    expect((await t.http().post('/api/password/forgot').send({ email })).status).toBe(200);
    const before = await rows(t, email);
    expect(before.map((r) => r.template)).toEqual(['password-reset', 'verify-email']);
    const secrets = secretsOf(before);
    const admin = await asAdmin(t);

    const gql = await admin.gql(`query($to: String) { mailOutbox(to: $to) { total items { id template subject text html } } }`, { to: email });
    expect(gql.data?.mailOutbox.total).toBe(2);
    const rest = await admin.get(`/admin/mail/outbox?to=${encodeURIComponent(email)}`);
    expect(rest.status).toBe(200);
    for (const items of [gql.data?.mailOutbox.items, rest.body.mails]) {
      const seen = JSON.stringify(items);
      for (const secret of secrets) expect(seen).not.toContain(secret);
      const reset = items.find((m: { template: string }) => m.template === 'password-reset');
      expect(reset.text).toContain('/password/reset/•••');
      expect(reset.html).toContain('/password/reset/•••');
      const verify = items.find((m: { template: string }) => m.template === 'verify-email');
      expect(verify.text).toMatch(/^•••$/m);
      expect(verify.text).toContain('/activation/•••');
    }
    expect(rest.body.mails[0]).not.toHaveProperty('dedupeKey');

    // Queued again by an admin: the answer is masked too (GraphQL, then REST).
    const resetId = before[0]!.id;
    await em(t).execute(`update mail_outbox set status = 'failed' where id = ?`, [resetId]);
    const retried = await admin.gql('mutation($id: ID!) { retryMail(id: $id) { id status text html subject } }', { id: resetId });
    expect(retried.data?.retryMail.status).toBe('Pending');
    await em(t).execute(`update mail_outbox set status = 'failed' where id = ?`, [resetId]);
    const retriedRest = await admin.put(`/admin/mail/${resetId}/retry`);
    expect(retriedRest.status).toBe(200);
    for (const seen of [JSON.stringify(retried.data), JSON.stringify(retriedRest.body)]) {
      expect(seen).toContain('/password/reset/•••');
      expect(seen).not.toContain(secrets[2]);
    }

    // Nothing stored changed, and the owner's link still works.
    expect((await rows(t, email)).map(({ id, subject, text, html }) => ({ id, subject, text, html })))
      .toEqual(before.map(({ id, subject, text, html }) => ({ id, subject, text, html })));
    const reset = await t.http().post(`/api/password/reset/${secrets[2]}`).send({ password: 'lemon-tree-43', confirmPassword: 'lemon-tree-43' });
    expect(reset.status).toBe(200);
  });

  it("keeps the user's own development mailbox showing their own code and links", async () => {
    const email = uniqueEmail('own');
    await t.http().post('/api/register').send({ name: 'Shapla Akter', email, password: 'mango-tree-42' });
    const [activation, code] = secretsOf(await rows(t, email), false);
    const me = await login(t, email, 'mango-tree-42');
    const res = await me.gql('{ myMailbox { total items { subject text html } } }');
    expect(res.data?.myMailbox.total).toBe(1);
    expect(res.data?.myMailbox.items[0].text).toContain(code);
    expect(res.data?.myMailbox.items[0].html).toContain(`/activation/${activation}`);
  });
});

describe('the admin outbox with a mail server', () => {
  let t: TestApp;
  let smtp: TestMailServer;
  beforeAll(async () => {
    smtp = await new TestMailServer(await freePort()).start();
    t = await createTestApp({ env: { SMTP_URL: smtp.url, MAIL_FROM: 'Nirog Test <mail@nirog.test>' } });
  });
  afterAll(async () => {
    await t.close();
    await smtp.stop();
  });

  it('delivers the reset link unchanged while the admin sees neither the token nor the body', async () => {
    const email = uniqueEmail('smtp');
    await t.http().post('/api/register').send({ name: 'Jamal Mia', email, password: 'mango-tree-42' });
    await t.http().post('/api/password/forgot').send({ email });
    const stored = await rows(t, email);
    const secrets = secretsOf(stored);
    const admin = await asAdmin(t);
    const before = JSON.stringify((await admin.gql(`query($to: String) { mailOutbox(to: $to) { items { subject text html } } }`, { to: email })).data);
    for (const secret of secrets) expect(before).not.toContain(secret);
    expect(before).toContain('hidden');

    await t.worker.tick();
    const sent = smtp.to(email);
    expect(sent.map((m) => m.subject).sort()).toEqual(['Reset your Nirog password', 'Verify your email for Nirog']);
    const delivered = sent.map((m) => `${m.text}\n${m.html}`).join('\n');
    for (const secret of secrets) expect(delivered).toContain(secret);
    const after = JSON.stringify((await admin.gql(`query($to: String) { mailOutbox(to: $to) { items { subject text html status } } }`, { to: email })).data);
    for (const secret of secrets) expect(after).not.toContain(secret);
  });
});
