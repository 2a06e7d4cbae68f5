import type { EntityManager } from '@mikro-orm/sql';
import type { Config } from '../../config.js';
import type { Logger } from '../../common/logger.js';
import type { DomainEvents, DomainEventType, EventOf } from '../../common/events.js';
import { Role } from '../../common/roles.js';
import { User } from '../accounts/index.js';
import { Doctor } from '../doctors/index.js';
import { BloodRequest } from '../blood/index.js';
import { matchDonors } from '../blood/index.js';
import type { MailService } from './mail.service.js';
import type { SmsService } from './sms.service.js';
import { areaLabel, providerLabel, statusLabel, takaText } from './mail.templates.js';
import { ReminderKind } from './reminder.entity.js';

/** How long before a consultation the patient and the doctor are reminded. */
export const REMINDER_LEAD_MINUTES = 15;

/**
 * Blood-request notifications one donor gets in 24 hours at most. Each request from one address is
 * throttled (BLOOD_REQUESTS_PER_HOUR), but every request reaches up to 20 donors by mail and SMS:
 * this keeps the relay from being used to flood the registry.
 */
export const DONOR_ALERTS_PER_DAY = 5;

/** How long after one "someone tried to sign up with your email" mail the next one may follow. */
export const SIGNUP_ATTEMPT_MAIL_EVERY_MS = 3_600_000;

/** A short, readable reference for a record in mail and SMS (the full id stays in the app). */
export const shortRef = (id: string) => id.replace(/-/g, '').slice(0, 8).toUpperCase();

/**
 * The number a user is texted at: a patient's (or admin's) only once proved with an SMS code (a
 * number typed into a profile or a form may be anyone's); a doctor's registered number, which Nirog
 * checks before approving the doctor.
 */
export function textablePhone(user: Pick<User, 'role' | 'phoneE164' | 'phoneVerified'>): string | null {
  if (!user.phoneE164) return null;
  return user.phoneVerified || user.role === Role.Doctor ? user.phoneE164 : null;
}

export interface ConsultationReminder {
  appointmentId: string;
  patientId: string;
  /** The Doctor's id (or the doctor's user id); the doctor is reminded too. */
  doctorId?: string | null;
  startsAt: Date;
}

/**
 * Turns domain events into mail and SMS in the recipient's language. Handlers only need the ids in
 * the event; they look the people up themselves, so publishers need not know about mail at all.
 * Each handler runs in a savepoint inside the publisher's transaction: its rows commit with the
 * change, and a bug here is logged instead of undoing a booking or an order.
 */
export class NotificationService {
  constructor(
    private readonly config: Config,
    private readonly log: Logger,
    private readonly mail: MailService,
    private readonly sms: SmsService,
  ) {}

  private link(path: string): string {
    return `${this.config.publicUrl}${path}`;
  }

  /** Runs `fn` in a savepoint; a failure is logged and rolled back to the savepoint only. */
  async guarded(em: EntityManager, what: string, fn: (tx: EntityManager) => Promise<unknown>): Promise<void> {
    // Pending changes of the publisher are written first, so that a rolled-back savepoint cannot take them along.
    await em.flush();
    try {
      await em.transactional(async (tx) => {
        await fn(tx);
      });
    } catch (err) {
      this.log.error({ err, what }, 'notification could not be queued; the change itself went through');
    }
  }

  private on<T extends DomainEventType>(events: DomainEvents, type: T, fn: (tx: EntityManager, e: EventOf<T>) => Promise<unknown>): void {
    events.on(type, (em, e) => this.guarded(em, type, (tx) => fn(tx, e)));
  }

  /** The latest refund of an order or appointment (payments' table, read as SQL: mail knows no payments). */
  private async refundOf(em: EntityManager, purposeId: string): Promise<{ amount_poisha: number; provider: string } | null> {
    const [row] = await em.execute<{ amount_poisha: number; provider: string }[]>(
      'select amount_poisha, provider from payment_refunds where purpose_id = ? order by created_at desc limit 1', [purposeId]);
    return row ? { amount_poisha: Number(row.amount_poisha), provider: row.provider } : null;
  }

