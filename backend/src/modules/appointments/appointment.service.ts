import { addDays, dhakaToday } from '../../common/dhaka-date.js';
import type { AuditService } from '../audit/index.js';
import { assertContactVerified } from '../verification/index.js';
import { randomBytes, randomUUID } from 'node:crypto';
import { LockMode } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/sql';
import type { Config } from '../../config.js';
import { Role, type AuthUser } from '../../common/roles.js';
import { AppError, badInput, conflict, forbidden, notFound } from '../../common/errors.js';
import type { Logger } from '../../common/logger.js';
import type { Payer, PaymentService } from '../payments/index.js';
import { PaymentPurpose, RefundReason, type PaymentProvider } from '../payments/index.js';
import type { DomainEvents } from '../../common/events.js';
import { normalizeBdPhone } from '../../common/phone.js';
import { offsetOf, pageOf, type PageResult, byCreated } from '../../common/pagination.js';
import { Doctor } from '../doctors/index.js';
import { User } from '../accounts/index.js';
import { careForFilter, familyMemberOf, type FamilyMember } from '../family/index.js';
import { DoctorStatus } from '../doctors/index.js';
import { isUuid } from '../../common/ids.js';
import { Appointment } from './appointment.entity.js';
import { AppointmentKind, AppointmentStatus, AppointmentPaymentStatus, VisitSlot, canMove } from './appointment.enums.js';
import { HospitalSlotLoad } from './hospital-slot-load.entity.js';
import type { AppointmentListArgs, BookConsultationInput, BookHospitalVisitInput, HospitalVisitArgs, MyAppointmentListArgs } from './appointment.inputs.js';
import {
  canChangeStatus, canViewAppointment, hospitalAppId, inListOf, isDoctorOf, isPatientOf, isVisitOfAppsHospital, mayConfirm, type AppointmentViewer,
} from './appointment.policy.js';


/** How far ahead a hospital visit may be booked. */
export const HOSPITAL_BOOKING_DAYS_AHEAD = 60;
/** How booking and moving appointments are limited (their declared limits, common/limits.ts). */
export const BOOKING_LIMIT = 'a verified email or mobile number; hospital places capped per account (HOSPITAL_PLACES_PER_PATIENT_SLOT, OPEN_HOSPITAL_VISITS_PER_PATIENT); an unpaid video booking expires after its payment hold; mail only to the patient';
export const STATUS_CHANGE_LIMIT = "the appointment's own doctor or patient; each move once, by the transition map";

export interface SlotAvailability {
  slot: VisitSlot;
  capacity: number;
  booked: number;
  available: number;
}

const POPULATE = ['doctor.user', 'patient'] as const;

export interface ConsultationCheckout {
  appointment: Appointment;
  paymentUrl: string;
  tranId: string;
}

/** How starting a consultation is limited (its declared limit, common/limits.ts). */
export const START_LIMIT = 'the doctor of a paid, confirmed video consultation; once (conditional update)';

/** When each hospital slot opens, Dhaka time. */
const SLOT_START: Record<string, string> = { Morning: '09:00', Afternoon: '14:00', Evening: '18:00' };

export class AppointmentService {
  constructor(
    private readonly config: Config,
    private readonly events: DomainEvents,
    private readonly payments: PaymentService,
    private readonly log: Logger,
    private readonly audit?: AuditService,
  ) {
    // The payments module has verified the money with the provider and matched amount and currency;
    // this runs in the transaction that records it. A refusal here (a second payment for a
    // consultation already paid, an amount that no longer matches) must not undo the record of
    // money that really moved: it is logged for a refund by hand instead of thrown.
    payments.onCompleted(PaymentPurpose.Consultation, async (em, payment) => {
      try {
        await this.markConsultationPaid(em, payment.purposeId, payment.id, payment.amountPoisha);
      } catch (e) {
        if (!(e instanceof AppError)) throw e;
        // A second payment, or one that no longer fits: the money goes back by itself.
        this.log.warn({ err: e, tranId: payment.tranId, appointmentId: payment.purposeId }, 'consultation payment completed but not applied: refunding it');
        await this.payments.refunds.request(em, { paymentId: payment.id, cause: `consultation-not-applied:${payment.id}`, reason: RefundReason.ConsultationCancelled });
      }
    });
  }

