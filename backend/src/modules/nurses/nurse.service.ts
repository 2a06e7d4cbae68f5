import { assertContactVerified } from '../verification/index.js';
import { careForFilter, familyMemberOf } from '../family/index.js';
import { isUuid } from '../../common/ids.js';
import type { EntityManager } from '@mikro-orm/sql';
import { LockMode, raw } from '@mikro-orm/core';
import { Role, type AuthUser } from '../../common/roles.js';
import { badInput, conflict, forbidden, notFound } from '../../common/errors.js';
import { normalizeBdPhone } from '../../common/phone.js';
import { addDays, assertCalendarDate, dhakaToday } from '../../common/dhaka-date.js';
import type { ImageService } from '../../common/images.js';
import { isGeneratedImageUrl } from '../../common/generated-images.js';
import type { DomainEvents } from '../../common/events.js';
import { offsetOf, pageOf, type PageResult, byCreated, ListOrder } from '../../common/pagination.js';
import { User } from '../accounts/index.js';
import { Nurse } from './nurse.entity.js';
import { NurseReview } from './nurse-review.entity.js';
import { NurseHire } from './nurse-hire.entity.js';
import { NurseHireStatus, NurseLocation, NurseSort, OPEN_HIRE_STATUSES, canMoveHire } from './nurse.enums.js';
import type { NurseHireInput, NurseInput, NurseReviewInput } from './nurse.inputs.js';
import { canCancelHire, canViewHire, mayReviewNurses } from './nurse.policy.js';

type Page = { page: number; pageSize: number };

/** How far ahead a hire may be booked: the agency plans rosters a season at a time. */
export const MAX_HIRE_DAYS_AHEAD = 180;
/** How hiring is limited (its declared limits, common/limits.ts). */
export const HIRE_LIMIT = "a verified patient; one open hire per nurse and day; mail only to the patient's own address";
export const CANCEL_HIRE_LIMIT = "the patient's own open hire, once (the transition map)";

export type ReviewBlock = 'NOT_A_PATIENT' | 'NO_COMPLETED_HIRE' | 'ALREADY_REVIEWED';

export interface ReviewEligibility {
  canReview: boolean;
  reason: ReviewBlock | null;
  review: NurseReview | null;
}

export class NurseService {
  constructor(private readonly images: ImageService, private readonly events: DomainEvents) {}

  // ---- nurses ---------------------------------------------------------------------------------

  /** The public list: live nurses, optionally in one location, newest first, one count + one select. */
  async list(em: EntityManager, args: Page & { location?: NurseLocation | null; sort?: NurseSort }): Promise<PageResult<Nurse>> {
    const where: Record<string, unknown> = { deletedAt: null };
    if (args.location) where.location = args.location;
    // The average is computed from the exact integer totals; unreviewed nurses go last.
    const orderBy = args.sort === NurseSort.TopRated
      ? [{ [raw('(rating_half_stars_total::numeric / nullif(review_count, 0))')]: 'desc nulls last' }, { reviewCount: 'desc' }, { createdAt: 'desc' }, { id: 'asc' }]
      : [{ createdAt: 'desc' }, { id: 'asc' }];
    const [items, total] = await em.findAndCount(Nurse, where, {
      orderBy: orderBy as never, limit: args.pageSize, offset: offsetOf(args),
    });
    return pageOf(items, total, args);
  }

  async get(em: EntityManager, id: string): Promise<Nurse> {
    if (!isUuid(id)) throw notFound('Nurse');
    const nurse = await em.findOne(Nurse, { id, deletedAt: null });
    if (!nurse) throw notFound('Nurse');
    return nurse;
  }

  /** Without uploaded images the nurse gets a drawn portrait (initials on a colour of their own). */
  async create(em: EntityManager, input: NurseInput, images: Buffer[]): Promise<Nurse> {
    const phoneE164 = normalizeBdPhone(input.phone);
    const imageUrls = images.length ? await this.storeImages(images) : [await this.images.generated.portrait(input.name.trim(), 'nurse')];
    const nurse = em.create(Nurse, { ...this.fields(input), phoneE164, imageUrls });
    await em.flush();
    return nurse;
  }

