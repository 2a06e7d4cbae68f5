import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { asAdmin, asPatient, asVisitor, createTestApp, login, type TestApp } from '../../../../test/app.js';
import type { DomainEvent } from '../../../common/events.js';
import { Language, User } from '../../accounts/index.js';
import { Doctor } from '../../doctors/index.js';
import { shortRef } from '../notification.service.js';
import { readFileSync } from 'node:fs';
import { MAIL_TEMPLATE_NAMES, SMS_TEMPLATE_NAMES, renderMail, renderSms } from '../mail.templates.js';


/**
 * Domain events → mail and SMS. The modules that publish these events are built elsewhere, so the
 * tests publish them the way those modules will: inside a transaction, with ids of seeded people.
 * No SMTP server here: mail is captured in the outbox, as on a developer's machine.
 */
let t: TestApp;
let patientId: string;
let karimId: string;
let doctorId: string;
let doctorUserId: string;
beforeAll(async () => {
  t = await createTestApp();
  const em = t.orm.em.fork();
  patientId = (await em.findOneOrFail(User, { email: 'patient@nirog.test' })).id;
  karimId = (await em.findOneOrFail(User, { email: 'karim@nirog.test' })).id;
  const doctor = await em.findOneOrFail(Doctor, { user: { email: 'doctor@nirog.test' } });
  doctorId = doctor.id;
  doctorUserId = doctor.user.id;
});
afterAll(async () => {
  await t.close();
});

const em = () => t.orm.em.fork();
const uuid = () => crypto.randomUUID();
const publish = (...events: DomainEvent[]) => em().transactional(async (tx) => {
  for (const e of events) await t.services.events.publish(tx, e);
});
const mailTo = (userId: string, template: string) =>
  t.sql('select * from mail_outbox where user_id = ? and template = ? order by created_at', [userId, template]);

