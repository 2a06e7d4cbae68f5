import type { EntityManager } from '@mikro-orm/sql';
import { Role, type AuthUser } from '../../common/roles.js';
import type { Appointment } from './appointment.entity.js';
import { forbidden } from '../../common/errors.js';
import { careRecipient, type CareRecipient } from '../family/index.js';
import { OrganisationKind, type IntegratorIdentity } from '../../common/scopes.js';
import type { LiveSignal } from '../../common/live.js';
import { APPOINTMENT_TRANSITIONS, AppointmentKind, AppointmentStatus, AppointmentPaymentStatus } from './appointment.enums.js';

/**
 * Who may do what with one appointment. `actorDoctorId` is the caller's Doctor id when the caller
 * is a doctor (resolved once by the service), so "the doctor of that appointment" is a plain compare.
 */
export const isPatientOf = (actor: AuthUser, a: Appointment) => actor.role === Role.User && a.patient.id === actor.id;
export const isDoctorOf = (actor: AuthUser, a: Appointment, actorDoctorId: string | null) =>
  actor.role === Role.Doctor && !!actorDoctorId && a.doctor.id === actorDoctorId;

export function canViewAppointment(actor: AuthUser, a: Appointment, actorDoctorId: string | null): boolean {
  return actor.role === Role.Admin || isPatientOf(actor, a) || isDoctorOf(actor, a, actorDoctorId);
}

/**
 * An integrator app may read hospital visits only when it acts for a hospital (appointments:read
 * opens the operation); which visits is decided by the doctors an admin linked to that app, never by
 * a name a doctor types as their work place. Answers the app's id, whose links decide.
 */
export function hospitalAppId(app: IntegratorIdentity): string {
  if (app.organisationKind !== OrganisationKind.HOSPITAL) {
    throw forbidden('This app does not act for a hospital', 'NOT_YOUR_ORGANISATION');
  }
  return app.appId;
}

/** A doctor's list (doctorAppointments) leaves out video consultations not paid yet: an abandoned checkout is no booking. */
export const inDoctorsList = (a: Pick<Appointment, 'paymentStatus'>) => a.paymentStatus !== AppointmentPaymentStatus.Unpaid;

/**
 * An app with appointments:read sees the hospital visits of the doctors an admin linked to it (as
 * hospitalVisits reads them), never by the work place a doctor typed.
 */
export const isVisitOfAppsHospital = (a: Appointment, linkedDoctorIds: readonly string[]) =>
  a.kind === AppointmentKind.Hospital && linkedDoctorIds.includes(a.doctor.id);

/** Who follows appointments live: a person or an app (the subscription's caller). */
export interface AppointmentViewer {
  user: AuthUser | null;
  integrator: IntegratorIdentity | null;
  /** For an app: the doctors its admin linked to it, read again at every use (links change). */
  linkedDoctorIds?: (em: EntityManager) => Promise<string[]>;
}

/**
 * An appointment in the viewer's own list, the one its list query shows: a patient's bookings, a
 * doctor's paid consultations and visits, every one for admins, an app's hospital's visits.
 */
export function inListOf(viewer: AppointmentViewer, a: Appointment, actorDoctorId: string | null, linkedDoctorIds: readonly string[] = []): boolean {
  if (viewer.integrator) return isVisitOfAppsHospital(a, linkedDoctorIds);
  const actor = viewer.user;
  if (!actor) return false;
  if (actor.role === Role.Doctor) return isDoctorOf(actor, a, actorDoctorId) && inDoctorsList(a);
  return actor.role === Role.Admin || isPatientOf(actor, a);
}

/**
 * From a live signal's ids alone: may it be about an appointment of the viewer's list? Never wider
 * than inListOf, which decides on the record itself.
 */
export function mayConcernList(viewer: AppointmentViewer, signal: LiveSignal, actorDoctorId: string | null): boolean {
  if (signal.kind !== 'appointment') return false;
  if (viewer.integrator) return true;
  switch (viewer.user?.role) {
    case Role.User: return signal.patientId === viewer.user.id;
    case Role.Doctor: return !!actorDoctorId && (signal.doctorId === undefined || signal.doctorId === actorDoctorId);
    case Role.Admin: return true;
    default: return false;
  }
}

