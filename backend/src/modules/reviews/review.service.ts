import { LockMode, UniqueConstraintViolationException } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/sql';
import type { AuthUser } from '../../common/roles.js';
import { conflict, forbidden, notFound } from '../../common/errors.js';
import { offsetOf, pageOf, type PageResult } from '../../common/pagination.js';
import { User } from '../accounts/index.js';
import { Doctor, DoctorStatus, type DoctorService } from '../doctors/index.js';
import { isUuid } from '../../common/ids.js';
import type { AppointmentService } from '../appointments/index.js';
import { DoctorReview } from './doctor-review.entity.js';
import type { DoctorReviewInput } from './review.inputs.js';

/**
 * Reviews of doctors: one per patient per doctor, only after a Finished appointment with that
 * doctor. The doctor's sum and count change in the same transaction, through the doctors module
 * (DoctorService.countReview: relative SQL, so concurrent reviews never lose one another).
 */
export class ReviewService {
  constructor(
    private readonly appointments: AppointmentService,
    private readonly doctors: DoctorService,
  ) {}

  async create(em: EntityManager, actor: AuthUser, input: DoctorReviewInput): Promise<DoctorReview> {
    const doctor = isUuid(input.doctorId) ? await em.findOne(Doctor, { id: input.doctorId, status: DoctorStatus.Approved }) : null;
    if (!doctor) throw notFound('Doctor');
    if (!(await this.appointments.hasFinishedWith(em, actor.id, doctor.id))) {
      throw forbidden('You can review a doctor after a finished consultation with them', 'NO_FINISHED_CONSULTATION');
    }
    const halfStars = Math.round(input.rating * 2);
    try {
      return await em.transactional(async (tx) => {
        const review = tx.create(DoctorReview, {
          doctor: doctor.id, patient: tx.getReference(User, actor.id), halfStars, comment: input.comment.trim(),
        });
        await tx.flush();
        await this.doctors.countReview(tx, doctor.id, halfStars, true);
        return review;
      });
    } catch (e) {
      if (e instanceof UniqueConstraintViolationException) throw conflict('You have already reviewed this doctor; edit your review instead', 'ALREADY_REVIEWED');
      throw e;
    }
  }

  /** Edits the patient's own review; the doctor's sum moves by the difference. */
  async update(em: EntityManager, actor: AuthUser, input: DoctorReviewInput): Promise<DoctorReview> {
    if (!isUuid(input.doctorId)) throw notFound('Review');
    const halfStars = Math.round(input.rating * 2);
    return em.transactional(async (tx) => {
      const review = await tx.findOne(DoctorReview, { doctor: input.doctorId, patient: actor.id }, { lockMode: LockMode.PESSIMISTIC_WRITE });
      if (!review) throw notFound('Review');
      const delta = halfStars - review.halfStars;
      review.halfStars = halfStars;
      review.comment = input.comment.trim();
      await tx.flush();
      await this.doctors.countReview(tx, input.doctorId, delta, false);
      return review;
    });
  }

  async listForDoctor(em: EntityManager, doctorId: string, args: { page: number; pageSize: number }): Promise<PageResult<DoctorReview>> {
    if (!isUuid(doctorId)) return pageOf([], 0, args);
    const [items, total] = await em.findAndCount(DoctorReview, { doctor: doctorId }, {
      populate: ['patient'], orderBy: { createdAt: 'desc', id: 'asc' }, limit: args.pageSize, offset: offsetOf(args),
    });
    return pageOf(items, total, args);
  }

  /** What the review form needs: may this caller review, and their existing review if any. */
  async eligibility(em: EntityManager, actor: AuthUser, doctorId: string): Promise<{ canReview: boolean; review: DoctorReview | null }> {
    if (!isUuid(doctorId)) return { canReview: false, review: null };
    const review = await em.findOne(DoctorReview, { doctor: doctorId, patient: actor.id });
    return { canReview: await this.appointments.hasFinishedWith(em, actor.id, doctorId), review };
  }
}
