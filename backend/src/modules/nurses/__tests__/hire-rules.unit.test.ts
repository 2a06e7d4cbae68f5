import { describe, expect, it } from '@jest/globals';
import { Role, type AuthUser } from '../../../common/roles.js';
import type { NurseHire } from '../nurse-hire.entity.js';
import { NurseHireStatus } from '../nurse.enums.js';
import { canViewHire, nextHireStatuses } from '../nurse.policy.js';
import { hireForViewer } from '../nurse.read.js';

/** Where a nurse hire may move, for whom: the rules without the app. */
const PATIENT: AuthUser = { id: 'patient-1', role: Role.User, sessionId: 's1' };
const OTHER_PATIENT: AuthUser = { id: 'patient-2', role: Role.User, sessionId: 's2' };
const ADMIN: AuthUser = { id: 'admin-1', role: Role.Admin, sessionId: 's3' };
const DOCTOR: AuthUser = { id: 'doctor-user-1', role: Role.Doctor, sessionId: 's4', doctorId: 'doctor-1' };
const TODAY = '2026-11-29';
const hire = (status: NurseHireStatus, date = TODAY) => ({ user: { id: PATIENT.id }, status, date }) as unknown as NurseHire;

describe('where each caller may move a hire', () => {
  it.each([
    [ADMIN, NurseHireStatus.Processing, TODAY, [NurseHireStatus.Confirmed, NurseHireStatus.Cancelled]],
    [ADMIN, NurseHireStatus.Confirmed, TODAY, [NurseHireStatus.Completed, NurseHireStatus.Cancelled]],
    [ADMIN, NurseHireStatus.Confirmed, '2026-11-30', [NurseHireStatus.Cancelled]],
    [PATIENT, NurseHireStatus.Processing, TODAY, [NurseHireStatus.Cancelled]],
    [PATIENT, NurseHireStatus.Confirmed, TODAY, [NurseHireStatus.Cancelled]],
    [OTHER_PATIENT, NurseHireStatus.Processing, TODAY, []],
    [DOCTOR, NurseHireStatus.Processing, TODAY, []],
    [null, NurseHireStatus.Processing, TODAY, []],
    [ADMIN, NurseHireStatus.Completed, TODAY, []],
    [ADMIN, NurseHireStatus.Cancelled, TODAY, []],
  ])('%o, a %s hire on %s: %j (completed only on or after its day)', (actor, status, date, expected) => {
    expect(nextHireStatuses(actor, hire(status, date), TODAY)).toEqual(expected);
  });

  it('is seen by its patient and admins only', () => {
    expect([PATIENT, OTHER_PATIENT, ADMIN, DOCTOR].map((a) => canViewHire(a, hire(NurseHireStatus.Processing)))).toEqual([true, false, true, false]);
  });
});

describe('what each viewer sees of a hire (both doors publish hireForViewer)', () => {
  const ref = <T>(e: T) => ({ id: (e as { id: string }).id, getEntity: () => e });
  const seen = (viewer: AuthUser | null) => hireForViewer({
    user: ref({ id: PATIENT.id, name: 'Rahima', email: 'rahima@example.com' }), familyMember: null, status: NurseHireStatus.Processing,
    date: TODAY, feePoisha: 150_000, phoneE164: '+8801712345678',
  } as unknown as NurseHire, viewer, TODAY);

  it('its patient and admins: the patient, the contact phone, the fee and the moves; everyone else nothing', () => {
    expect(seen(PATIENT)).toEqual({
      patientName: 'Rahima', patientEmail: 'rahima@example.com', phone: '01712345678', feePoisha: 150_000, fees: 1500,
      careFor: expect.objectContaining({ familyMemberId: null, name: 'Rahima' }), nextStatuses: [NurseHireStatus.Cancelled],
    });
    expect(seen(ADMIN)?.nextStatuses).toEqual([NurseHireStatus.Confirmed, NurseHireStatus.Cancelled]);
    expect([OTHER_PATIENT, DOCTOR, null].map(seen)).toEqual([null, null, null]);
  });
});