  /**
   * Opens a bKash/Nagad checkout for the patient's own unpaid consultation, at its fee. The payment
   * row commits first; the provider is called outside any transaction.
   */
  async startPayment(em: EntityManager, actor: AuthUser, appointmentId: string, provider: PaymentProvider, payer: Payer): Promise<ConsultationCheckout> {
    const appointment = await this.consultationForPayment(em, actor, appointmentId);
    const payment = await em.transactional(async (tx) => {
      const p = this.payments.create(tx, {
        purpose: PaymentPurpose.Consultation, purposeId: appointment.id, userId: actor.id, amountPoisha: appointment.feePoisha, provider,
      });
      // the checkout gets the full hold from now, so a slow payer is not cancelled mid-payment
      await tx.nativeUpdate(Appointment, { id: appointment.id, paymentStatus: AppointmentPaymentStatus.Unpaid }, {
        holdExpiresAt: new Date(Date.now() + this.config.consultations.unpaidHoldMinutes * 60_000),
      });
      await tx.flush();
      return p;
    });
    const patient = appointment.patient.getEntity();
    const paymentUrl = await this.payments.startCheckout(em, payment, { payerReference: patient.phone ?? actor.id, payer });
    return { appointment, paymentUrl, tranId: payment.tranId };
  }

  /** The caller's Doctor id when the caller is a doctor, else null. */
  async doctorIdOf(em: EntityManager, actor: AuthUser | null): Promise<string | null> {
    if (!actor || actor.role !== Role.Doctor) return null;
    if (actor.doctorId !== undefined) return actor.doctorId;
    const d = await em.findOne(Doctor, { user: actor.id }, { fields: ['id'] });
    return d?.id ?? null;
  }

  private async approvedDoctor(em: EntityManager, id: string): Promise<Doctor> {
    const doctor = isUuid(id) ? await em.findOne(Doctor, { id, status: DoctorStatus.Approved }, { populate: ['user'] }) : null;
    if (!doctor) throw notFound('Doctor');
    return doctor;
  }

  private roomUrl(): string {
    return `${this.config.consultations.meetingBaseUrl}/Nirog-${randomBytes(12).toString('base64url')}`;
  }

  /**
   * Unpaid video consultations past their hold are cancelled, so an abandoned checkout never sits in
   * the doctor's queue. Run lazily before the reads and writes that care (no timer to keep alive on
   * every replica); a payment arriving later still revives it (see markConsultationPaid).
   */
  async expireUnpaid(em: EntityManager): Promise<number> {
    // One statement for both (the list reads stay at a constant, small number of statements):
    // - a video consultation still unpaid past its hold: PAYMENT_TIMEOUT;
    // - a hospital visit nobody confirmed before its day was over holds nothing any more: it is closed
    //   (NOT_CONFIRMED), so it no longer counts against the patient's caps nor sits open in the lists.
    const rows = await em.getConnection().execute<{ id: string }[]>(
      `update appointments set status = ?, updated_at = now(),
         cancel_reason = case when kind = ? then 'PAYMENT_TIMEOUT' else 'NOT_CONFIRMED' end
       where status = ? and (
         (kind = ? and payment_status = ? and hold_expires_at < now())
         or (kind = ? and visit_date < ?))
       returning id`,
      [AppointmentStatus.Cancelled, AppointmentKind.Video, AppointmentStatus.Processing,
        AppointmentKind.Video, AppointmentPaymentStatus.Unpaid, AppointmentKind.Hospital, dhakaToday()],
      'all', em.getTransactionContext(),
    );
    return rows.length;
  }

