import type { EntityManager } from '@mikro-orm/sql';
import { forbidden, unauthenticated } from '../../common/errors.js';
import type { AccountGate } from '../accounts/index.js';
import { Doctor } from './doctor.entity.js';
import { DoctorStatus } from './doctor.enums.js';

/**
 * What doctors say about doctors' accounts (accounts' AccountGate): only an approved doctor signs in
 * and acts; a doctor who logs in is online until logout or the switch says otherwise; a deleted
 * doctor's account leaves the marketplace. Registered by DoctorService.
 */
export const doctorAccountGate: AccountGate = {
  table: 'doctors',
  standingColumn: 'status',
  // A doctor acts only while approved: rejecting one revokes their sessions, and this holds even for
  // a session that outlived that (or a doctor set back by any other path).
  sessionRefusal: (status) => (status === DoctorStatus.Approved
    ? null
    : unauthenticated('Your doctor account is not approved. Please contact Nirog.', 'DOCTOR_NOT_APPROVED')),
  loginRefusal: (status) => {
    if (status === DoctorStatus.Approved) return null;
    if (status === DoctorStatus.Pending) return forbidden('Your doctor account is waiting for approval by Nirog. We will let you know.', 'DOCTOR_PENDING');
    return forbidden('Your doctor registration was not approved. Please contact Nirog.', 'DOCTOR_REJECTED');
  },
  loggedIn: async (em: EntityManager, userId: string) => {
    await em.nativeUpdate(Doctor, { user: userId }, { isOnline: true });
  },
  loggedOut: async (em: EntityManager, userId: string) => {
    await em.nativeUpdate(Doctor, { user: userId }, { isOnline: false });
  },
  deleted: async (em: EntityManager, userId: string) => {
    await em.nativeUpdate(Doctor, { user: userId }, { isOnline: false, status: DoctorStatus.Rejected });
  },
};
