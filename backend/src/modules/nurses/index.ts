/**
 * The nurses module's public face: what other modules and the composition root may use (the rest of
 * the folder is the module's own; .dependency-cruiser.cjs enforces it).
 */
import type { NirogModule } from '../../common/module.js';
import { Nurse } from './nurse.entity.js';
import { NurseReview } from './nurse-review.entity.js';
import { NurseHire } from './nurse-hire.entity.js';
import { NurseResolver, NurseReviewResolver, NurseHireResolver } from './nurse.resolver.js';
import { registerNurseRoutes } from './nurse.rest.js';

export * from './nurse.entity.js';
export * from './nurse-hire.entity.js';
export * from './nurse-review.entity.js';
export * from './nurse.enums.js';
export * from './nurse.service.js';

export const module: NirogModule = {
  name: 'nurses',
  entities: [Nurse, NurseReview, NurseHire],
  resolvers: [NurseResolver, NurseReviewResolver, NurseHireResolver],
  routes: registerNurseRoutes,
};
