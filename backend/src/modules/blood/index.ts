/**
 * The blood module's public face: what other modules and the composition root may use (the rest of
 * the folder is the module's own; .dependency-cruiser.cjs enforces it).
 */
import type { NirogModule } from '../../common/module.js';
import { BloodRequest, BloodDonor } from './blood.entity.js';
import { BloodResolver, BloodDonorResolver } from './blood.resolver.js';
import { registerBloodRoutes } from './blood.rest.js';

export * from './blood.entity.js';
export * from './blood.enums.js';
export * from './blood.match.js';
export * from './blood.service.js';

export const module: NirogModule = {
  name: 'blood',
  entities: [BloodRequest, BloodDonor],
  resolvers: [BloodResolver, BloodDonorResolver],
  routes: registerBloodRoutes,
};