  /** The account holder's own family member the care is for (anyone else's is NOT_FOUND), or null. */
  private async careRecipient(em: EntityManager, actor: AuthUser, familyMemberId?: string | null): Promise<FamilyMember | null> {
    return familyMemberId ? familyMemberOf(em, actor.id, familyMemberId) : null;
  }

  /** Who it is for, as the booking keeps it: a family member's name, age today and gender are theirs. */
  private forWhom(member: FamilyMember | null) {
    return member
      ? { familyMember: member, patientRelation: member.relation, patientName: member.name, age: member.age, patientGender: member.gender }
      : { familyMember: null, patientRelation: null };
  }

  async bookConsultation(em: EntityManager, actor: AuthUser, input: BookConsultationInput): Promise<Appointment> {
    await assertContactVerified(em, actor.id);
    const doctor = await this.approvedDoctor(em, input.doctorId);
    const member = await this.careRecipient(em, actor, input.familyMemberId);
    await this.expireUnpaid(em);
    const holdExpiresAt = new Date(Date.now() + this.config.consultations.unpaidHoldMinutes * 60_000);
    const details = {
      patientName: input.name?.trim() ?? '', age: input.age ?? null, patientGender: input.gender ?? null,
      weight: input.weight.trim(), height: input.height.trim(), problem: input.problem.trim(),
      ...this.forWhom(member),
    };
    return em.transactional(async (tx) => {
      // Booking the same doctor again before paying reuses the open checkout instead of piling up rows.
      const open = await tx.findOne(Appointment, {
        kind: AppointmentKind.Video, doctor: doctor.id, patient: actor.id,
        status: AppointmentStatus.Processing, paymentStatus: AppointmentPaymentStatus.Unpaid,
      }, { populate: POPULATE, lockMode: LockMode.PESSIMISTIC_WRITE });
      if (open) {
        Object.assign(open, details, { holdExpiresAt, feePoisha: doctor.feePoisha });
        await tx.flush();
        return open;
      }
      const free = doctor.feePoisha === 0;
      const appointment = tx.create(Appointment, {
        kind: AppointmentKind.Video, doctor, patient: tx.getReference(User, actor.id), feePoisha: doctor.feePoisha,
        ...details,
        meetingUrl: doctor.meetingUrl || this.roomUrl(),
        status: free ? AppointmentStatus.Confirmed : AppointmentStatus.Processing,
        paymentStatus: free ? AppointmentPaymentStatus.Paid : AppointmentPaymentStatus.Unpaid,
        paidAt: free ? new Date() : null,
        holdExpiresAt: free ? null : holdExpiresAt,
      });
      await tx.flush();
      await this.events.publish(tx, { type: 'appointment.booked', appointmentId: appointment.id, patientId: actor.id, doctorId: doctor.id });
      await tx.populate(appointment, POPULATE);
      return appointment;
    });
  }

  async bookHospitalVisit(em: EntityManager, actor: AuthUser, input: BookHospitalVisitInput): Promise<Appointment> {
    await assertContactVerified(em, actor.id);
    const date = this.assertVisitDate(input.date);
    const phone = normalizeBdPhone(input.phone);
    const doctor = await this.approvedDoctor(em, input.doctorId);
    const member = await this.careRecipient(em, actor, input.familyMemberId);
    await this.expireUnpaid(em);
    return em.transactional(async (tx) => {
      await this.assertUnderVisitCaps(tx, actor.id, doctor.id, date, input.slot);
      // One statement claims a place: the row lock serialises concurrent bookings of the same slot,
      // and the WHERE refuses the one that would go past capacity (the check constraint backs it up).
      const claimed = await tx.execute<{ booked: number }[]>(
        `insert into hospital_slot_loads (id, doctor_id, visit_date, slot, booked, capacity)
         values (?, ?, ?, ?, 1, ?)
         on conflict (doctor_id, visit_date, slot) do update
           set booked = hospital_slot_loads.booked + 1, capacity = excluded.capacity, updated_at = now()
           where hospital_slot_loads.booked < excluded.capacity
         returning booked`,
        [randomUUID(), doctor.id, date, input.slot, doctor.hospitalSlotCapacity],
      );
      if (!claimed.length) {
        throw conflict(`The ${input.slot} slot on ${date} is full. Please choose another slot or day.`, 'SLOT_FULL', { slot: input.slot, date });
      }
      const appointment = tx.create(Appointment, {
        kind: AppointmentKind.Hospital, doctor, patient: tx.getReference(User, actor.id), feePoisha: doctor.feePoisha,
        patientName: input.patientName?.trim() ?? '', phoneE164: phone, visitDate: date, slot: input.slot,
        paymentStatus: AppointmentPaymentStatus.AtHospital, ...this.forWhom(member),
      });
      await tx.flush();
      // The visit's start in Dhaka time (UTC+6), so that a reminder goes out 15 minutes before.
      const startsAt = new Date(`${date}T${SLOT_START[input.slot]}:00+06:00`).toISOString();
      await this.events.publish(tx, { type: 'appointment.booked', appointmentId: appointment.id, patientId: actor.id, doctorId: doctor.id, startsAt });
      await tx.populate(appointment, POPULATE);
      return appointment;
    });
  }

