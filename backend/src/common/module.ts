import type { RouteFn } from './rest.js';

/**
 * The one shape of a backend module (modules/<name>/index.ts exports one of these as `module`):
 * the tables it owns, its GraphQL resolvers and its REST paths. The composition root
 * (entities.ts, schema.ts, app.ts) reads the list in modules.ts; nothing else is registered by hand.
 * Services are built in services.ts, where their dependencies on each other are written out.
 */
export interface NirogModule {
  name: string;
  // eslint-disable-next-line @typescript-eslint/no-unsafe-function-type -- entity and resolver classes
  entities: readonly Function[];
  // eslint-disable-next-line @typescript-eslint/no-unsafe-function-type
  resolvers: readonly Function[];
  /** Registers the module's REST paths (in modules.ts order: an earlier path wins a tie, as in express). */
  routes?: (route: RouteFn) => void;
}
