import { Role, type AuthUser } from '../../common/roles.js';
import { safeEqualHex, sha256 } from '../../common/tokens.js';
import type { BloodRequest } from './blood.entity.js';

/**
 * Donors' phone numbers are shown only to the person who asked for blood. A logged-in requester is
 * recognised by the account; a visitor by the secret access token handed back once when the request
 * was sent (kept by their browser). Only its hash is stored, so a database reader cannot use it, and
 * a guessed request id alone shows nothing. Admins see every request's matches.
 */
export function canSeeDonorsOf(actor: AuthUser | null, request: BloodRequest, accessToken?: string | null): boolean {
  if (actor?.role === Role.Admin) return true;
  if (actor && request.user?.id === actor.id) return true;
  return !!accessToken && safeEqualHex(sha256(accessToken), request.accessTokenHash);
}
