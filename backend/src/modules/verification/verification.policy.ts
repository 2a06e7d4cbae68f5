import type { EntityManager } from '@mikro-orm/sql';
import { forbidden, unauthenticated } from '../../common/errors.js';

export const EMAIL_NOT_VERIFIED_MESSAGE = 'Please verify your email first: enter the 6 digit code we sent you, or ask for a new one';

/**
 * Booking, hiring and ordering call this first: unverified patients may browse and log in, but
 * must prove a way to reach them before anything that costs money or reaches a doctor or nurse: a
 * verified email or a verified mobile number (an account made with a mobile number proved it at
 * signup). The refusal keeps the reason and message the earlier client knows (EMAIL_NOT_VERIFIED).
 */
export async function assertContactVerified(em: EntityManager, userId: string): Promise<void> {
  // Read from the database, not the identity map: the flags may have changed since this EntityManager loaded the user.
  const rows = await em.execute<{ verified: boolean }[]>(
    `select (email_verified_at is not null or (phone_verified_at is not null and phone_e164 is not null)) as verified
       from users where id = ? and deleted_at is null`, [userId]);
  if (!rows.length) throw unauthenticated();
  if (!rows[0]!.verified) throw forbidden(EMAIL_NOT_VERIFIED_MESSAGE, 'EMAIL_NOT_VERIFIED');
}
