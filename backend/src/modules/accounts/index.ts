/**
 * The accounts module's public face: what other modules and the composition root may use (the rest of
 * the folder is the module's own; .dependency-cruiser.cjs enforces it).
 */
import type { NirogModule } from '../../common/module.js';
import { User } from './user.entity.js';
import { Session } from './session.entity.js';
import { AccountResolver } from './account.resolver.js';
import { registerAccountRoutes } from './account.rest.js';

export * from './user.entity.js';
export * from './session.entity.js';
export * from './account.service.js';
export * from './account.rest.js';
export * from './account.inputs.js';
export * from './acting-for.js';
export type * from './account.gate.js';

export const module: NirogModule = {
  name: 'accounts',
  entities: [User, Session],
  resolvers: [AccountResolver],
  routes: registerAccountRoutes,
};
export * from './user.read.js';
