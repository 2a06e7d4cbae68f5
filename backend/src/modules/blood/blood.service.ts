import type { EntityManager } from '@mikro-orm/sql';
import { AppError, badInput, notFound } from '../../common/errors.js';
import type { AuthUser } from '../../common/roles.js';
import { normalizeBdPhone } from '../../common/phone.js';
import { newSecret, sha256 } from '../../common/tokens.js';
import { addDays, assertCalendarDate, daysBetween, dhakaToday } from '../../common/dhaka-date.js';
import type { DomainEvents } from '../../common/events.js';
import { offsetOf, pageOf, type PageResult, byCreated, ListOrder } from '../../common/pagination.js';
import { User } from '../accounts/user.entity.js';
import { BloodDonor, BloodRequest } from './blood.entity.js';
import { COMPATIBLE_DONORS, DONATION_INTERVAL_DAYS, type BloodGroup } from './blood.enums.js';
import type { BloodDonorInput, BloodRequestInput } from './blood.inputs.js';
import { canSeeDonorsOf } from './blood.policy.js';

export interface EligibleDonorView {
  id: string;
  name: string;
  email: string;
  phone: string;
  group: BloodGroup;
  area: string;
  lastDonationDate: string | null;
  daysSinceLastDonation: number | null;
}

/** How many matches a requester sees: enough to find someone, too few to harvest the registry. */
export const MAX_DONORS_SHOWN = 20;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export class BloodService {
  constructor(private readonly events: DomainEvents, private readonly perHour: number) {}

  /** Stores the request and hands back, once, the secret that lets this requester see donor contacts. */
  async createRequest(em: EntityManager, actor: AuthUser | null, input: BloodRequestInput, ip?: string) {
    const phoneE164 = normalizeBdPhone(input.phone);
    const sender = ip?.slice(0, 64) || null;
    // A count, not a lock: a burst may pass the limit by a request or two, which is harmless here.
    if (sender && (await em.count(BloodRequest, { ip: sender, createdAt: { $gt: new Date(Date.now() - 3_600_000) } })) >= this.perHour) {
      throw new AppError('TOO_MANY_REQUESTS', 'Too many blood requests from this connection; please try again in an hour or call us', 'TOO_MANY_REQUESTS');
    }
    const accessToken = newSecret(24);
    const request = await em.transactional(async (tx) => {
      const r = tx.create(BloodRequest, {
        name: input.name.trim(), phoneE164, email: input.email.trim().toLowerCase(), group: input.group, area: input.area ?? null,
        user: actor ? tx.getReference(User, actor.id) : null, accessTokenHash: sha256(accessToken), ip: sender,
      });
      await tx.flush();
      await this.events.publish(tx, { type: 'bloodRequest.created', requestId: r.id });
      return r;
    });
    const donors = await this.eligibleDonors(em, request);
    return { request, accessToken, donors };
  }

  async donorsFor(em: EntityManager, actor: AuthUser | null, requestId: string, accessToken?: string | null): Promise<EligibleDonorView[]> {
    const request = UUID.test(requestId) ? await em.findOne(BloodRequest, { id: requestId }) : null;
    // "Not found" for a wrong token too: a stranger learns nothing about which ids exist.
    if (!request || !canSeeDonorsOf(actor, request, accessToken)) throw notFound('Blood request');
    return this.eligibleDonors(em, request);
  }

  /**
   * Available donors of a compatible group in the request's area (city-wide when it has none) who
   * never donated or donated at least DONATION_INTERVAL_DAYS ago; exact group first, then whoever
   * rested longest.
   */
  async eligibleDonors(em: EntityManager, request: BloodRequest): Promise<EligibleDonorView[]> {
    const today = dhakaToday();
    const cutoff = addDays(today, -DONATION_INTERVAL_DAYS);
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
    return donors
      .sort((a, b) => exact(a) - exact(b))
      .slice(0, MAX_DONORS_SHOWN)
      .map((d) => {
        const u = d.user.getEntity();
        return {
          id: d.id, name: u.name, email: u.email, phone: d.phone, group: d.group, area: d.area,
          lastDonationDate: d.lastDonationDate ?? null,
          daysSinceLastDonation: d.lastDonationDate ? daysBetween(d.lastDonationDate, today) : null,
        };
      });
  }

  /** Registering again updates the same record (one donor per user). */
  async registerDonor(em: EntityManager, actor: AuthUser, input: BloodDonorInput): Promise<BloodDonor> {
    const phoneE164 = normalizeBdPhone(input.phone);
    let last: string | null = null;
    if (input.lastDonationDate) {
      last = assertCalendarDate(input.lastDonationDate, 'lastDonationDate', 'Enter the date of your last donation');
      if (last > dhakaToday()) throw badInput('The last donation cannot be in the future', { lastDonationDate: 'In the future' }, 'DATE_IN_FUTURE');
    }
    const existing = await em.findOne(BloodDonor, { user: actor.id });
    const fields = { group: input.group, area: input.area, lastDonationDate: last, phoneE164, available: input.available ?? true };
    if (existing) {
      em.assign(existing, fields);
      await em.flush();
      return existing;
    }
    const donor = em.create(BloodDonor, { ...fields, user: em.getReference(User, actor.id) });
    // The unique user constraint answers a double submit with DUPLICATE.
    await em.flush();
    return donor;
  }

  myDonorProfile(em: EntityManager, actor: AuthUser): Promise<BloodDonor | null> {
    return em.findOne(BloodDonor, { user: actor.id });
  }

  /** Whether a donor may give again today (shown on the donor's own card). */
  isEligible(donor: BloodDonor): boolean {
    return !donor.lastDonationDate || daysBetween(donor.lastDonationDate, dhakaToday()) >= DONATION_INTERVAL_DAYS;
  }

  async adminRequests(em: EntityManager, args: { page: number; pageSize: number; sort?: ListOrder | null }): Promise<PageResult<BloodRequest>> {
    const [items, total] = await em.findAndCount(BloodRequest, {}, { orderBy: byCreated(args.sort), limit: args.pageSize, offset: offsetOf(args) });
    return pageOf(items, total, args);
  }
}
