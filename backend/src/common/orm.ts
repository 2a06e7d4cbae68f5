import type { MikroORM } from '@mikro-orm/core';
import type { AbstractSqlDriver } from '@mikro-orm/sql';

/**
 * Both drivers (PGlite and PostgreSQL) are SQL drivers, so the ORM is typed as one: its `em` is the
 * SQL EntityManager (`execute`, query builders) without a cast at each use. Declared here, below the
 * modules, so that a module holding the ORM (the outbox worker, the sandbox gateway) does not import
 * db.ts, which imports every module's entities.
 */
export type Orm = MikroORM<AbstractSqlDriver>;