  /**
   * Hospital visits are paid at the hospital, so no payment timer frees a place: instead one account
   * holds at most a few places in a slot (the patient and a family member) and a few upcoming visits
   * in all. The patient's row is locked first, so concurrent bookings by one account are counted one
   * after the other and never pass the caps.
   */
  private async assertUnderVisitCaps(tx: EntityManager, patientId: string, doctorId: string, date: string, slot: VisitSlot): Promise<void> {
    const { hospitalPlacesPerPatientSlot, openHospitalVisitsPerPatient } = this.config.limits;
    await tx.execute('select id from users where id = ? for update', [patientId]);
    const open = { kind: AppointmentKind.Hospital, patient: patientId, status: { $in: [AppointmentStatus.Processing, AppointmentStatus.Confirmed] } };
    const inSlot = await tx.count(Appointment, { ...open, doctor: doctorId, visitDate: date, slot });
    if (inSlot >= hospitalPlacesPerPatientSlot) {
      throw conflict(`You already hold ${inSlot} places in the ${slot} slot on ${date}. Cancel one in My Appointments to book another.`, 'SLOT_LIMIT_REACHED', { count: inSlot, slot, date });
    }
    const upcoming = await tx.count(Appointment, { ...open, visitDate: { $gte: dhakaToday() } });
    if (upcoming >= openHospitalVisitsPerPatient) {
      throw conflict(`You already have ${upcoming} upcoming hospital visits. Cancel one or wait until one is over, then book again.`, 'TOO_MANY_OPEN_VISITS', { count: upcoming });
    }
  }

  private assertVisitDate(raw: string): string {
    const d = new Date(`${raw}T00:00:00Z`);
    if (Number.isNaN(d.getTime()) || d.toISOString().slice(0, 10) !== raw) {
      throw badInput('Choose a valid date', { date: 'Invalid date' }, 'INVALID_DATE');
    }
    const today = dhakaToday();
    if (raw < today) throw badInput('The date has already passed. Please choose today or a later day.', { date: 'Date in the past' }, 'DATE_IN_PAST');
    if (raw > addDays(today, HOSPITAL_BOOKING_DAYS_AHEAD)) {
      throw badInput(`Visits can be booked up to ${HOSPITAL_BOOKING_DAYS_AHEAD} days ahead`, { date: 'Too far ahead' }, 'DATE_TOO_FAR', { days: HOSPITAL_BOOKING_DAYS_AHEAD });
    }
    return raw;
  }

  /** Before submit: what is left in each slot of that day. */
  async hospitalSlots(em: EntityManager, doctorId: string, date: string): Promise<SlotAvailability[]> {
    const doctor = await this.approvedDoctor(em, doctorId);
    const day = this.assertVisitDate(date);
    const loads = await em.find(HospitalSlotLoad, { doctor: doctor.id, visitDate: day });
    return Object.values(VisitSlot).map((slot) => {
      const booked = loads.find((l) => l.slot === slot)?.booked ?? 0;
      const capacity = doctor.hospitalSlotCapacity;
      return { slot, capacity, booked, available: Math.max(0, capacity - booked) };
    });
  }