  /**
   * Tells a user about one thing by mail when the account has an email and by SMS when it has a
   * number to text (textablePhone), each in the user's language, both from the outboxes. Deleted or
   * unknown users get nothing. `sms` is the SMS template, when the thing is worth a text.
   */
  private async tell(tx: EntityManager, userId: string, key: string, mail: string, sms: string | null,
    vars: (u: User) => Record<string, string>): Promise<void> {
    const user = await tx.findOne(User, { id: userId, deletedAt: null });
    if (!user) return;
    const v = vars(user);
    if (user.email) await this.mail.enqueue(tx, key, { email: user.email, language: user.language, userId: user.id }, mail, v);
    if (sms) await this.sms.enqueue(tx, `${key}:sms`, { phone: textablePhone(user), language: user.language, userId: user.id }, sms, v);
  }

  /** The user behind a doctor id (Doctor.id, or already a user id). */
  private async doctorUserId(em: EntityManager, doctorId: string): Promise<string | null> {
    const doctor = await em.findOne(Doctor, { id: doctorId }, { fields: ['id', 'user'] });
    if (doctor) return doctor.user.id;
    return (await em.count(User, { id: doctorId, role: Role.Doctor })) ? doctorId : null;
  }

  subscribe(events: DomainEvents): void {
    const status = (to: string) => (u: User) => statusLabel(to, u.language);

    this.on(events, 'appointment.booked', async (tx, e) => {
      const ref = shortRef(e.appointmentId);
      await this.mail.enqueueToUser(tx, e.patientId, `appointment.booked:${e.appointmentId}:patient`, 'appointment-booked',
        (u) => ({ name: u.name, ref, link: this.link('/my-booking') }));
      const patient = await tx.findOne(User, { id: e.patientId, deletedAt: null });
      if (patient) {
        await this.sms.enqueue(tx, `appointment.booked:${e.appointmentId}:sms`,
          { phone: textablePhone(patient), language: patient.language, userId: patient.id }, 'appointment-booked', { ref });
      }
      const doctorUser = await this.doctorUserId(tx, e.doctorId);
      if (doctorUser) {
        await this.mail.enqueueToUser(tx, doctorUser, `appointment.booked:${e.appointmentId}:doctor`, 'appointment-new-for-doctor',
          (u) => ({ name: u.name, ref, link: this.link('/doctor-booking') }));
      }
      // When the appointment module includes the start time in the event, the reminder schedules itself.
      const startsAt = (e as { startsAt?: string | Date }).startsAt;
      if (startsAt) await this.scheduleConsultationReminder(tx, { ...e, startsAt: new Date(startsAt) });
    });

    this.on(events, 'appointment.paid', (tx, e) =>
      this.mail.enqueueToUser(tx, e.patientId, `appointment.paid:${e.paymentId}`, 'appointment-paid',
        (u) => ({ name: u.name, ref: shortRef(e.appointmentId), link: this.link('/my-booking') })));

    this.on(events, 'appointment.statusChanged', async (tx, e) => {
      const key = `appointment.status:${e.appointmentId}:${e.from}->${e.to}`;
      const refund = e.to === 'Cancelled' ? await this.refundOf(tx, e.appointmentId) : null;
      if (refund) {
        // A paid consultation cancelled by its doctor or Nirog, or never started: the money is on its way back.
        const [row] = await tx.execute<{ cancel_reason: string | null }[]>('select cancel_reason from appointments where id = ?', [e.appointmentId]);
        const noShow = row?.cancel_reason === 'DOCTOR_NO_SHOW' ? 'yes' : 'no';
        const vars = (u: User) => ({
          name: u.name, ref: shortRef(e.appointmentId), amount: takaText(refund.amount_poisha, u.language), provider: providerLabel(refund.provider, u.language),
          noShow, minutes: String(this.config.consultations.noShowMinutes), what: 'consultation', link: this.link('/my-booking'), rebook: this.link(`/doctor/${e.doctorId}`),
        });
        await this.tell(tx, e.patientId, key, 'consultation-refund-started', 'refund-started', vars);
      } else {
        // A confirmation or a cancellation is worth a text; finishing is not (the prescription mail follows).
        const text = e.to === 'Confirmed' || e.to === 'Cancelled' ? 'appointment-status' : null;
        await this.tell(tx, e.patientId, key, 'appointment-status', text,
          (u) => ({ name: u.name, ref: shortRef(e.appointmentId), status: status(e.to)(u), link: this.link('/my-booking') }));
      }
      if (e.to === 'Cancelled' || e.to === 'Finished') await this.cancelReminders(tx, e.appointmentId);
    });

    this.on(events, 'prescription.written', (tx, e) =>
      this.mail.enqueueToUser(tx, e.patientId, `prescription.written:${e.prescriptionId}`, 'prescription-written',
        (u) => ({ name: u.name, ref: shortRef(e.appointmentId), link: this.link('/my-prescription') })));

    this.on(events, 'order.placed', (tx, e) =>
      this.mail.enqueueToUser(tx, e.userId, `order.placed:${e.orderId}`, 'order-placed',
        (u) => ({ name: u.name, ref: shortRef(e.orderId), link: this.link('/my-order') })));

    this.on(events, 'order.paid', (tx, e) =>
      this.mail.enqueueToUser(tx, e.userId, `order.paid:${e.paymentId}`, 'order-paid',
        (u) => ({ name: u.name, ref: shortRef(e.orderId), link: this.link('/my-order') })));

    this.on(events, 'order.statusChanged', async (tx, e) => {
      const key = `order.status:${e.orderId}:${e.from}->${e.to}`;
      const ref = shortRef(e.orderId);
      const link = this.link('/my-order');
      const [order] = await tx.execute<{ cancel_reason: string | null; prescription_note: string | null }[]>(
        'select cancel_reason, prescription_note from orders where id = ?', [e.orderId]);
      const rejected = order?.cancel_reason === 'PRESCRIPTION_REJECTED';
      const refund = e.to === 'Cancelled' ? await this.refundOf(tx, e.orderId) : null;
      if (refund) {
        const vars = (u: User) => ({
          name: u.name, ref, amount: takaText(refund.amount_poisha, u.language), provider: providerLabel(refund.provider, u.language),
          rejected: rejected ? 'yes' : 'no', note: order?.prescription_note ?? '', what: 'order', noShow: 'no', link,
        });
        await this.tell(tx, e.userId, key, 'order-refund-started', 'refund-started', vars);
      } else if (rejected) {
        await this.tell(tx, e.userId, key, 'prescription-rejected', 'order-status', (u) => ({ name: u.name, ref, note: order?.prescription_note ?? '', status: status(e.to)(u), link }));
      } else if (order?.cancel_reason === 'PRESCRIPTION_NOT_CHECKED') {
        await this.tell(tx, e.userId, key, 'prescription-check-expired', 'order-status', (u) => ({ name: u.name, ref, status: status(e.to)(u), link }));
      } else if (e.from === 'PrescriptionCheck' && e.to === 'Processing') {
        await this.tell(tx, e.userId, key, 'prescription-approved', 'order-status', (u) => ({ name: u.name, ref, status: status(e.to)(u), link }));
      } else {
        await this.tell(tx, e.userId, key, 'order-status', 'order-status', (u) => ({ name: u.name, ref, status: status(e.to)(u), link }));
      }
    });

    // The money is back with the payer: told by mail and SMS, once per refund.
    this.on(events, 'payment.refunded', async (tx, e) => {
      const done = await tx.execute<{ id: string; amount_poisha: number; provider: string; purpose: string; purpose_id: string; provider_refund_id: string | null; user_id: string }[]>(
        `select id, amount_poisha, provider, purpose, purpose_id, provider_refund_id, user_id from payment_refunds where payment_id = ? and status = 'completed'`, [e.paymentId]);
      for (const r of done) {
        const key = `refund.completed:${r.id}`;
        const what = r.purpose === 'order' ? 'order' : 'consultation';
        const vars = (u: User) => ({
          name: u.name, ref: shortRef(r.purpose_id), what, amount: takaText(Number(r.amount_poisha), u.language), provider: providerLabel(r.provider, u.language),
          refundRef: r.provider_refund_id ?? '', link: this.link(what === 'order' ? '/my-order' : '/my-booking'),
        });
        await this.tell(tx, r.user_id, key, 'refund-completed', 'refund-completed', vars);
      }
    });

    this.on(events, 'nurseHire.created', (tx, e) =>
      this.mail.enqueueToUser(tx, e.userId, `nurseHire.created:${e.hireId}`, 'hire-created',
        (u) => ({ name: u.name, ref: shortRef(e.hireId), link: this.link('/my/hire-nurses') })));

    this.on(events, 'nurseHire.statusChanged', (tx, e) =>
      this.mail.enqueueToUser(tx, e.userId, `nurseHire.status:${e.hireId}:${e.from}->${e.to}`, 'hire-status',
        (u) => ({ name: u.name, ref: shortRef(e.hireId), status: status(e.to)(u), link: this.link('/my/hire-nurses') })));

    // A blood request has no account behind it: the admins who handle requests are told.
    this.on(events, 'bloodRequest.created', async (tx, e) => {
      const admins = await tx.find(User, { role: Role.Admin, deletedAt: null }, { fields: ['id'] });
      for (const admin of admins) {
        await this.mail.enqueueToUser(tx, admin.id, `bloodRequest.created:${e.requestId}:${admin.id}`, 'blood-request',
          (u) => ({ name: u.name, ref: shortRef(e.requestId), link: this.link('/admin-dashboard') }));
      }
    });

    // The relay: every matched donor is told who needs blood and whom to call (their own contacts are
    // never given out). Once per donor and request (dedupe keys), in the request's transaction.
    this.on(events, 'bloodRequest.created', (tx, e) => this.notifyMatchedDonors(tx, e.requestId));

    this.on(events, 'doctor.reviewed', (tx, e) =>
      this.mail.enqueueToUser(tx, e.userId, `doctor.reviewed:${e.doctorId}:${e.decision}`,
        e.decision === 'approved' ? 'doctor-approved' : 'doctor-rejected',
        (u) => ({ name: u.name, link: this.link('/doctor/login') })));
  }

