/**
 * The orders module's public face: what other modules and the composition root may use (the rest of
 * the folder is the module's own; .dependency-cruiser.cjs enforces it).
 */
import type { NirogModule } from '../../common/module.js';
import { Order, OrderItem } from './order.entity.js';
import { OrderResolver } from './order.resolver.js';
import { OrderLiveResolver } from './order.live.js';
import { registerOrderRoutes } from './order.rest.js';

export * from './order.entity.js';
export * from './order.service.js';

export const module: NirogModule = {
  name: 'orders',
  entities: [Order, OrderItem],
  resolvers: [OrderResolver, OrderLiveResolver],
  routes: registerOrderRoutes,
};