  /**
   * The payments module's seam: called inside its transaction once the gateway has confirmed the
   * payment server-side. Checks the amount against the fee, is idempotent for the same payment, and
   * confirms the consultation. A payment that lands after the hold expired revives the booking: the
   * patient has paid, and a video consultation has no scarce place to lose.
   */
  async markConsultationPaid(em: EntityManager, appointmentId: string, paymentId: string, amountPoisha: number): Promise<Appointment> {
    const a = isUuid(appointmentId)
      ? await em.findOne(Appointment, { id: appointmentId }, { lockMode: LockMode.PESSIMISTIC_WRITE })
      : null;
    if (!a) throw notFound('Appointment');
    if (a.kind !== AppointmentKind.Video) throw conflict('Hospital visits are paid at the hospital', 'NOT_PAYABLE');
    if (a.paymentStatus === AppointmentPaymentStatus.Paid) {
      if (a.paymentId === paymentId) return a;
      throw conflict('This consultation is already paid', 'ALREADY_PAID');
    }
    if (!Number.isInteger(amountPoisha) || amountPoisha !== a.feePoisha) {
      throw conflict('The amount paid does not match the consultation fee', 'AMOUNT_MISMATCH');
    }
    const revivable = a.status === AppointmentStatus.Processing
      || (a.status === AppointmentStatus.Cancelled && a.cancelReason === 'PAYMENT_TIMEOUT');
    if (!revivable) throw conflict('This consultation can no longer be paid', 'NOT_PAYABLE');
    const from = a.status;
    const updated = await em.nativeUpdate(Appointment, { id: a.id, status: from, paymentStatus: AppointmentPaymentStatus.Unpaid }, {
      paymentStatus: AppointmentPaymentStatus.Paid, paidAt: new Date(), paymentId, status: AppointmentStatus.Confirmed,
      holdExpiresAt: null, cancelReason: null,
    });
    if (updated !== 1) throw conflict('This consultation changed meanwhile, please try again', 'CHANGED_MEANWHILE');
    await em.refresh(a);
    const ids = { appointmentId: a.id, patientId: a.patient.id, doctorId: a.doctor.id };
    await this.events.publish(em, { type: 'appointment.paid', ...ids, paymentId });
    await this.events.publish(em, { type: 'appointment.statusChanged', ...ids, from, to: AppointmentStatus.Confirmed });
    return a;
  }

  /** For the payments module before it starts a checkout: the patient's own unpaid consultation and its fee. */
  async consultationForPayment(em: EntityManager, actor: AuthUser, appointmentId: string): Promise<Appointment> {
    await this.expireUnpaid(em);
    const a = await this.findVisible(em, actor, appointmentId);
    if (!isPatientOf(actor, a)) throw forbidden('Only the patient pays for a consultation', 'NOT_OWNER');
    if (a.kind !== AppointmentKind.Video) throw conflict('Hospital visits are paid at the hospital', 'NOT_PAYABLE');
    if (a.paymentStatus === AppointmentPaymentStatus.Paid) throw conflict('This consultation is already paid', 'ALREADY_PAID');
    if (a.status !== AppointmentStatus.Processing) throw conflict('This booking has expired. Please book again.', 'BOOKING_EXPIRED');
    return a;
  }

  private async findVisible(em: EntityManager, actor: AuthUser, id: string): Promise<Appointment> {
    const a = isUuid(id) ? await em.findOne(Appointment, { id }, { populate: POPULATE }) : null;
    if (!a) throw notFound('Appointment');
    // Someone else's appointment is "not found", so ids cannot be probed.
    if (!canViewAppointment(actor, a, await this.doctorIdOf(em, actor))) throw notFound('Appointment');
    return a;
  }