  /**
   * Mails and texts each donor matched to a blood request (blood/blood.match.ts, the same donors the
   * requester sees listed) the requester's name and phone, the group and the area, in the donor's
   * language. A donor already told about DONOR_ALERTS_PER_DAY requests in the last 24 hours is
   * skipped. SMS only goes to Bangladeshi mobile numbers (SmsService.enqueue).
   */
  async notifyMatchedDonors(em: EntityManager, requestId: string): Promise<number> {
    const request = await em.findOne(BloodRequest, { id: requestId });
    if (!request) return 0;
    const donors = await matchDonors(em, request);
    if (!donors.length) return 0;
    const userIds = donors.map((d) => d.user.id);
    const recent = await em.execute<{ user_id: string; n: number | string }[]>(
      `select user_id, count(*) as n from mail_outbox
        where template = 'blood-donor-request' and user_id in (${userIds.map(() => '?').join(', ')})
          and created_at > now() - interval '1 day'
        group by user_id`,
      userIds,
    );
    const told = new Map(recent.map((r) => [r.user_id, Number(r.n)]));
    const ref = shortRef(request.id);
    let notified = 0;
    for (const donor of donors) {
      const user = donor.user.getEntity();
      if ((told.get(user.id) ?? 0) >= DONOR_ALERTS_PER_DAY) continue;
      const vars = {
        name: user.name, requesterName: request.name, requesterPhone: request.phone, group: request.group,
        area: areaLabel(request.area, user.language), ref, link: this.link('/bloods'),
      };
      const key = `bloodRequest.donor:${request.id}:${donor.id}`;
      const to = { language: user.language, userId: user.id };
      const mailed = user.email ? await this.mail.enqueue(em, key, { ...to, email: user.email }, 'blood-donor-request', vars) : false;
      await this.sms.enqueue(em, key, { ...to, phone: donor.phoneE164 }, 'blood-donor-request', vars);
      if (mailed) notified++;
    }
    return notified;
  }