describe('a mail per event, to the right person', () => {
  const cases: [string, () => DomainEvent, string, () => string, RegExp][] = [
    ['appointment.booked (patient)', () => ({ type: 'appointment.booked', appointmentId: uuid(), patientId, doctorId }), 'appointment-booked', () => patientId, /consultation booking #\w{8} was received/],
    ['appointment.booked (doctor)', () => ({ type: 'appointment.booked', appointmentId: uuid(), patientId, doctorId }), 'appointment-new-for-doctor', () => doctorUserId, /booked a consultation with you/],
    ['appointment.paid', () => ({ type: 'appointment.paid', appointmentId: uuid(), patientId, doctorId, paymentId: uuid() }), 'appointment-paid', () => patientId, /received your payment for consultation/],
    ['appointment.statusChanged', () => ({ type: 'appointment.statusChanged', appointmentId: uuid(), patientId, doctorId, from: 'Processing', to: 'Confirmed' }), 'appointment-status', () => patientId, /changed to Confirmed/],
    ['prescription.written', () => ({ type: 'prescription.written', prescriptionId: uuid(), appointmentId: uuid(), patientId, doctorId }), 'prescription-written', () => patientId, /wrote the prescription/],
    ['order.placed', () => ({ type: 'order.placed', orderId: uuid(), userId: patientId }), 'order-placed', () => patientId, /Thank you for your order/],
    ['order.paid', () => ({ type: 'order.paid', orderId: uuid(), userId: patientId, paymentId: uuid() }), 'order-paid', () => patientId, /payment for order/],
    ['order.statusChanged', () => ({ type: 'order.statusChanged', orderId: uuid(), userId: patientId, from: 'Confirmed', to: 'Delivered' }), 'order-status', () => patientId, /changed to Delivered/],
    ['nurseHire.created', () => ({ type: 'nurseHire.created', hireId: uuid(), userId: patientId, nurseId: uuid() }), 'hire-created', () => patientId, /hire a nurse/],
    ['nurseHire.statusChanged', () => ({ type: 'nurseHire.statusChanged', hireId: uuid(), userId: patientId, nurseId: uuid(), from: 'Processing', to: 'Confirmed' }), 'hire-status', () => patientId, /nurse hire #\w{8} changed to Confirmed/],
    ['doctor.reviewed', () => ({ type: 'doctor.reviewed', doctorId, userId: doctorUserId, decision: 'approved' }), 'doctor-approved', () => doctorUserId, /has been approved/],
  ];

  it('tells every admin about a new blood request', async () => {
    const requestId = uuid();
    await publish({ type: 'bloodRequest.created', requestId });
    const rows = await t.sql(`select m.* from mail_outbox m join users u on u.id = m.user_id where m.template = 'blood-request' and m.text like ?`, [`%${shortRef(requestId)}%`]);
    expect(rows.map((r) => r.to_email)).toEqual(['admin@nirog.test']);
  });

  it.each(cases)('%s', async (_name, makeEvent, template, recipient, text) => {
    const before = (await mailTo(recipient(), template)).length;
    await publish(makeEvent());
    const rows = await mailTo(recipient(), template);
    expect(rows).toHaveLength(before + 1);
    const mail = rows.at(-1)!;
    expect(mail.text).toMatch(text);
    expect(mail.html).toContain('<!doctype html>');
    expect(mail.language).toBe('en');
    expect(mail.status).toBe('captured');
  });

  it('names the record by a short reference', async () => {
    const orderId = uuid();
    await publish({ type: 'order.placed', orderId, userId: patientId });
    const mail = (await mailTo(patientId, 'order-placed')).at(-1)!;
    expect(mail.subject).toBe(`Order #${shortRef(orderId)} received`);
  });

  it('writes in Bangla, with Bangla status names, to a patient who chose Bangla', async () => {
    const karim = await login(t, 'karim@nirog.test');
    const res = await karim.gql('mutation { updateLanguage(language: bn) { language } }');
    expect(res.data?.updateLanguage.language).toBe('bn');
    await publish({ type: 'appointment.statusChanged', appointmentId: uuid(), patientId: karimId, doctorId, from: 'Processing', to: 'Confirmed' });
    const mail = (await mailTo(karimId, 'appointment-status')).at(-1)!;
    expect(mail.language).toBe('bn');
    expect(mail.subject).toContain('নিশ্চিত');
    expect(mail.text).toContain('প্রিয় Karim Uddin');
  });

  it('writes numbers in Bangla digits to a patient who chose Bangla, and only to them (issue 16)', async () => {
    const karim = await login(t, 'karim@nirog.test');
    await karim.gql('mutation { updateLanguage(language: bn) { language } }');
    for (const email of ['karim@nirog.test', 'patient@nirog.test']) {
      await asVisitor(t).gql('mutation($email: String!) { forgotPassword(input: { email: $email }) { message } }', { email });
    }
    const bangla = (await mailTo(karimId, 'password-reset')).at(-1)!;
    expect(bangla.language).toBe('bn');
    expect(bangla.text).toMatch(/[০-৯]+ মিনিটের জন্য/);
    expect(bangla.text.replace(/https?:\/\/\S+/g, '')).not.toMatch(/[0-9]/); // the link alone keeps its ASCII digits
    const english = (await mailTo(patientId, 'password-reset')).at(-1)!;
    expect(english.text).toMatch(/for [0-9]+ minutes/);
  });
});

describe('queuing rules', () => {
  it('queues the same notification once, however often the event comes', async () => {
    const event: DomainEvent = { type: 'order.statusChanged', orderId: uuid(), userId: patientId, from: 'Processing', to: 'Confirmed' };
    await publish(event, event);
    await publish(event);
    const rows = await t.sql('select id from mail_outbox where text like ?', [`%${shortRef(event.orderId)}%`]);
    expect(rows).toHaveLength(1);
  });

  it('queues nothing when the change is rolled back', async () => {
    const orderId = uuid();
    await expect(em().transactional(async (tx) => {
      await t.services.events.publish(tx, { type: 'order.placed', orderId, userId: patientId });
      throw new Error('the order failed');
    })).rejects.toThrow('the order failed');
    expect(await t.sql('select id from mail_outbox where subject like ?', [`%${shortRef(orderId)}%`])).toHaveLength(0);
  });

  it('keeps the change when a notification handler fails (its savepoint alone rolls back)', async () => {
    const orderId = uuid();
    await em().transactional(async (tx) => {
      await t.services.notifications.guarded(tx, 'test', (inner) => inner.execute('select 1 / 0'));
      await t.services.events.publish(tx, { type: 'order.placed', orderId, userId: patientId });
    });
    expect(await t.sql('select id from mail_outbox where subject like ?', [`%${shortRef(orderId)}%`])).toHaveLength(1);
  });

  it('lets the change go through when the person is unknown', async () => {
    await expect(publish({ type: 'order.placed', orderId: uuid(), userId: uuid() })).resolves.toBeUndefined();
  });
});

describe('SMS', () => {
  it('texts the booking confirmation to the patient\'s Bangladeshi number and delivers it through the sandbox', async () => {
    const appointmentId = uuid();
    await publish({ type: 'appointment.booked', appointmentId, patientId, doctorId });
    const [sms] = await t.sql('select * from sms_outbox where dedupe_key = ?', [`appointment.booked:${appointmentId}:sms`]);
    expect(sms).toMatchObject({ to_phone: '+8801712345678', template: 'appointment-booked', status: 'pending' });
    expect(sms!.body).toContain(`#${shortRef(appointmentId)} is booked`);
    expect((await t.worker.tick()).sms).toBeGreaterThanOrEqual(1);
    const [sent] = await t.sql('select * from sms_outbox where id = ?', [sms!.id]);
    expect(sent).toMatchObject({ status: 'sent', attempts: 1 });
    expect(sent!.provider_ref).toMatch(/^SBX-/);
  });

  it('skips patients without a phone number', async () => {
    const email = `nophone.${Math.random().toString(36).slice(2, 8)}@example.com`;
    const res = await t.http().post('/api/register').send({ name: 'Tania', email, password: 'mango-tree-42' });
    const appointmentId = uuid();
    await publish({ type: 'appointment.booked', appointmentId, patientId: res.body.userId, doctorId });
    expect(await t.sql('select id from sms_outbox where dedupe_key = ?', [`appointment.booked:${appointmentId}:sms`])).toHaveLength(0);
    expect(await mailTo(res.body.userId, 'appointment-booked')).toHaveLength(1);
  });

  it('retries a gateway outage and lists texts for admins only', async () => {
    const appointmentId = uuid();
    await t.services.sms.enqueue(em(), `test:${appointmentId}`, { phone: '+8801700000001', language: 'en' as never }, 'appointment-booked', { ref: 'X' });
    await t.worker.tick();
    const [row] = await t.sql('select * from sms_outbox where dedupe_key = ?', [`test:${appointmentId}`]);
    expect(row).toMatchObject({ status: 'pending', attempts: 1 });
    const admin = await asAdmin(t);
    const list = await admin.gql('{ smsOutbox(pageSize: 100) { total items { toPhone status body } } }');
    expect(list.data?.smsOutbox.items.some((s: { toPhone: string }) => s.toPhone === '+8801700000001')).toBe(true);
    expect((await (await asPatient(t)).get('/admin/sms/outbox')).status).toBe(403);
  });

  it('texts a booking confirmation and an order status change to a verified number, in the reader\'s language and digits', async () => {
    await t.sql(`update users set language = 'bn' where id = ?`, [karimId]);
    try {
      const appointmentId = uuid();
      const orderId = uuid();
      await publish(
        { type: 'appointment.statusChanged', appointmentId, patientId: karimId, doctorId, from: 'Processing', to: 'Confirmed' },
        { type: 'order.statusChanged', orderId, userId: karimId, from: 'Confirmed', to: 'Delivered' },
      );
      const texts = await t.sql('select template, body, to_phone from sms_outbox where user_id = ? and dedupe_key like ? order by template', [karimId, `%${appointmentId}%`]);
      expect(texts).toEqual([{ template: 'appointment-status', to_phone: '+8801819876543', body: `নীরোগ: আপনার বুকিং #${shortRef(appointmentId)} এখন নিশ্চিত।` }]);
      const order = await t.sql('select body from sms_outbox where dedupe_key like ?', [`%${orderId}%`]);
      expect(order[0]!.body).toBe(`নীরোগ: আপনার ওষুধের অর্ডার #${shortRef(orderId)} এখন ডেলিভারি হয়েছে।`);
      // The mail goes too: the account has an email.
      expect((await mailTo(karimId, 'appointment-status')).some((m) => m.subject.includes(shortRef(appointmentId)))).toBe(true);
    } finally {
      await t.sql(`update users set language = 'en' where id = ?`, [karimId]);
    }
  });

  it('texts a patient only at a verified number (a number typed into a profile may be anyone\'s); a finished consultation is no text', async () => {
    await t.sql(`update users set phone_verified_at = null where id = ?`, [karimId]);
    try {
      const appointmentId = uuid();
      await publish(
        { type: 'appointment.booked', appointmentId, patientId: karimId, doctorId },
        { type: 'appointment.statusChanged', appointmentId, patientId: karimId, doctorId, from: 'Processing', to: 'Confirmed' },
      );
      expect(await t.sql('select id from sms_outbox where dedupe_key like ?', [`%${appointmentId}%`])).toHaveLength(0);
      expect(await mailTo(karimId, 'appointment-booked')).not.toHaveLength(0);
    } finally {
      await t.sql(`update users set phone_verified_at = now() where id = ?`, [karimId]);
    }
    const finished = uuid();
    await publish({ type: 'appointment.statusChanged', appointmentId: finished, patientId: karimId, doctorId, from: 'Confirmed', to: 'Finished' });
    expect(await t.sql('select id from sms_outbox where dedupe_key like ?', [`%${finished}%`])).toHaveLength(0);
  });

  it('keeps a reference as written in a Bangla text, also one made of digits alone (about 2% of them)', () => {
    expect(renderSms('appointment-status', Language.bn, { ref: '43587018', status: 'নিশ্চিত' })).toBe('নীরোগ: আপনার বুকিং #43587018 এখন নিশ্চিত।');
    expect(renderMail('appointment-status', Language.bn, { name: 'করিম', ref: '43587018', status: 'নিশ্চিত', link: 'https://nirog.example/my-booking' }).text).toContain('43587018');
  });

  it('spells the brand নীরোগ in every Bangla mail, SMS and the prescription PDF, as the screens do (never নিরোগ)', () => {
    // every value a template reads (v.name, v.link…), as '1'
    const source = readFileSync(new URL('../mail.templates.ts', import.meta.url), 'utf8');
    const vars = Object.fromEntries([...source.matchAll(/\bv\.(\w+)/g)].map((m) => [m[1]!, '1']));
    const texts = [
      ...MAIL_TEMPLATE_NAMES.flatMap((name) => Object.values(renderMail(name, Language.bn, vars)).map((text) => `${name}: ${text}`)),
      ...SMS_TEMPLATE_NAMES.map((name) => `${name}: ${renderSms(name, Language.bn, vars)}`),
      `prescription.pdf.ts: ${readFileSync(new URL('../../prescriptions/prescription.pdf.ts', import.meta.url), 'utf8')}`,
    ];
    expect(MAIL_TEMPLATE_NAMES.length).toBeGreaterThan(10);
    expect(texts.filter((text) => text.includes('নিরোগ'))).toEqual([]);
    expect(texts.filter((text) => text.includes('নীরোগ')).length).toBeGreaterThan(10);
  });

  it('refuses numbers that are not Bangladeshi mobiles', async () => {
    expect(await t.services.sms.enqueue(em(), `test:${uuid()}`, { phone: '+441234567890', language: 'en' as never }, 'appointment-booked', { ref: 'X' })).toBe(false);
  });
});

describe('the consultation reminder 15 minutes before', () => {
  const schedule = (appointmentId: string, minutesAhead: number) => em().transactional((tx) =>
    t.services.notifications.scheduleConsultationReminder(tx, { appointmentId, patientId, doctorId, startsAt: new Date(Date.now() + minutesAhead * 60_000) }));
  const reminders = (appointmentId: string) => t.sql(`select * from mail_outbox where template = 'consultation-reminder' and text like ?`, [`%${shortRef(appointmentId)}%`]);

  it('fires 15 minutes before the start, by mail and SMS to the patient and by mail to the doctor, once', async () => {
    const appointmentId = uuid();
    await schedule(appointmentId, 20);
    await t.worker.tick();
    expect(await reminders(appointmentId)).toHaveLength(0);

    await schedule(appointmentId, 14); // the appointment module moves it: now due
    expect((await t.worker.tick()).reminders).toBe(2);
    const mails = await reminders(appointmentId);
    expect(mails.map((m) => m.user_id).sort()).toEqual([patientId, doctorUserId].sort());
    expect(mails[0]!.subject).toMatch(/starts in 1[34] minutes/);
    const sms = await t.sql(`select * from sms_outbox where template = 'consultation-reminder' and body like ?`, [`%${shortRef(appointmentId)}%`]);
    expect(sms.map((s) => s.to_phone).sort()).toEqual(['+8801712345678', '+8801713000101']);

    await t.worker.tick();
    expect(await reminders(appointmentId)).toHaveLength(2);
  });

  it('is cancelled when the appointment is cancelled', async () => {
    const appointmentId = uuid();
    await schedule(appointmentId, 20);
    await publish({ type: 'appointment.statusChanged', appointmentId, patientId, doctorId, from: 'Processing', to: 'Cancelled' });
    await t.sql(`update scheduled_notifications set due_at = now() - interval '1 second' where subject_key = ?`, [appointmentId]);
    await t.worker.tick();
    expect(await reminders(appointmentId)).toHaveLength(0);
  });

  it('is dropped, not sent late, when the worker was down past the start', async () => {
    const appointmentId = uuid();
    await schedule(appointmentId, 20);
    await t.sql(`update scheduled_notifications set due_at = now() - interval '30 minutes', payload = jsonb_build_object('startsAt', (now() - interval '10 minutes')::text) where subject_key = ?`, [appointmentId]);
    await t.worker.tick();
    expect(await reminders(appointmentId)).toHaveLength(0);
  });

  it('schedules itself when a booking event carries the start time', async () => {
    const appointmentId = uuid();
    await publish({ type: 'appointment.booked', appointmentId, patientId, doctorId, startsAt: new Date(Date.now() + 3600_000).toISOString() } as DomainEvent);
    const rows = await t.sql('select * from scheduled_notifications where subject_key = ?', [appointmentId]);
    expect(rows).toHaveLength(2);
    expect(rows.every((r) => r.status === 'scheduled')).toBe(true);
  });
});

describe('reading mail without a mail server', () => {
  it('lets a new patient read their own code in the development mailbox, and only their own mail', async () => {
    const email = `devinbox.${Math.random().toString(36).slice(2, 8)}@example.com`;
    await t.http().post('/api/register').send({ name: 'Shapla Akter', email, password: 'mango-tree-42' });
    const patient = await login(t, email, 'mango-tree-42');
    const res = await patient.gql('{ mailDelivery { smtpConfigured devInbox } myMailbox { total items { toEmail subject text status } } }');
    expect(res.data?.mailDelivery).toEqual({ smtpConfigured: false, devInbox: true });
    expect(res.data?.myMailbox.total).toBe(1);
    expect(res.data?.myMailbox.items[0]).toMatchObject({ toEmail: email, status: 'Captured' });
    const code = /^(\d{6})$/m.exec(res.data?.myMailbox.items[0].text)![1];
    expect((await patient.post('/confirm/email', { code })).status).toBe(200);
    expect((await asVisitor(t).get('/my/mailbox')).status).toBe(401);
  });

  it('shows admins every captured mail, with its one-time link and code masked', async () => {
    const res = await (await asAdmin(t)).gql(`{ mailOutbox(status: Captured, pageSize: 5) { total items { template text } } }`);
    expect(res.data?.mailOutbox.total).toBeGreaterThan(0);
    const verify = (await (await asAdmin(t)).get('/admin/mail/outbox?pageSize=100')).body.mails.find((m: { template: string }) => m.template === 'verify-email');
    expect(verify.text).toMatch(/\/activation\/•••/);
    expect(verify.text).not.toMatch(/\b\d{6}\b/);
  });
});
