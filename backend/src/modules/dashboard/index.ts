/**
 * The dashboard module's public face: what other modules and the composition root may use (the rest of
 * the folder is the module's own; .dependency-cruiser.cjs enforces it).
 */
import type { NirogModule } from '../../common/module.js';
import { DashboardResolver } from './dashboard.resolver.js';
import { DashboardLiveResolver } from './dashboard.live.js';
import { registerDashboardRoutes } from './dashboard.rest.js';

export * from './dashboard.service.js';

export const module: NirogModule = {
  name: 'dashboard',
  entities: [],
  resolvers: [DashboardResolver, DashboardLiveResolver],
  routes: registerDashboardRoutes,
};
