/**
 * The insurance module's public face: what other modules and the composition root may use (the rest of
 * the folder is the module's own; .dependency-cruiser.cjs enforces it).
 */
import type { NirogModule } from '../../common/module.js';
import { InsuranceArticle, InsuranceApplication } from './insurance.entity.js';
import { InsuranceResolver } from './insurance.resolver.js';
import { registerInsuranceRoutes } from './insurance.rest.js';

export * from './insurance.entity.js';
export * from './insurance.service.js';

export const module: NirogModule = {
  name: 'insurance',
  entities: [InsuranceArticle, InsuranceApplication],
  resolvers: [InsuranceResolver],
  routes: registerInsuranceRoutes,
};
