import type { EntityManager } from '@mikro-orm/sql';
import type { Logger } from './logger.js';
import type { AuthUser } from './roles.js';
import { RequestLoaders } from './loaders.js';
import type { IntegratorIdentity } from './scopes.js';
import type { SqlReader } from './sql.js';

/**
 * The services of the running app. Empty here: services.ts (the composition root) merges the real
 * list into it, so common/ never has to import a module to type the context.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface AppServices {}

/** What every resolver and REST handler gets: a request-scoped EntityManager, the caller, the services. */
export interface Context {
  /** The request's own EntityManager, forked from the ORM's when first used (RequestContext below). */
  em: EntityManager;
  /**
   * Plain-SQL reads (common/sql.ts) for a list that needs nothing else: through the request's
   * EntityManager once it has one, through the ORM's connection before, so that a visitor's public
   * list forks nothing.
   */
  reads: SqlReader;
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
  /**
   * The same caller with a new EntityManager and new loaders: each event of a subscription is read
   * afresh (common/live.ts), never from what an earlier event left in an identity map or a loader.
   */
  renewed(): Context;
}

/**
 * A request's context. Its EntityManager is forked from the ORM's when first used: a fork costs about
 * 5 µs of CPU and a dozen maps and sets (the ORM writes its configuration twice, builds a unit of work
 * and an identity map), and a visitor's public list needs none of it, reading through `reads` (README
 * "Performance", issue #22). The fork is kept in `db`, an object shared by reference: Apollo runs an
 * operation with a copy of the context (Object.assign onto the same prototype), and the copy and the
 * original must use one fork, made by whichever needs it first.
 */
export class RequestContext implements Context {
  user: AuthUser | null = null;
  integrator: IntegratorIdentity | null = null;
  readonly requestId: string;
  readonly ip: string;
  readonly origin: string | null;
  readonly services: AppServices;
  readonly loaders = new RequestLoaders();
  /** The logger, or how to make it when first used (a request that logs nothing makes no child logger). Shared by copies, as db is. */
  private readonly logs: { made?: Logger; make?: () => Logger };
  readonly reads: SqlReader;
  private readonly db: { root: EntityManager; forked?: EntityManager };

  constructor(root: EntityManager, fields: Pick<Context, 'requestId' | 'ip' | 'origin' | 'services'> & { log: Logger | (() => Logger) }) {
    ({ requestId: this.requestId, ip: this.ip, origin: this.origin, services: this.services } = fields);
    this.logs = typeof fields.log === 'function' ? { make: fields.log } : { made: fields.log };
    const db: { root: EntityManager; forked?: EntityManager } = { root };
    this.db = db;
    this.reads = {
      getConnection: (type) => (db.forked ?? db.root).getConnection(type),
      getTransactionContext: () => db.forked?.getTransactionContext(),
    };
  }

  get log(): Logger {
    return (this.logs.made ??= this.logs.make!());
  }

  set log(logger: Logger) {
    this.logs.made = logger;
  }

  get em(): EntityManager {
    return (this.db.forked ??= this.db.root.fork());
  }

  renewed(): RequestContext {
    const next = new RequestContext(this.db.root, this);
    next.user = this.user;
    next.integrator = this.integrator;
    return next;
  }
}