  async get(em: EntityManager, actor: AuthUser, id: string): Promise<Appointment> {
    await this.expireUnpaid(em);
    const a = await this.findVisible(em, actor, id);
    await this.audit?.recordMedicalRead(em, actor, 'Appointment', a.id, a.patient.id);
    return a;
  }

  /** Every move goes through the map and a compare-and-set on the current status. */
  async changeStatus(em: EntityManager, actor: AuthUser, id: string, to: AppointmentStatus): Promise<Appointment> {
    await this.expireUnpaid(em);
    const a = await this.findVisible(em, actor, id);
    const from = a.status;
    if (!canChangeStatus(actor, a, to, await this.doctorIdOf(em, actor))) throw forbidden('You cannot change this appointment', 'NOT_ALLOWED');
    if (!canMove(from, to)) {
      throw conflict(`An appointment cannot go from ${from} to ${to}`, 'ILLEGAL_TRANSITION', { from, to });
    }
    if (to === AppointmentStatus.Confirmed && !mayConfirm(a)) throw conflict('The consultation is not paid yet', 'NOT_PAID');
    await em.transactional(async (tx) => {
      const changed = await tx.nativeUpdate(Appointment, { id: a.id, status: from }, {
        status: to, ...(to === AppointmentStatus.Cancelled ? { cancelReason: actor.role === Role.Admin ? 'ADMIN' : actor.role === Role.Doctor ? 'DOCTOR' : 'PATIENT' } : {}),
      });
      if (changed !== 1) throw conflict('Someone else changed this appointment meanwhile. Reload and try again.', 'CHANGED_MEANWHILE');
      // A paid consultation its doctor or an admin cancels is refunded, once, in this transaction.
      if (to === AppointmentStatus.Cancelled && a.paymentStatus === AppointmentPaymentStatus.Paid && a.paymentId) {
        await this.payments.refunds.request(tx, { paymentId: a.paymentId, cause: `consultation-cancelled:${a.id}`, reason: RefundReason.ConsultationCancelled });
      }
      if (to === AppointmentStatus.Cancelled && a.kind === AppointmentKind.Hospital && a.visitDate && a.slot) {
        // A cancelled visit gives its place back.
        await tx.execute(
          'update hospital_slot_loads set booked = booked - 1, updated_at = now() where doctor_id = ? and visit_date = ? and slot = ? and booked > 0',
          [a.doctor.id, a.visitDate, a.slot],
        );
      }
      await this.events.publish(tx, {
        type: 'appointment.statusChanged', appointmentId: a.id, patientId: a.patient.id, doctorId: a.doctor.id, from, to,
      });
    });
    if (to === AppointmentStatus.Cancelled) await this.payments.refunds.sendDue(em, { purposeId: a.id });
    await em.refresh(a);
    return a;
  }

  /**
   * The doctor starts a paid video consultation (opening its room): from then on it is not a no-show.
   * Once; a second start changes nothing.
   */
  async start(em: EntityManager, actor: AuthUser, id: string): Promise<Appointment> {
    const a = await this.findVisible(em, actor, id);
    if (!isDoctorOf(actor, a, await this.doctorIdOf(em, actor))) throw forbidden('Only the doctor of this consultation starts it', 'NOT_YOUR_PATIENT');
    if (a.kind !== AppointmentKind.Video || a.status !== AppointmentStatus.Confirmed) throw conflict('A consultation can be started once it is confirmed', 'NOT_CONFIRMED');
    await em.transactional(async (tx) => {
      const started = await tx.nativeUpdate(Appointment, { id: a.id, status: AppointmentStatus.Confirmed, startedAt: null }, { startedAt: new Date() });
      // The patient's wait page hears it and offers the room (live updates).
      if (started === 1) await this.events.publish(tx, { type: 'appointment.started', appointmentId: a.id, patientId: a.patient.id, doctorId: a.doctor.id });
    });
    await em.refresh(a);
    return a;
  }

