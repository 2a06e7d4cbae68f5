import { Role, type AuthUser } from '../../common/roles.js';
import { localPhone } from '../../common/phone.js';
import type { Gender, User } from './user.entity.js';

/**
 * What one viewer may see of an account, decided here once: the GraphQL User type's fields
 * (account.resolver.ts) and the earlier app's REST user (account.rest.ts toSpecUser) both publish
 * this, so the two doors cannot disagree (test/security/doors-agree.test.ts walks them).
 *
 * The account holder and admins see its contact details (email, mobile number), birthdate and gender;
 * anyone else would see its name, picture and role alone. No door answers another person's account
 * today (the services answer `me`, the holder's own changes and the admins' list), so the second
 * half is the safe default should one ever do so. The holder's family members are read through the
 * family module's own queries, which answer the holder alone; an account has no address of its own
 * (an order carries the one it ships to).
 *
 * Signup, login and a token refresh answer the account to the person who just proved to hold it,
 * before any session is on the request: the service marks that answer (answeredToHolder).
 */
export interface UserForViewer {
  /** Empty for an account made with a mobile number alone, or when the viewer may not see it. */
  email: string;
  /** With the leading 0. */
  phone: string | null;
  birthdate: string | null;
  gender: Gender | null;
}

const toHolder = new WeakSet<User>();

/** Marks an account answered to the person who has just proved to hold it (no session yet). */
export function answeredToHolder<T extends User>(user: T): T {
  toHolder.add(user);
  return user;
}

export const seesUserPrivate = (viewer: AuthUser | null, u: User): boolean =>
  toHolder.has(u) || (!!viewer && (viewer.role === Role.Admin || viewer.id === u.id));

export function userForViewer(u: User, viewer: AuthUser | null): UserForViewer {
  if (!seesUserPrivate(viewer, u)) return { email: '', phone: null, birthdate: null, gender: null };
  return { email: u.email ?? '', phone: localPhone(u.phoneE164), birthdate: u.birthdate ?? null, gender: u.gender ?? null };
}
