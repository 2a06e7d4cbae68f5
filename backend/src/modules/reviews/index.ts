/**
 * The reviews module's public face: what other modules and the composition root may use (the rest of
 * the folder is the module's own; .dependency-cruiser.cjs enforces it).
 */
import type { NirogModule } from '../../common/module.js';
import { DoctorReview } from './doctor-review.entity.js';
import { ReviewResolver } from './review.resolver.js';
import { registerReviewRoutes } from './review.rest.js';

export * from './doctor-review.entity.js';
export * from './review.service.js';
export { toSpecReview } from './review.rest.js';

export const module: NirogModule = {
  name: 'reviews',
  entities: [DoctorReview],
  resolvers: [ReviewResolver],
  routes: registerReviewRoutes,
};
