import { Role, type AuthUser } from '../../common/roles.js';
import type { NurseHire } from './nurse-hire.entity.js';

/** A hire is seen by the patient who made it and by admins; everyone else gets "not found". */
export function canViewHire(actor: AuthUser, hire: NurseHire): boolean {
  return actor.role === Role.Admin || hire.user.id === actor.id;
}

/** Patients cancel their own hire while it is still open; admins move any hire along the map. */
export function canCancelHire(actor: AuthUser, hire: NurseHire): boolean {
  return actor.role === Role.Admin || (actor.role === Role.User && hire.user.id === actor.id);
}

/** Only patients review nurses, and only after a completed hire (checked against the database). */
export function mayReviewNurses(actor: AuthUser): boolean {
  return actor.role === Role.User;
}
