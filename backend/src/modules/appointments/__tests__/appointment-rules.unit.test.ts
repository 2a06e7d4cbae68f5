import { describe, expect, it } from '@jest/globals';
import { Role, type AuthUser } from '../../../common/roles.js';
import type { Appointment } from '../appointment.entity.js';
import { AppointmentKind, AppointmentPaymentStatus, AppointmentStatus } from '../appointment.enums.js';
import {
  canSeeMeetingUrl, canViewAppointment, mayPay, mayStart, mayWritePrescription, nextAppointmentStatuses,
} from '../appointment.policy.js';
import { isHeight, isWeight } from '../vitals.js';
import { appointmentForViewer } from '../appointment.read.js';

/** Who may move an appointment where, and what they see of it: the rules without the app. */
const PATIENT: AuthUser = { id: 'patient-1', role: Role.User, sessionId: 's1' };
const OTHER_PATIENT: AuthUser = { id: 'patient-2', role: Role.User, sessionId: 's2' };
const DOCTOR: AuthUser = { id: 'doctor-user-1', role: Role.Doctor, sessionId: 's3', doctorId: 'doctor-1' };
const OTHER_DOCTOR: AuthUser = { id: 'doctor-user-2', role: Role.Doctor, sessionId: 's4', doctorId: 'doctor-2' };
const ADMIN: AuthUser = { id: 'admin-1', role: Role.Admin, sessionId: 's5' };
const PHARMACIST: AuthUser = { id: 'pharmacist-1', role: Role.Pharmacist, sessionId: 's6' };
const doctorIdOf = (u: AuthUser | null) => u?.doctorId ?? null;

function appointment(over: Partial<Record<'status' | 'kind' | 'paymentStatus' | 'startedAt' | 'prescription', unknown>> = {}): Appointment {
  return {
    patient: { id: PATIENT.id }, doctor: { id: 'doctor-1' }, status: AppointmentStatus.Processing, kind: AppointmentKind.Video,
    paymentStatus: AppointmentPaymentStatus.Unpaid, startedAt: null, prescription: null, ...over,
  } as unknown as Appointment;
}

describe('where each caller may move an appointment', () => {
  const paid = { paymentStatus: AppointmentPaymentStatus.Paid };
  it.each([
    ['the patient, booked and unpaid', PATIENT, {}, [AppointmentStatus.Cancelled]],
    ['the patient, once confirmed', PATIENT, { ...paid, status: AppointmentStatus.Confirmed }, []],
    ['its doctor, unpaid: not confirmed before payment', DOCTOR, {}, [AppointmentStatus.Cancelled]],
    ['its doctor, paid', DOCTOR, paid, [AppointmentStatus.Confirmed, AppointmentStatus.Cancelled]],
    ['its doctor, confirmed', DOCTOR, { ...paid, status: AppointmentStatus.Confirmed }, [AppointmentStatus.Finished, AppointmentStatus.Cancelled]],
    ['an admin, a hospital visit paid at the hospital', ADMIN, { kind: AppointmentKind.Hospital, paymentStatus: AppointmentPaymentStatus.AtHospital }, [AppointmentStatus.Confirmed, AppointmentStatus.Cancelled]],
    ['another patient', OTHER_PATIENT, paid, []],
    ['another doctor', OTHER_DOCTOR, paid, []],
    ['a pharmacist', PHARMACIST, paid, []],
    ['a visitor', null, paid, []],
    ['anyone, finished', ADMIN, { ...paid, status: AppointmentStatus.Finished }, []],
    ['anyone, cancelled', ADMIN, { status: AppointmentStatus.Cancelled }, []],
  ])('%s', (_who, actor, over, expected) => {
    expect(nextAppointmentStatuses(actor, appointment(over), doctorIdOf(actor))).toEqual(expected);
  });
});

describe('who sees an appointment and its room', () => {
  it.each([
    [PATIENT, true], [DOCTOR, true], [ADMIN, true], [OTHER_PATIENT, false], [OTHER_DOCTOR, false], [PHARMACIST, false],
  ])('%o views it: %s', (actor, expected) => {
    expect(canViewAppointment(actor, appointment(), doctorIdOf(actor))).toBe(expected);
  });

  it('shows the room to the patient only once paid, to its doctor and admins always', () => {
    expect(canSeeMeetingUrl(PATIENT, appointment(), null)).toBe(false);
    expect(canSeeMeetingUrl(PATIENT, appointment({ paymentStatus: AppointmentPaymentStatus.Paid }), null)).toBe(true);
    expect(canSeeMeetingUrl(DOCTOR, appointment(), 'doctor-1')).toBe(true);
    expect(canSeeMeetingUrl(ADMIN, appointment(), null)).toBe(true);
    expect(canSeeMeetingUrl(OTHER_DOCTOR, appointment({ paymentStatus: AppointmentPaymentStatus.Paid }), 'doctor-2')).toBe(false);
    expect(canSeeMeetingUrl(null, appointment({ paymentStatus: AppointmentPaymentStatus.Paid }), null)).toBe(false);
  });
});

