import { Role, type AuthUser } from '../../common/roles.js';
import type { Appointment } from './appointment.entity.js';
import { AppointmentStatus, AppointmentPaymentStatus } from './appointment.enums.js';

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