/**
 * When a paid video consultation its doctor has not started is cancelled and its fee refunded by
 * itself (CONSULTATION_NO_SHOW_MINUTES after payment, as refundNoShows runs it); null once started,
 * or for anything else. Patient and doctor both see the moment.
 */
export function noShowRefundAt(a: Pick<Appointment, 'kind' | 'status' | 'paymentStatus' | 'startedAt' | 'paidAt'>, noShowMinutes: number): Date | null {
  if (a.kind !== AppointmentKind.Video || a.status !== AppointmentStatus.Confirmed || a.paymentStatus !== AppointmentPaymentStatus.Paid) return null;
  if (a.startedAt || !a.paidAt) return null;
  return new Date(a.paidAt.getTime() + noShowMinutes * 60_000);
}

/** The patient gets the room link once the consultation is paid; the doctor and admins always. */
export function canSeeMeetingUrl(actor: AuthUser | null, a: Appointment, actorDoctorId: string | null): boolean {
  if (!actor) return false;
  if (actor.role === Role.Admin || isDoctorOf(actor, a, actorDoctorId)) return true;
  return isPatientOf(actor, a) && a.paymentStatus === AppointmentPaymentStatus.Paid;
}

/**
 * Beyond the transition map: admins make any legal move; the doctor of the appointment confirms,
 * finishes or cancels it; the patient may only cancel a booking that is still Processing.
 */
export function canChangeStatus(actor: AuthUser, a: Appointment, to: AppointmentStatus, actorDoctorId: string | null): boolean {
  if (actor.role === Role.Admin) return true;
  if (isDoctorOf(actor, a, actorDoctorId)) return true;
  return isPatientOf(actor, a) && a.status === AppointmentStatus.Processing && to === AppointmentStatus.Cancelled;
}

/** A booking that is not paid cannot be confirmed (hospital visits are paid at the hospital and never unpaid). */
export const mayConfirm = (a: Appointment) => a.paymentStatus !== AppointmentPaymentStatus.Unpaid;

/**
 * Where this caller may move the appointment now: the map, who the caller is, and payment. The
 * screens show exactly these; changeStatus checks the same rules one by one, with their reasons.
 */
export function nextAppointmentStatuses(actor: AuthUser | null, a: Appointment, actorDoctorId: string | null): AppointmentStatus[] {
  if (!actor) return [];
  return APPOINTMENT_TRANSITIONS[a.status].filter((to) => canChangeStatus(actor, a, to, actorDoctorId) && (to !== AppointmentStatus.Confirmed || mayConfirm(a)));
}

/** A prescription is written for a confirmed or finished appointment (one per appointment). */
export const acceptsPrescription = (a: Pick<Appointment, 'status'>) =>
  a.status === AppointmentStatus.Confirmed || a.status === AppointmentStatus.Finished;

/** The doctor of the appointment may write its prescription now (it has none yet). */
export function mayWritePrescription(actor: AuthUser | null, a: Appointment, actorDoctorId: string | null): boolean {
  return !!actor && isDoctorOf(actor, a, actorDoctorId) && acceptsPrescription(a) && !a.prescription;
}

/** The patient may pay a video consultation while it is booked and unpaid. */
export function mayPay(actor: AuthUser | null, a: Appointment): boolean {
  return !!actor && isPatientOf(actor, a) && a.kind === AppointmentKind.Video && a.paymentStatus === AppointmentPaymentStatus.Unpaid
    && a.status === AppointmentStatus.Processing;
}

/** Its doctor may start a paid, confirmed video consultation not started yet. */
export function mayStart(actor: AuthUser | null, a: Appointment, actorDoctorId: string | null): boolean {
  return !!actor && isDoctorOf(actor, a, actorDoctorId) && a.kind === AppointmentKind.Video && a.status === AppointmentStatus.Confirmed && !a.startedAt;
}

/** Who the appointment is for, from what the booking kept; the patient (account) must be loaded. */
export function careForOfAppointment(a: Appointment): CareRecipient {
  return careRecipient({
    familyMemberId: a.familyMember?.id ?? null, name: a.patientName, relation: a.patientRelation ?? null,
    accountName: a.patient.getEntity().name,
  });
}
