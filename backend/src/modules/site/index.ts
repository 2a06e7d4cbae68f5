/**
 * The site module's public face: what other modules and the composition root may use (the rest of
 * the folder is the module's own; .dependency-cruiser.cjs enforces it).
 */
import type { NirogModule } from '../../common/module.js';
import { ContactMessage, Partner } from './site.entity.js';
import { SiteResolver } from './site.resolver.js';
import { registerSiteRoutes } from './site.rest.js';

export * from './site.entity.js';
export * from './site.service.js';
export { chatWidgetCsp } from './chat-widget.js';

export const module: NirogModule = {
  name: 'site',
  entities: [ContactMessage, Partner],
  resolvers: [SiteResolver],
  routes: registerSiteRoutes,
};