  /** Images, when sent, replace the old ones; without images uploaded ones stay and a drawn portrait follows the name. */
  async update(em: EntityManager, id: string, input: NurseInput, images: Buffer[]): Promise<Nurse> {
    const nurse = await this.get(em, id);
    const phoneE164 = normalizeBdPhone(input.phone);
    const imageUrls = images.length
      ? await this.storeImages(images)
      : nurse.imageUrls.some((url) => !isGeneratedImageUrl(url)) ? nurse.imageUrls : [await this.images.generated.portrait(input.name.trim(), 'nurse')];
    em.assign(nurse, { ...this.fields(input), phoneE164, imageUrls });
    await em.flush();
    return nurse;
  }

  /**
   * Deleting a nurse hides the profile and cancels the hires still open (Processing or Confirmed),
   * each with a statusChanged event so that the patient is told. Completed and cancelled hires and
   * the reviews stay as history, which is why the row is kept (soft delete) rather than removed.
   */
  async delete(em: EntityManager, id: string): Promise<{ cancelledHires: number }> {
    if (!isUuid(id)) throw notFound('Nurse');
    return em.transactional(async (tx) => {
      const marked = await tx.nativeUpdate(Nurse, { id, deletedAt: null }, { deletedAt: new Date() });
      if (marked !== 1) throw notFound('Nurse');
      const open = await tx.find(NurseHire, { nurse: id, status: { $in: [...OPEN_HIRE_STATUSES] } }, { lockMode: LockMode.PESSIMISTIC_WRITE });
      for (const hire of open) {
        const moved = await tx.nativeUpdate(NurseHire, { id: hire.id, status: hire.status },
          { status: NurseHireStatus.Cancelled, statusChangedAt: new Date() });
        if (moved === 1) {
          await this.events.publish(tx, {
            type: 'nurseHire.statusChanged', hireId: hire.id, userId: hire.user.id, nurseId: id, from: hire.status, to: NurseHireStatus.Cancelled,
          });
        }
      }
      return { cancelledHires: open.length };
    });
  }

  /** Admins: live nurses, newest or oldest first. */
  async adminList(em: EntityManager, args: Page & { sort?: ListOrder | null }): Promise<PageResult<Nurse>> {
    const [items, total] = await em.findAndCount(Nurse, { deletedAt: null }, { orderBy: byCreated(args.sort), limit: args.pageSize, offset: offsetOf(args) });
    return pageOf(items, total, args);
  }

  private fields(input: NurseInput) {
    return {
      name: input.name.trim(),
      degree: input.degree.trim(),
      work: input.work.trim(),
      feePoisha: input.feePoisha,
      email: input.email.trim().toLowerCase(),
      gender: input.gender,
      location: input.location,
      description: (input.description ?? '').trim(),
    };
  }

  private async storeImages(images: Buffer[]): Promise<string[]> {
    const urls: string[] = [];
    for (const image of images) urls.push(await this.images.store(image, 'nurses'));
    return urls;
  }

  // ---- reviews --------------------------------------------------------------------------------

  async reviews(em: EntityManager, nurseId: string, args: Page): Promise<PageResult<NurseReview>> {
    const nurse = await this.getIncludingDeleted(em, nurseId);
    const [items, total] = await em.findAndCount(NurseReview, { nurse: nurse.id }, {
      populate: ['user'], orderBy: { createdAt: 'desc', id: 'asc' }, limit: args.pageSize, offset: offsetOf(args),
    });
    return pageOf(items, total, args);
  }

  async reviewEligibility(em: EntityManager, actor: AuthUser, nurseId: string): Promise<ReviewEligibility> {
    await this.get(em, nurseId);
    const review = await em.findOne(NurseReview, { nurse: nurseId, user: actor.id }, { populate: ['user'] });
    if (!mayReviewNurses(actor)) return { canReview: false, reason: 'NOT_A_PATIENT', review: null };
    if (review) return { canReview: false, reason: 'ALREADY_REVIEWED', review };
    const completed = await em.count(NurseHire, { nurse: nurseId, user: actor.id, status: NurseHireStatus.Completed });
    return completed ? { canReview: true, reason: null, review: null } : { canReview: false, reason: 'NO_COMPLETED_HIRE', review: null };
  }

