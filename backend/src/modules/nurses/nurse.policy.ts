import { Role, type AuthUser } from '../../common/roles.js';
import { dhakaToday } from '../../common/dhaka-date.js';
import type { NurseHire } from './nurse-hire.entity.js';
import type { User } from '../accounts/index.js';
import { careRecipient, type CareRecipient, type FamilyMember } from '../family/index.js';
import { HIRE_TRANSITIONS, NurseHireStatus } from './nurse.enums.js';

/** A hire is seen by the patient who made it and by admins; everyone else gets "not found". */
export function canViewHire(actor: AuthUser, hire: NurseHire): boolean {
  return actor.role === Role.Admin || hire.user.id === actor.id;
}

/** Patients cancel their own hire while it is still open; admins move any hire along the map. */
export function canCancelHire(actor: AuthUser, hire: NurseHire): boolean {
  return actor.role === Role.Admin || (actor.role === Role.User && hire.user.id === actor.id);
}

/**
 * Where this caller may move the hire now: admins along the map (completed on or after its day),
 * its patient only to Cancelled while it is open. The screens show exactly these; the service
 * checks the same rules.
 */
export function nextHireStatuses(actor: AuthUser | null, hire: NurseHire, today = dhakaToday()): NurseHireStatus[] {
  if (!actor) return [];
  return HIRE_TRANSITIONS[hire.status].filter((to) => {
    if (actor.role !== Role.Admin && (to !== NurseHireStatus.Cancelled || !canCancelHire(actor, hire))) return false;
    return to !== NurseHireStatus.Completed || hire.date <= today;
  });
}

/** Only patients review nurses, and only after a completed hire (checked against the database). */
export function mayReviewNurses(actor: AuthUser): boolean {
  return actor.role === Role.User;
}

/** Who the nurse visits: the family member the hire names (their name today), or the account holder. */
export function careForOfHire(h: NurseHire, account: User, member: FamilyMember | null): CareRecipient {
  return careRecipient({
    familyMemberId: member?.id ?? null, name: member?.name ?? account.name, relation: member?.relation ?? null, accountName: account.name,
  });
}
