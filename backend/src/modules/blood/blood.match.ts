import type { EntityManager } from '@mikro-orm/sql';
import { addDays, dhakaToday } from '../../common/dhaka-date.js';
import { BloodDonor, type BloodRequest } from './blood.entity.js';
import { COMPATIBLE_DONORS, DONATION_INTERVAL_DAYS } from './blood.enums.js';

/** How many donors a request reaches (listed to the requester and notified): enough to find someone, too few to harvest the registry. */
export const MAX_DONORS_MATCHED = 20;

/**
 * The donors a request is matched to, with their users loaded: available donors of a compatible
 * group in the request's area (city-wide when it has none) who never donated or donated at least
 * DONATION_INTERVAL_DAYS ago; exact group first, then whoever rested longest. The requester's answer
 * (without contacts) and the donors' notifications (blood notifications in the mail module) both
 * come from here, so the people listed are the people told.
 */
export async function matchDonors(em: EntityManager, request: BloodRequest): Promise<BloodDonor[]> {
  const cutoff = addDays(dhakaToday(), -DONATION_INTERVAL_DAYS);
  const where: Record<string, unknown> = {
    group: { $in: [...COMPATIBLE_DONORS[request.group]] },
    available: true,
    $or: [{ lastDonationDate: null }, { lastDonationDate: { $lte: cutoff } }],
    user: { deletedAt: null },
  };
  if (request.area) where.area = request.area;
  if (request.user) where.user = { deletedAt: null, id: { $ne: request.user.id } };
  const donors = await em.find(BloodDonor, where, {
    populate: ['user'], orderBy: { lastDonationDate: 'asc nulls first', id: 'asc' }, limit: 200,
  });
  const exact = (d: BloodDonor) => (d.group === request.group ? 0 : 1);
  return donors.sort((a, b) => exact(a) - exact(b)).slice(0, MAX_DONORS_MATCHED);
}