  /**
   * Paid video consultations whose doctor has not started them CONSULTATION_NO_SHOW_MINUTES (15) after they were paid
   * (a video consultation is for now: its time is when it was paid) are cancelled and refunded, each
   * once (a conditional update claims it; the refund is one per cause). The patient is told and may
   * book again. Run by the jobs in one replica at a time.
   */
  async refundNoShows(em: EntityManager, now = new Date()): Promise<number> {
    const before = new Date(now.getTime() - this.config.consultations.noShowMinutes * 60_000);
    const late = await em.find(Appointment, {
      kind: AppointmentKind.Video, status: AppointmentStatus.Confirmed, paymentStatus: AppointmentPaymentStatus.Paid, startedAt: null, paidAt: { $lt: before },
    }, { orderBy: { paidAt: 'asc' }, limit: 100 });
    let cancelled = 0;
    for (const a of late) {
      const done = await em.transactional(async (tx) => {
        const changed = await tx.nativeUpdate(Appointment, { id: a.id, status: AppointmentStatus.Confirmed, startedAt: null },
          { status: AppointmentStatus.Cancelled, cancelReason: 'DOCTOR_NO_SHOW', updatedAt: now });
        if (changed !== 1) return false;
        if (a.paymentId) await this.payments.refunds.request(tx, { paymentId: a.paymentId, cause: `consultation-no-show:${a.id}`, reason: RefundReason.DoctorNoShow });
        await this.events.publish(tx, {
          type: 'appointment.statusChanged', appointmentId: a.id, patientId: a.patient.id, doctorId: a.doctor.id, from: AppointmentStatus.Confirmed, to: AppointmentStatus.Cancelled,
        });
        return true;
      });
      if (!done) continue;
      cancelled++;
      await this.payments.refunds.sendDue(em, { purposeId: a.id });
    }
    return cancelled;
  }

  /** Used by prescriptions: Confirmed → Finished inside the caller's transaction. */
  async finishInTransaction(tx: EntityManager, a: Appointment): Promise<void> {
    if (a.status !== AppointmentStatus.Confirmed) return;
    const changed = await tx.nativeUpdate(Appointment, { id: a.id, status: AppointmentStatus.Confirmed }, { status: AppointmentStatus.Finished, startedAt: a.startedAt ?? new Date() });
    if (changed === 1) {
      await this.events.publish(tx, {
        type: 'appointment.statusChanged', appointmentId: a.id, patientId: a.patient.id, doctorId: a.doctor.id,
        from: AppointmentStatus.Confirmed, to: AppointmentStatus.Finished,
      });
    }
  }

  private async page(em: EntityManager, where: Record<string, unknown>, args: AppointmentListArgs): Promise<PageResult<Appointment>> {
    if (args.status) where.status = args.status;
    if (args.kind) where.kind = args.kind;
    if (args.paymentStatus) where.paymentStatus = args.paymentStatus;
    // The count needs no joins; the page brings the doctor, the patient and the prescription in one query.
    const [items, total] = await Promise.all([
      em.find(Appointment, where, {
        populate: [...POPULATE, 'prescription'], strategy: 'joined', orderBy: byCreated(args.sort), limit: args.pageSize, offset: offsetOf(args),
      }),
      em.count(Appointment, where),
    ]);
    return pageOf(items, total, args);
  }

  async myAppointments(em: EntityManager, actor: AuthUser, args: MyAppointmentListArgs): Promise<PageResult<Appointment>> {
    const where: Record<string, unknown> = { patient: actor.id };
    if (args.careFor) where.familyMember = await careForFilter(em, actor.id, args.careFor);
    await this.expireUnpaid(em);
    return this.page(em, where, args);
  }

