import type { EntityManager } from '@mikro-orm/sql';
import { forbidden, unauthenticated } from '../../common/errors.js';

export const EMAIL_NOT_VERIFIED_MESSAGE = 'Please verify your email first: enter the 6 digit code we sent you, or ask for a new one';

/**
 * Booking, hiring and ordering call this first: unverified patients may browse and log in, but
 * must prove their email before anything that costs money or reaches a doctor or nurse.
 */
export async function assertEmailVerified(em: EntityManager, userId: string): Promise<void> {
  // Read from the database, not the identity map: the flag may have changed since this EntityManager loaded the user.
  const rows = await em.execute<{ verified: boolean }[]>(
    'select email_verified_at is not null as verified from users where id = ? and deleted_at is null', [userId]);
  if (!rows.length) throw unauthenticated();
  if (!rows[0]!.verified) throw forbidden(EMAIL_NOT_VERIFIED_MESSAGE, 'EMAIL_NOT_VERIFIED');
}
