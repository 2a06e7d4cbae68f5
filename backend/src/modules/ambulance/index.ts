/**
 * The ambulance module's public face: what other modules and the composition root may use (the rest of
 * the folder is the module's own; .dependency-cruiser.cjs enforces it).
 */
import type { NirogModule } from '../../common/module.js';
import { AmbulanceService } from './ambulance.entity.js';
import { AmbulanceResolver } from './ambulance.resolver.js';
import { registerAmbulanceRoutes } from './ambulance.rest.js';

export * from './ambulance.entity.js';
export * from './ambulance.service.js';

export const module: NirogModule = {
  name: 'ambulance',
  entities: [AmbulanceService],
  resolvers: [AmbulanceResolver],
  routes: registerAmbulanceRoutes,
};
