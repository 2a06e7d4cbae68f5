import type { EntityManager } from '@mikro-orm/sql';
import { badInput, notFound } from '../../common/errors.js';
import { isUuid } from '../../common/ids.js';
import { Role, type AuthUser } from '../../common/roles.js';
import { normalizeBdPhone } from '../../common/phone.js';
import { newSecret, sha256 } from '../../common/tokens.js';
import { assertCalendarDate, daysBetween, dhakaToday } from '../../common/dhaka-date.js';
import type { DomainEvents } from '../../common/events.js';
import { offsetOf, pageOf, type PageResult, byCreated, ListOrder } from '../../common/pagination.js';
import { User } from '../accounts/index.js';
import { BloodDonor, BloodRequest } from './blood.entity.js';
import { DONATION_INTERVAL_DAYS, type BloodGroup } from './blood.enums.js';
import { matchDonors } from './blood.match.js';
import type { BloodDonorInput, BloodRequestInput } from './blood.inputs.js';
import { canSeeDonorsOf } from './blood.policy.js';

/**
 * A matched donor as a viewer sees it (decided here, once, for both doors). Never an email or a phone
 * number: Nirog relays the request to the donors (blood notifications in the mail module) and a
 * donor who can give calls the requester, introducing themselves. So the requester, whoever they are
 * (the form is open to anyone, and anyone may type any name), needs no donor's identity: they see how
 * many donors were told, each one's blood group and area and nothing else, as "Donor 1", "Donor 2"…
 * under an id that means something for this request only. Admins, who run the registry, see the
 * donor's name, registry id and last donation.
 */
export interface EligibleDonorView {
  id: string;
  name: string;
  group: BloodGroup;
  area: string;
  lastDonationDate: string | null;
  daysSinceLastDonation: number | null;
}

/** Who is looking at a request's donors: an admin, or the requester (by account or access token). */
export type DonorViewer = 'admin' | 'requester';

export const donorViewerOf = (actor: AuthUser | null): DonorViewer => (actor?.role === Role.Admin ? 'admin' : 'requester');

/** A donor's stand-in id for one request: the same on every reading of that request, unrelated across requests. */
const requestDonorId = (requestId: string, donorId: string) => sha256(`blood-request-donor:${requestId}:${donorId}`).slice(0, 32);


export class BloodService {
  constructor(private readonly events: DomainEvents) {}

  /**
   * Stores the request and hands back, once, the secret that lets this requester see the matched
   * donors again. bloodRequest.created is published in the request's transaction: the matched donors
   * are notified (mail and SMS, once per donor and request) by rows that commit with the request.
   */
  async createRequest(em: EntityManager, actor: AuthUser | null, input: BloodRequestInput, ip?: string) {
    const phoneE164 = normalizeBdPhone(input.phone);
    const sender = ip?.slice(0, 64) || null;
    // Requests per address are throttled where the operation is declared (blood-ip, BLOOD_REQUESTS_PER_HOUR).
    const accessToken = newSecret(24);
    const created = await em.transactional(async (tx) => {
      const r = tx.create(BloodRequest, {
        name: input.name.trim(), phoneE164, email: input.email.trim().toLowerCase(), group: input.group, area: input.area ?? null,
        user: actor ? tx.getReference(User, actor.id) : null, accessTokenHash: sha256(accessToken), ip: sender,
      });
      await tx.flush();
      await this.events.publish(tx, { type: 'bloodRequest.created', requestId: r.id });
      // Read in the same transaction as the notifications, right after them: the donors listed are the ones told.
      return { r, donors: await this.eligibleDonors(tx, r, donorViewerOf(actor)) };
    });
    return { request: created.r, accessToken, donors: created.donors };
  }

  async donorsFor(em: EntityManager, actor: AuthUser | null, requestId: string, accessToken?: string | null): Promise<EligibleDonorView[]> {
    const request = isUuid(requestId) ? await em.findOne(BloodRequest, { id: requestId }) : null;
    // "Not found" for a wrong token too: a stranger learns nothing about which ids exist.
    if (!request || !canSeeDonorsOf(actor, request, accessToken)) throw notFound('Blood request');
    return this.eligibleDonors(em, request, donorViewerOf(actor));
  }

  /** The request's matched donors (see matchDonors), without contact details; named for admins only (EligibleDonorView). */
  async eligibleDonors(em: EntityManager, request: BloodRequest, viewer: DonorViewer): Promise<EligibleDonorView[]> {
    const today = dhakaToday();
    return (await matchDonors(em, request)).map((d, i) => (viewer === 'admin'
      ? {
        id: d.id, name: d.user.getEntity().name, group: d.group, area: d.area,
        lastDonationDate: d.lastDonationDate ?? null,
        daysSinceLastDonation: d.lastDonationDate ? daysBetween(d.lastDonationDate, today) : null,
      }
      : { id: requestDonorId(request.id, d.id), name: `Donor ${i + 1}`, group: d.group, area: d.area, lastDonationDate: null, daysSinceLastDonation: null }));
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