  /**
   * Tells the owner of an email that someone tried to sign up with it (the signup answered as if it
   * had worked, so that it does not reveal who has an account). At most one such mail an hour per
   * account; the link to log in and to reset a password fit the owner's role. A failure is logged:
   * the caller's answer must not change because of it.
   */
  async signupAttempted(em: EntityManager, userId: string): Promise<void> {
    const slot = Math.floor(Date.now() / SIGNUP_ATTEMPT_MAIL_EVERY_MS);
    await this.guarded(em, 'signup.attempted', (tx) =>
      this.mail.enqueueToUser(tx, userId, `signup.attempted:${userId}:${slot}`, 'signup-attempt', (u) => ({
        name: u.name,
        loginLink: this.link(u.role === Role.Doctor ? '/doctor/login' : '/user-signin'),
        resetLink: this.link(u.role === Role.Doctor ? '/doctor-forgot-password' : '/user/password'),
      })));
  }

  /**
   * Schedules (or moves) the "starts in 15 minutes" reminder of a consultation for the patient and
   * its doctor. Call it inside the booking's transaction, and again whenever the time changes.
   */
  async scheduleConsultationReminder(em: EntityManager, r: ConsultationReminder): Promise<void> {
    if (r.startsAt.getTime() <= Date.now()) return;
    const dueAt = new Date(r.startsAt.getTime() - REMINDER_LEAD_MINUTES * 60_000);
    const people = [r.patientId];
    const doctorUser = r.doctorId ? await this.doctorUserId(em, r.doctorId) : null;
    if (doctorUser) people.push(doctorUser);
    for (const userId of people) {
      await em.execute(
        `insert into scheduled_notifications (id, created_at, updated_at, kind, subject_key, due_at, user_id, payload, status)
         values (gen_random_uuid(), now(), now(), ?, ?, ?, ?, ?, 'scheduled')
         on conflict (kind, subject_key, user_id)
         do update set due_at = excluded.due_at, payload = excluded.payload, status = 'scheduled', fired_at = null, updated_at = now()`,
        [ReminderKind.ConsultationStartsSoon, r.appointmentId, dueAt, userId,
          JSON.stringify({ startsAt: r.startsAt.toISOString(), role: userId === r.patientId ? 'patient' : 'doctor' })],
      );
    }
  }

