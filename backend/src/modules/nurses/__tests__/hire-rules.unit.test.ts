import { describe, expect, it } from '@jest/globals';
import { Role, type AuthUser } from '../../../common/roles.js';
import type { NurseHire } from '../nurse-hire.entity.js';
import { NurseHireStatus } from '../nurse.enums.js';
import { canViewHire, nextHireStatuses } from '../nurse.policy.js';

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
