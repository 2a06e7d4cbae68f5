import type { EntityManager } from '@mikro-orm/sql';
import { PostgreSqlConnection } from '@mikro-orm/postgresql';
import type { Pool, QueryResult } from 'pg';

/**
 * Hand-written reads for the hot public lists (doctors, medicine search, a patient's orders).
 *
 * A CPU profile of the doctors list put about half of the server's time in MikroORM's query
 * building and per-row hydration (identity map, snapshots, entity factories) for rows nobody
 * changes. These reads build their SQL once per request with placeholders, run it through the
 * ORM's connection (so it is logged and counted like every other statement, inside the caller's
 * transaction if there is one, on PostgreSQL and PGlite alike) and map rows to plain objects.
 * Writes, and reads that lead to writes, stay on entities and the unit of work.
 *
 * On PostgreSQL, outside a transaction, they run as named prepared statements (see `selectRows`).
 */
/**
 * The rows before a page. Kept here, below the GraphQL types of pagination.ts (which re-exports it),
 * so the statement layer loads without type-graphql (coordination, the CLI).
 */
export function offsetOf(args: { page: number; pageSize: number }): number {
  return (args.page - 1) * args.pageSize;
}

/** Pages whose limit and offset are written into the statement as numbers (SqlParams.window). */
export const LITERAL_PAGES = 5;

export class SqlParams {
  readonly values: unknown[] = [];

  /** A placeholder for one value. */
  add(value: unknown): string {
    this.values.push(value);
    return '?';
  }

  /** Another list starting with these values (a page statement that adds its limit to a shared filter). */
  clone(): SqlParams {
    const copy = new SqlParams();
    copy.values.push(...this.values);
    return copy;
  }

  /**
   * A page's `limit … offset …`. On the first LITERAL_PAGES pages both are written as numbers, not as
   * placeholders. A prepared statement with `limit $n` can never run on its generic plan: PostgreSQL
   * costs an unknown LIMIT or OFFSET as 10 % of the rows, far above any custom plan, so it plans the
   * statement again on every execution (`pg_prepared_statements`: 0 generic plans, every one custom).
   * The doctors page at 100k doctors spent 0.055 ms planning for 0.026 ms of work (EXPLAIN ANALYZE);
   * with numbers it runs on its generic plan from the sixth execution (0.003 ms planning), unless
   * PostgreSQL judges a filter's values worth a plan of their own, as it does for every statement.
   * Deeper pages keep placeholders, so the named statements stay a few per list shape (MAX_NAMED).
   * Only whole numbers are written into the text; anything else goes as a parameter.
   */
  window(args: { page: number; pageSize: number }): string {
    const offset = offsetOf(args);
    const literal = args.page <= LITERAL_PAGES && Number.isSafeInteger(args.pageSize) && args.pageSize > 0 && Number.isSafeInteger(offset) && offset >= 0;
    return literal ? `limit ${args.pageSize} offset ${offset}` : `limit ${this.add(args.pageSize)} offset ${this.add(offset)}`;
  }

  /** A text[] literal of the values, for `&&` (overlap) and `@>`. */
  textArray(values: readonly string[]): string {
    return values.length ? `array[${values.map((v) => this.add(v)).join(', ')}]::text[]` : `'{}'::text[]`;
  }
}

/** DATABASE_PREPARED_STATEMENTS (config.ts), set by initOrm: off sends every read through the ORM as before. */
export const preparedReads = { enabled: true };

/**
 * What a plain-SQL read needs of an EntityManager: its connection, and its transaction if it is in
 * one. Any EntityManager is one; so is a request's `reads` (common/context.ts), which needs no fork.
 */
export type SqlReader = Pick<EntityManager, 'getConnection' | 'getTransactionContext'>;

/**
 * Rows of one statement, through the ORM's connection and the caller's transaction.
 *
 * On PostgreSQL outside a transaction the statement runs prepared: under a name of its own, with its
 * values as parameters, on the ORM's own pool (its type parsers). The ORM's connection writes the
 * values into the SQL text and sends it unprepared, so PostgreSQL parsed and planned the doctors page
 * (a join sorted by the rating expression) on every request, and planning cost nearly as much as running it
 * (issue #22; EXPLAIN ANALYZE at demo size: 0.11–0.13 ms planning, 0.16–0.21 ms execution; 290 µs
 * against 390–590 µs per round trip). It is still logged, timed and counted through the connection's
 * `executeQuery`, as every other statement. Inside a transaction (whose connection the ORM holds) and
 * on PGlite (one in-process connection, no wire protocol to save) it goes through the ORM as before.
 */
