import type { AuthUser } from '../../common/roles.js';
import { Role } from '../../common/roles.js';
import { refundViewsFromJson, type RefundView } from '../payments/index.js';
import { seesDoctorPrivate } from '../doctors/index.js';
import type { Appointment } from './appointment.entity.js';
import { canSeeMeetingUrl } from './appointment.policy.js';

/**
 * What one viewer may see of an appointment's contact details, money and video room, decided here
 * once: the GraphQL type's fields (appointment.resolver.ts) and the earlier app's REST shape
 * (appointment.rest.ts toSpecAppointment) both publish this, so the two doors cannot disagree
 * (test/security/doors-agree.test.ts walks them).
 *
 * - the doctor's login email: that doctor and admins (as the doctor's own type: seesDoctorPrivate);
 * - refunds: the patient who paid and admins (the doctor sees the booking, not the money returned);
 * - the video room: its doctor and admins, its patient once paid (canSeeMeetingUrl).
 */
export interface AppointmentForViewer {
  doctorEmail: string | null;
  refunds: RefundView[];
  meetingUrl: string | null;
}

/** The patient who paid and admins see the money returned for a consultation. */
export const seesAppointmentRefunds = (viewer: AuthUser | null, a: Appointment): boolean =>
  !!viewer && (viewer.role === Role.Admin || (viewer.role === Role.User && viewer.id === a.patient.id));

/** The viewer's part of an appointment; the doctor's account must be loaded when `doctorEmail` is read. */
export function appointmentForViewer(a: Appointment, viewer: AuthUser | null, viewerDoctorId: string | null): AppointmentForViewer {
  const doctor = a.doctor.isInitialized() ? a.doctor.getEntity() : null;
  const doctorUser = doctor?.user.isInitialized() ? doctor.user.getEntity() : null;
  return {
    doctorEmail: doctorUser && seesDoctorPrivate(viewer, doctorUser.id) ? doctorUser.email ?? null : null,
    refunds: seesAppointmentRefunds(viewer, a) ? refundViewsFromJson(a.refundsJson) : [],
    meetingUrl: canSeeMeetingUrl(viewer, a, viewerDoctorId) ? a.meetingUrl ?? null : null,
  };
}