  /** One review per patient per nurse, only after a completed hire; the average moves in the same transaction. */
  async createReview(em: EntityManager, actor: AuthUser, input: NurseReviewInput): Promise<NurseReview> {
    if (!mayReviewNurses(actor)) throw forbidden('Only patients can review nurses', 'NOT_A_PATIENT');
    const halfStars = toHalfStars(input.rating);
    await this.get(em, input.nurseId);
    const completed = await em.count(NurseHire, { nurse: input.nurseId, user: actor.id, status: NurseHireStatus.Completed });
    if (!completed) throw forbidden('You can review a nurse after a completed hire', 'NO_COMPLETED_HIRE');
    if (await em.count(NurseReview, { nurse: input.nurseId, user: actor.id })) {
      throw conflict('You have already reviewed this nurse; edit your review instead', 'ALREADY_REVIEWED');
    }
    const review = await em.transactional(async (tx) => {
      const r = tx.create(NurseReview, { nurse: input.nurseId, user: actor.id, halfStars, comment: input.comment.trim() });
      // The unique (nurse, user) constraint fails this flush if a second submit raced past the check.
      await tx.flush();
      await tx.execute('update nurses set rating_half_stars_total = rating_half_stars_total + ?, review_count = review_count + 1 where id = ?',
        [halfStars, input.nurseId], 'run');
      return r;
    });
    return em.findOneOrFail(NurseReview, { id: review.id }, { populate: ['user'] });
  }

  /**
   * A patient edits their own review; the average is adjusted by the difference, atomically. The
   * caller's review is looked for, never the nurse first: a made-up nurse id answers like a real nurse
   * the caller has not reviewed (NO_REVIEW), as for doctors.
   */
  async updateReview(em: EntityManager, actor: AuthUser, input: NurseReviewInput): Promise<NurseReview> {
    if (!mayReviewNurses(actor)) throw forbidden('Only patients can review nurses', 'NOT_A_PATIENT');
    const halfStars = toHalfStars(input.rating);
    if (!isUuid(input.nurseId)) throw notFound('Review', 'NO_REVIEW');
    const id = await em.transactional(async (tx) => {
      const review = await tx.findOne(NurseReview, { nurse: { id: input.nurseId, deletedAt: null }, user: actor.id }, { lockMode: LockMode.PESSIMISTIC_WRITE });
      if (!review) throw notFound('Review', 'NO_REVIEW');
      const delta = halfStars - review.halfStars;
      review.halfStars = halfStars;
      review.comment = input.comment.trim();
      await tx.flush();
      if (delta) {
        await tx.execute('update nurses set rating_half_stars_total = rating_half_stars_total + ? where id = ?', [delta, input.nurseId], 'run');
      }
      return review.id;
    });
    return em.findOneOrFail(NurseReview, { id }, { populate: ['user'], refresh: true });
  }

  // ---- hires ----------------------------------------------------------------------------------

  async hire(em: EntityManager, actor: AuthUser, input: NurseHireInput): Promise<NurseHire> {
    if (actor.role !== Role.User) throw forbidden('Only patients can hire nurses', 'NOT_A_PATIENT');
    await assertContactVerified(em, actor.id);
    const phoneE164 = normalizeBdPhone(input.phone);
    const date = assertCalendarDate(input.date);
    const today = dhakaToday();
    if (date < today) throw badInput('The date cannot be in the past', { date: 'Choose today or a later day' }, 'DATE_IN_PAST');
    if (date > addDays(today, MAX_HIRE_DAYS_AHEAD)) {
      throw badInput(`Choose a date within the next ${MAX_HIRE_DAYS_AHEAD} days`, { date: 'Too far ahead' }, 'DATE_TOO_FAR', { days: MAX_HIRE_DAYS_AHEAD });
    }
    if (!isUuid(input.nurseId)) throw notFound('Nurse');
    const member = input.familyMemberId ? await familyMemberOf(em, actor.id, input.familyMemberId) : null;
    return em.transactional(async (tx) => {
      // Locking the nurse row serialises hires of this nurse against each other and against a delete.
      const nurse = await tx.findOne(Nurse, { id: input.nurseId, deletedAt: null }, { lockMode: LockMode.PESSIMISTIC_WRITE });
      if (!nurse) throw notFound('Nurse');
      // A double submit must not book the same visit twice; different patients may share a nurse's
      // day, the admin's confirmation is where availability is checked with the nurse.
      const same = await tx.count(NurseHire, { nurse: nurse.id, user: actor.id, date, status: { $in: [...OPEN_HIRE_STATUSES] } });
      if (same) throw conflict('You have already hired this nurse for that day', 'ALREADY_HIRED');
      const hire = tx.create(NurseHire, {
        nurse, user: tx.getReference(User, actor.id), nurseName: nurse.name, nurseImageUrl: nurse.imageUrls[0] ?? null,
        feePoisha: nurse.feePoisha, patientGender: member ? member.gender : input.patientGender!, phoneE164, date, status: NurseHireStatus.Processing,
        familyMember: member,
      });
      await tx.flush();
      await this.events.publish(tx, { type: 'nurseHire.created', hireId: hire.id, userId: actor.id, nurseId: nurse.id });
      return hire;
    });
  }