export function selectRows<T>(em: SqlReader, sql: string, params: SqlParams, opts: { planEach?: boolean } = {}): Promise<T[]> {
  const connection = em.getConnection();
  const trx = em.getTransactionContext();
  if (preparedReads.enabled && !trx && connection instanceof PostgreSqlConnection) return preparedRows<T>(connection, sql, params.values, opts.planEach);
  return connection.execute<T[]>(sql, params.values, 'all', trx);
}

/**
 * Statement names by SQL text, per process (a pg connection keeps each name it has prepared, and a
 * name must always carry the same text). The texts are the read models' shapes: one per combination
 * of filters and list lengths, a few hundred at most; past MAX_NAMED a text runs unnamed (still with
 * parameters, planned each time), so no caller can grow the table or a connection's statements.
 */
const named = new Map<string, { name: string; text: string }>();
const MAX_NAMED = 500;
const pools = new WeakMap<PostgreSqlConnection, Promise<Pool>>();

/** The statement's name and numbered text, kept with the name (the text is rewritten once, not per request). */
function statementFor(sql: string): { name: string | undefined; text: string } {
  let statement = named.get(sql);
  if (statement === undefined) {
    if (named.size >= MAX_NAMED) return { name: undefined, text: numbered(sql) };
    named.set(sql, (statement = { name: `nirog_read_${named.size + 1}`, text: numbered(sql) }));
  }
  return statement;
}

/** `?` placeholders (SqlParams writes nothing else with a `?`) → pg's `$1…$n`. */
function numbered(sql: string): string {
  let n = 0;
  return sql.replace(/\?/g, () => `$${++n}`);
}

/**
 * `planEach`: sent unnamed, so PostgreSQL plans it with this execution's values every time. For the
 * searches, whose arrays of candidate words match three doctors or thirty thousand: a generic plan
 * chosen for one would walk a whole index for the other.
 */
async function preparedRows<T>(connection: PostgreSqlConnection, sql: string, values: unknown[], planEach = false): Promise<T[]> {
  let pool = pools.get(connection);
  if (!pool) {
    pool = connection.getNativeClient();
    pools.set(connection, pool);
    // A database that was away when the first read came is asked again by the next read, not never.
    pool.catch(() => pools.delete(connection));
  }
  const { name, text } = planEach ? { name: undefined, text: numbered(sql) } : statementFor(sql);
  // The connection's own timing and logging (`executeQuery` is protected in its typings): the statement
  // reaches the query log, the tests' statement counts, /metrics and the trace as if the ORM had sent it.
  const timed = connection as unknown as { executeQuery<R>(query: string, cb: () => Promise<R>, context: object): Promise<R> };
  return timed.executeQuery(sql, async () => ((await (await pool).query({ name, text, values })) as QueryResult).rows as T[], { query: sql, params: values });
}

/**
 * The driver's own client under the ORM's connection: pg's Pool on PostgreSQL, the PGlite instance on
 * PGlite. MikroORM's typings do not name it, so the one cast is here (the pool's figures for /metrics,
 * PGlite's listen() for the coordinator, the tests).
 */
export function nativeClient<T>(orm: { em: { getConnection(): unknown } }): Promise<T> {
  return (orm.em.getConnection() as { getNativeClient(): Promise<T> }).getNativeClient();
}

/** `count(*)` comes back as a bigint (a string in pg); counts here fit a number. */
export async function selectCount(em: SqlReader, sql: string, params: SqlParams, opts: { planEach?: boolean } = {}): Promise<number> {
  const [row] = await selectRows<{ count: string | number }>(em, sql, params, opts);
  return Number(row?.count ?? 0);
}

/** timestamptz arrives as a Date from pg and may arrive as a string from other drivers. */
export const toDate = (value: Date | string): Date => (value instanceof Date ? value : new Date(value));

/** An ILIKE pattern that matches the text anywhere, with the user's %, _ and \ taken literally. */
export const containsPattern = (s: string) => `%${s.trim().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