describe('paying, starting and writing the prescription', () => {
  it('lets only its patient pay a booked, unpaid video consultation', () => {
    expect(mayPay(PATIENT, appointment())).toBe(true);
    expect(mayPay(OTHER_PATIENT, appointment())).toBe(false);
    expect(mayPay(PATIENT, appointment({ paymentStatus: AppointmentPaymentStatus.Paid }))).toBe(false);
    expect(mayPay(PATIENT, appointment({ kind: AppointmentKind.Hospital }))).toBe(false);
    expect(mayPay(PATIENT, appointment({ status: AppointmentStatus.Cancelled }))).toBe(false);
  });

  it('lets its doctor start a confirmed video consultation once', () => {
    const confirmed = { status: AppointmentStatus.Confirmed, paymentStatus: AppointmentPaymentStatus.Paid };
    expect(mayStart(DOCTOR, appointment(confirmed), 'doctor-1')).toBe(true);
    expect(mayStart(DOCTOR, appointment({ ...confirmed, startedAt: new Date() }), 'doctor-1')).toBe(false);
    expect(mayStart(OTHER_DOCTOR, appointment(confirmed), 'doctor-2')).toBe(false);
    expect(mayStart(DOCTOR, appointment({ ...confirmed, kind: AppointmentKind.Hospital }), 'doctor-1')).toBe(false);
    expect(mayStart(DOCTOR, appointment(), 'doctor-1')).toBe(false);
  });

  it('lets its doctor write one prescription, for a confirmed or finished appointment', () => {
    for (const status of [AppointmentStatus.Confirmed, AppointmentStatus.Finished]) {
      expect(mayWritePrescription(DOCTOR, appointment({ status }), 'doctor-1')).toBe(true);
      expect(mayWritePrescription(DOCTOR, appointment({ status, prescription: { id: 'rx-1' } }), 'doctor-1')).toBe(false);
    }
    expect(mayWritePrescription(DOCTOR, appointment(), 'doctor-1')).toBe(false);
    expect(mayWritePrescription(OTHER_DOCTOR, appointment({ status: AppointmentStatus.Confirmed }), 'doctor-2')).toBe(false);
    expect(mayWritePrescription(ADMIN, appointment({ status: AppointmentStatus.Confirmed }), null)).toBe(false);
  });
});

describe('the vitals a patient may type', () => {
  it.each(['58', '58 kg', '58.5kg', '৫৮ কেজি', '128 lbs', '3.2'])('takes the weight %s', (w) => expect(isWeight(w)).toBe(true));
  it.each(['', 'heavy', '🙂', '0', '400 kg', '1000 lb', '58 stone'])('refuses the weight %s', (w) => expect(isWeight(w)).toBe(false));
  it.each([`5'2"`, '5 ft 11 in', '5.11', '5', '157 cm', '157', '1.57 m', '৫ ফুট ২ ইঞ্চি'])('takes the height %s', (h) => expect(isHeight(h)).toBe(true));
  it.each(['', 'tall', `5'13"`, '5.12', '300 cm', '10', '2.9 m'])('refuses the height %s', (h) => expect(isHeight(h)).toBe(false));
});

describe('what each viewer sees of an appointment (both doors publish appointmentForViewer)', () => {
  const refund = { id: 'r1', amountPoisha: 70000, status: 'Completed' };
  const seen = (viewer: AuthUser | null) => appointmentForViewer({
    ...appointment({ paymentStatus: AppointmentPaymentStatus.Paid }),
    doctor: { id: 'doctor-1', isInitialized: () => true, getEntity: () => ({ user: { isInitialized: () => true, getEntity: () => ({ id: DOCTOR.id, email: 'dr@x.test' }) } }) },
    refundsJson: [refund], meetingUrl: 'https://meet.example/room',
  } as unknown as Appointment, viewer, doctorIdOf(viewer));

  it.each([
    ['its patient', PATIENT, null, 1, 'https://meet.example/room'],
    ['its doctor', DOCTOR, 'dr@x.test', 0, 'https://meet.example/room'],
    ['an admin', ADMIN, 'dr@x.test', 1, 'https://meet.example/room'],
    ['another patient', OTHER_PATIENT, null, 0, null],
    ['another doctor', OTHER_DOCTOR, null, 0, null],
    ['a pharmacist', PHARMACIST, null, 0, null],
    ['a visitor', null, null, 0, null],
  ])('%s: the doctor\'s login email, refunds, the room', (_who, viewer, email, refunds, room) => {
    const v = seen(viewer);
    expect([v.doctorEmail, v.refunds.length, v.meetingUrl]).toEqual([email, refunds, room]);
  });
});