  async myHires(em: EntityManager, actor: AuthUser, args: Page & { careFor?: string | null }): Promise<PageResult<NurseHire>> {
    const where: Record<string, unknown> = { user: actor.id };
    if (args.careFor) where.familyMember = await careForFilter(em, actor.id, args.careFor);
    const [items, total] = await em.findAndCount(NurseHire, where, {
      populate: ['user', 'familyMember'], strategy: 'joined', orderBy: { createdAt: 'desc', id: 'asc' }, limit: args.pageSize, offset: offsetOf(args),
    });
    return pageOf(items, total, args);
  }

  async adminHires(em: EntityManager, args: Page & { status?: NurseHireStatus | null; sort?: ListOrder | null }): Promise<PageResult<NurseHire>> {
    const where = args.status ? { status: args.status } : {};
    const [items, total] = await em.findAndCount(NurseHire, where, {
      populate: ['user', 'familyMember'], strategy: 'joined', orderBy: byCreated(args.sort), limit: args.pageSize, offset: offsetOf(args),
    });
    return pageOf(items, total, args);
  }

  async getHire(em: EntityManager, actor: AuthUser, id: string): Promise<NurseHire> {
    const hire = isUuid(id) ? await em.findOne(NurseHire, { id }, { populate: ['user', 'familyMember'] }) : null;
    if (!hire || !canViewHire(actor, hire)) throw notFound('Hire');
    return hire;
  }

  /**
   * Moves a hire along HIRE_TRANSITIONS. The update is conditional on the status the caller saw,
   * so two admins acting at once cannot both move it: the second gets CHANGED_MEANWHILE.
   */
  async setHireStatus(em: EntityManager, actor: AuthUser, id: string, to: NurseHireStatus): Promise<NurseHire> {
    const hire = await this.getHire(em, actor, id);
    if (actor.role !== Role.Admin) {
      if (to !== NurseHireStatus.Cancelled || !canCancelHire(actor, hire)) throw forbidden('Only admins can change this hire', 'FORBIDDEN');
    }
    const from = hire.status;
    if (!canMoveHire(from, to)) {
      throw conflict(`A ${from} hire cannot become ${to}`, 'ILLEGAL_TRANSITION', { from, to });
    }
    if (to === NurseHireStatus.Completed && hire.date > dhakaToday()) {
      throw conflict('A hire can be completed on or after its day', 'HIRE_NOT_STARTED');
    }
    const changedAt = new Date();
    await em.transactional(async (tx) => {
      const moved = await tx.nativeUpdate(NurseHire, { id, status: from }, { status: to, statusChangedAt: changedAt });
      if (moved !== 1) throw conflict('This hire was just changed by someone else; reload and try again', 'CHANGED_MEANWHILE');
      await this.events.publish(tx, { type: 'nurseHire.statusChanged', hireId: id, userId: hire.user.id, nurseId: hire.nurse.id, from, to });
    });
    hire.status = to;
    hire.statusChangedAt = changedAt;
    return hire;
  }

  private async getIncludingDeleted(em: EntityManager, id: string): Promise<Nurse> {
    const nurse = isUuid(id) ? await em.findOne(Nurse, { id }) : null;
    if (!nurse) throw notFound('Nurse');
    return nurse;
  }
}

function toHalfStars(rating: number): number {
  const half = rating * 2;
  if (!Number.isInteger(half) || half < 1 || half > 10) {
    throw badInput('Rate from half a star to 5 stars, in halves', { rating: 'Invalid rating' }, 'INVALID_RATING');
  }
  return half;
}