  /** The doctor's own bookings, newest first; unpaid checkouts are not bookings yet (the policy's inDoctorsList). */
  async doctorAppointments(em: EntityManager, actor: AuthUser, args: AppointmentListArgs): Promise<PageResult<Appointment>> {
    const doctorId = await this.doctorIdOf(em, actor);
    if (!doctorId) throw notFound('Doctor profile');
    const page = await this.page(em, { doctor: doctorId, paymentStatus: { $ne: AppointmentPaymentStatus.Unpaid } }, args);
    await this.audit?.recordMedicalRead(em, actor, 'Appointment', null, null, { list: 'doctor consultations', page: page.page, rows: page.items.length });
    return page;
  }

  async adminList(em: EntityManager, args: AppointmentListArgs): Promise<PageResult<Appointment>> {
    await this.expireUnpaid(em);
    return this.page(em, {}, args);
  }

  /**
   * Hospital visits, newest first: a hospital app's are those of the doctors an admin linked to it
   * (`doctorIds`, none when none is linked); an admin may filter every hospital's by the work place
   * doctors give (`work`, a search for people, never access), or not at all.
   */
  async hospitalVisits(em: EntityManager, of: { doctorIds: readonly string[] } | { work: string | null }, args: HospitalVisitArgs): Promise<PageResult<Appointment>> {
    const where: Record<string, unknown> = { kind: AppointmentKind.Hospital };
    if ('doctorIds' in of) {
      if (!of.doctorIds.length) return pageOf([], 0, args);
      where.doctor = { $in: [...of.doctorIds] };
    } else if (of.work !== null) where.doctor = { work: of.work };
    return this.page(em, where, { ...args, kind: null, paymentStatus: null });
  }

  /**
   * Live updates (appointment.live.ts): the appointment followed by id, by the `appointment` query's
   * rule (its patient, its doctor, admins; an app, a visit of its own hospital), NOT_FOUND otherwise.
   * Each read is on record as the query's is.
   */
  async followed(em: EntityManager, viewer: AppointmentViewer, id: string): Promise<Appointment> {
    const a = isUuid(id) ? await em.findOne(Appointment, { id }, { populate: POPULATE }) : null;
    const visible = !!a && (viewer.integrator ? isVisitOfAppsHospital(a, await viewer.linkedDoctorIds?.(em) ?? [])
      : !!viewer.user && canViewAppointment(viewer.user, a, await this.doctorIdOf(em, viewer.user)));
    if (!a || !visible) throw notFound('Appointment');
    await this.recordLiveRead(em, viewer, a);
    return a;
  }

  /** Live updates: the appointment when it belongs in the viewer's own list (the policy's inListOf), else null. */
  async listed(em: EntityManager, viewer: AppointmentViewer, id: string): Promise<Appointment | null> {
    const a = isUuid(id) ? await em.findOne(Appointment, { id }, { populate: POPULATE }) : null;
    const linked = viewer.integrator ? await viewer.linkedDoctorIds?.(em) ?? [] : [];
    if (!a || !inListOf(viewer, a, await this.doctorIdOf(em, viewer.user), linked)) return null;
    await this.recordLiveRead(em, viewer, a);
    return a;
  }

  /** Live updates: who may follow a list at all (an app only for its own hospital: NOT_YOUR_ORGANISATION otherwise); the doctor's profile id. */
  async listFollower(em: EntityManager, viewer: AppointmentViewer): Promise<string | null> {
    if (viewer.integrator) hospitalAppId(viewer.integrator);
    return this.doctorIdOf(em, viewer.user);
  }

  private async recordLiveRead(em: EntityManager, viewer: AppointmentViewer, a: Appointment): Promise<void> {
    if (viewer.integrator) await this.audit?.recordIntegratorRead(em, viewer.integrator, 'Appointment', [a.id], { live: true });
    else if (viewer.user) await this.audit?.recordMedicalRead(em, viewer.user, 'Appointment', a.id, a.patient.id, { live: true });
  }

  /** Has this patient finished a consultation or visit with this doctor? (review eligibility) */
  async hasFinishedWith(em: EntityManager, patientId: string, doctorId: string): Promise<boolean> {
    return (await em.count(Appointment, { patient: patientId, doctor: doctorId, status: AppointmentStatus.Finished })) > 0;
  }
}
