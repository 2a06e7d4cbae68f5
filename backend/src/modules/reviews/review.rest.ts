import type { RouteFn } from '../../common/rest.js';
import { parseInput } from '../../common/input.js';
import { upsert } from '../../common/rest.js';
import { Role } from '../../common/roles.js';
import type { DoctorReview } from './doctor-review.entity.js';
import { DoctorReviewInput } from './review.inputs.js';
import { toSpecDoctorsFor } from '../doctors/index.js';

/** patient must be loaded for the name. */
export function toSpecReview(r: DoctorReview) {
  return {
    _id: r.id,
    id: r.id,
    name: r.patient.isInitialized() ? r.patient.getEntity().name : null,
    rating: r.rating,
    comment: r.comment,
    doctorId: r.doctor.id,
    createdAt: r.createdAt,
  };
}

export function registerReviewRoutes(route: RouteFn): void {
  // A doctor's page as the earlier client reads it: the doctor with their newest reviews. Here, not in
  // doctors: reviews build on doctors, never the other way round. No other GET /doctor/… path exists,
  // so its place in the route order decides nothing.
  route('get', '/doctor/:id', 'public', async (ctx, req) => {
    const doctor = await ctx.services.doctors.publicProfile(ctx.em, String(req.params.id), ctx.user);
    const reviews = await ctx.services.reviews.listForDoctor(ctx.em, doctor.id, { page: 1, pageSize: 50 });
    return { success: true, doctor: { ...(await toSpecDoctorsFor(ctx, [doctor]))[0]!, reviews: reviews.items.map(toSpecReview) } };
  });

  route('post', '/create/review', [Role.User], async (ctx, req) => {
    const review = await ctx.services.reviews.create(ctx.em, ctx.user!, await parseInput(DoctorReviewInput, req.body));
    await review.patient.load();
    return { success: true, message: 'Review Added', review: toSpecReview(review) };
  }, { idempotent: true });
  // The earlier client sends every review, the first one too, as PUT: edits the patient's review, or writes it.
  route('put', '/create/review', [Role.User], async (ctx, req) => {
    const input = await parseInput(DoctorReviewInput, req.body);
    const review = await upsert(() => ctx.services.reviews.update(ctx.em, ctx.user!, input), () => ctx.services.reviews.create(ctx.em, ctx.user!, input));
    await review.patient.load();
    return { success: true, message: 'Review Added', review: toSpecReview(review) };
  });
}
