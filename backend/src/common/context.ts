import type { EntityManager } from '@mikro-orm/sql';
import type { Logger } from './logger.js';
import type { AuthUser } from './roles.js';
import type { Services } from '../services.js';

/** What every resolver and REST handler gets: a request-scoped EntityManager, the caller, the services. */
export interface Context {
  em: EntityManager;
  user: AuthUser | null;
  requestId: string;
  ip: string;
  log: Logger;
  services: Services;
}