  async cancelReminders(em: EntityManager, subjectKey: string): Promise<void> {
    await em.execute(`update scheduled_notifications set status = 'cancelled', updated_at = now() where subject_key = ? and status = 'scheduled'`, [subjectKey]);
  }

  /**
   * One worker step: fires due reminders. Claim and queue share a transaction, so a reminder is
   * either claimed and queued or neither; SKIP LOCKED keeps two replicas off the same rows.
   */
  async fireDueReminders(em: EntityManager, limit = 50): Promise<number> {
    return em.transactional(async (tx) => {
      const rows = await tx.execute<{ id: string; subject_key: string; user_id: string; payload: unknown; due_at: Date }[]>(
        `update scheduled_notifications s set status = 'done', fired_at = now(), updated_at = now()
          where s.id in (select id from scheduled_notifications where status = 'scheduled' and due_at <= now()
                          order by due_at limit ? for update skip locked)
          returning s.id, s.subject_key, s.user_id, s.payload, s.due_at`,
        [limit],
      );
      let fired = 0;
      for (const row of rows) {
        const payload = (typeof row.payload === 'string' ? JSON.parse(row.payload) : row.payload) as { startsAt?: string; role?: string } | null;
        const startsAt = payload?.startsAt ? new Date(payload.startsAt) : new Date(new Date(row.due_at).getTime() + REMINDER_LEAD_MINUTES * 60_000);
        const minutesLeft = Math.round((startsAt.getTime() - Date.now()) / 60_000);
        // Too late to be useful (the worker was down): drop it rather than remind after the start.
        if (minutesLeft < 1) continue;
        const user = await tx.findOne(User, { id: row.user_id, deletedAt: null });
        if (!user) continue;
        const ref = shortRef(row.subject_key);
        const vars = { name: user.name, ref, minutes: String(minutesLeft), link: this.link(payload?.role === 'doctor' ? '/doctor-booking' : '/my-booking') };
        const key = `reminder:${row.subject_key}:${user.id}:${startsAt.toISOString()}`;
        if (user.email) await this.mail.enqueue(tx, key, { email: user.email, language: user.language, userId: user.id }, 'consultation-reminder', vars);
        await this.sms.enqueue(tx, key, { phone: textablePhone(user), language: user.language, userId: user.id }, 'consultation-reminder', vars);
        fired++;
      }
      return fired;
    });
  }
}
