/**
 * The integrators module's public face: third-party apps with their keys, scopes and cost budgets
 * (the rest of the folder is the module's own; .dependency-cruiser.cjs enforces it).
 */
import type { NirogModule } from '../../common/module.js';
import { IntegratorApp, IntegratorAppDoctor, IntegratorKey } from './integrator.entity.js';
import { IntegratorResolver } from './integrator.resolver.js';

export * from './integrator.entity.js';
export * from './integrator.service.js';
export { looksLikeKey, makeKey } from './integrator.keys.js';
export { chargeLive } from './integrator.quota.js';

export const module: NirogModule = {
  name: 'integrators',
  entities: [IntegratorApp, IntegratorKey, IntegratorAppDoctor],
  resolvers: [IntegratorResolver],
};
export { integratorAccessPlugin, introspectionGate } from './integrator.plugin.js';
