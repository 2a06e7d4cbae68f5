import { registerEnumType } from 'type-graphql';

export enum AppointmentKind {
  Video = 'video',
  Hospital = 'hospital',
}
registerEnumType(AppointmentKind, { name: 'AppointmentKind', description: 'A video consultation or a hospital visit' });

export enum AppointmentStatus {
  Processing = 'Processing',
  Confirmed = 'Confirmed',
  Finished = 'Finished',
  Cancelled = 'Cancelled',
}
registerEnumType(AppointmentStatus, { name: 'AppointmentStatus' });

export enum AppointmentPaymentStatus {
  Unpaid = 'unpaid',
  Paid = 'paid',
  /** Hospital visits are paid at the hospital's counter. */
  AtHospital = 'at_hospital',
}
registerEnumType(AppointmentPaymentStatus, { name: 'AppointmentPaymentStatus' });

export enum VisitSlot {
  Morning = 'Morning',
  Afternoon = 'Afternoon',
  Evening = 'Evening',
}
registerEnumType(VisitSlot, { name: 'VisitSlot' });

/**
 * The only moves a booking may make. Finished and Cancelled are final. Everything that changes a
 * status goes through assertTransition and an atomic conditional update.
 */
export const APPOINTMENT_TRANSITIONS: Record<AppointmentStatus, readonly AppointmentStatus[]> = {
  [AppointmentStatus.Processing]: [AppointmentStatus.Confirmed, AppointmentStatus.Cancelled],
  [AppointmentStatus.Confirmed]: [AppointmentStatus.Finished, AppointmentStatus.Cancelled],
  [AppointmentStatus.Finished]: [],
  [AppointmentStatus.Cancelled]: [],
};

export const canMove = (from: AppointmentStatus, to: AppointmentStatus) => APPOINTMENT_TRANSITIONS[from].includes(to);
