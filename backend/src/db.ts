import 'reflect-metadata';
import { MikroORM as PgliteORM } from '@mikro-orm/pglite';
import { MikroORM as PostgresORM } from '@mikro-orm/postgresql';
import { DataloaderType, DefaultLogger, type LogContext, type LoggerOptions } from '@mikro-orm/core';
import { ReflectMetadataProvider } from '@mikro-orm/decorators/legacy';
import { Migrator } from '@mikro-orm/migrations';
import { SeedManager } from '@mikro-orm/seeder';
import { mkdirSync } from 'node:fs';
import type { Pool } from 'pg';
import type { Orm } from './common/orm.js';
import type { Config } from './config.js';
import { ENTITIES } from './entities.js';
import { MIGRATIONS } from './migrations/index.js';
import type { Logger } from './common/logger.js';
import { observeQuery } from './common/metrics.js';
import { tracing } from './common/tracing.js';
import { nativeClient, preparedReads } from './common/sql.js';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { fuzzystrmatch } from '@electric-sql/pglite/contrib/fuzzystrmatch';
import { idempotencyFence } from './common/idempotency.js';

export type { Orm } from './common/orm.js';

/** Test hook: every SQL statement is passed to these listeners (used to assert query counts). */
export const sqlListeners = new Set<(sql: string) => void>();

/** Every SQL statement's time goes to /metrics (and to the trace when tracing is on), whether it is logged or not. */
class TimedQueryLogger extends DefaultLogger {
  override logQuery(context: { query: string } & LogContext): void {
    if (context.took !== undefined) {
      const failed = context.level === 'error';
      observeQuery(context.took, failed);
      tracing()?.sql(context.query, context.took, failed);
    }
    super.logQuery(context);
  }
}

/**
 * PostgreSQL when DATABASE_URL is set, embedded PGlite (persisted in a folder) otherwise.
 * `pgliteImage`: an in-memory PGlite starts from this data directory image (PGlite's dumpDataDir)
 * instead of empty; the tests start each file's database from one image of the migrated schema.
 */
export async function initOrm(config: Config, log?: Logger, opts: { pgliteImage?: Blob } = {}): Promise<Orm> {
  const common = {
    entities: ENTITIES,
    metadataProvider: ReflectMetadataProvider,
    extensions: [Migrator, SeedManager],
    migrations: {
      migrationsList: MIGRATIONS,
      transactional: true,
      allOrNothing: true,
      snapshot: false,
      tableName: 'mikro_orm_migrations',
    },
    // Reference.load() and Collection.load() calls made in the same tick are batched into one query.
    dataloader: DataloaderType.ALL,
    // Entities are loaded per request on a forked EntityManager, never on the global one.
    allowGlobalContext: false,
    forceUtcTimezone: true,
    // Tests log queries so that they can count them; production only when DATABASE_DEBUG is on.
    debug: config.db.debugSql || config.nodeEnv === 'test' ? ['query' as const] : false,
    loggerFactory: (options: LoggerOptions) => new TimedQueryLogger(options),
    logger: (msg: string) => {
      for (const listener of sqlListeners) listener(msg);
      if (config.db.debugSql) log?.debug({ orm: msg });
    },
    discovery: { warnWhenNoEntities: true },
    // Every transaction a request holding an Idempotency-Key commits marks the key inside it (common/idempotency.ts).
    subscribers: [idempotencyFence],
    // The triggers the migrations create (the cache NOTIFY triggers of CacheNotify, the audit log's
    // append-only guard) belong to the migrations, not to the entities: the schema diff
    // (foundation test, npm run migration:diff) must not offer to drop them.
    schemaGenerator: {
      ignoreTriggers: true,
      // The search vocabulary is kept by triggers (Migration20261129040000SearchAsBangladeshTypes), not by entities.
      skipTables: ['search_words'],
      // The search's SQL functions belong to that migration, as the triggers do.
      ignoreRoutines: true,
    },
  };
  if (config.db.url) {
    preparedReads.enabled = config.db.preparedStatements;
    return (await PostgresORM.init({
      ...common,
      clientUrl: config.db.url,
      pool: { min: 0, max: config.db.poolMax },
    })) as unknown as Orm;
  }
  const dataDir = config.db.pgliteDataDir;
  if (dataDir !== 'memory://') mkdirSync(dataDir, { recursive: true });
  return (await PgliteORM.init({
    ...common,
    dbName: 'nirog',
    // dataDir is either 'memory://' (tests) or a folder holding the cluster; 'nirog' is the database in it.
    // pg_trgm and fuzzystrmatch: the search's close spellings (PostgreSQL has them as contrib extensions).
    driverOptions: { dataDir, extensions: { pg_trgm, fuzzystrmatch }, ...(opts.pgliteImage && dataDir === 'memory://' ? { loadDataDir: opts.pgliteImage } : {}) },
  })) as unknown as Orm;
}

export async function migrate(orm: Orm): Promise<string[]> {
  const applied = await orm.migrator.up();
  return applied.map((m) => m.name);
}

/** The pg pool's connections for /metrics; null on PGlite (one in-process connection, no pool). */
export async function poolUse(orm: Orm, config: Config): Promise<{ inUse: number; idle: number; waiting: number; max: number } | null> {
  if (!config.db.url) return null;
  const pool = await nativeClient<Pool>(orm);
  return { inUse: pool.totalCount - pool.idleCount, idle: pool.idleCount, waiting: pool.waitingCount, max: config.db.poolMax };
}
