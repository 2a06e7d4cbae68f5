import type { EntityManager } from '@mikro-orm/sql';
import type { Logger } from './logger.js';
import type { AuthUser } from './roles.js';
import type { RequestLoaders } from './loaders.js';
import type { IntegratorIdentity } from './scopes.js';

/**
 * The services of the running app. Empty here: services.ts (the composition root) merges the real
 * list into it, so common/ never has to import a module to type the context.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface AppServices {}

/** What every resolver and REST handler gets: a request-scoped EntityManager, the caller, the services. */
export interface Context {
  em: EntityManager;
  user: AuthUser | null;
  /** An integrator app calling with its key (modules/integrators); `user` is then null. */
  integrator: IntegratorIdentity | null;
  requestId: string;
  ip: string;
  /**
   * The request's Origin header as sent (null when none): where a payer started a checkout, kept only
   * when it is one of this app's origins or an allowed client's (PaymentService.returnTo decides).
   */
  origin: string | null;
  log: Logger;
  services: AppServices;
  /** Batched reads of read models for this request (common/loaders.ts). */
  loaders: RequestLoaders;
}
