import type { EntityManager } from '@mikro-orm/sql';

/**
 * Hand-written reads for the hot public lists (doctors, medicine search, a patient's orders).
 *
 * A CPU profile of the doctors list put about half of the server's time in MikroORM's query
 * building and per-row hydration (identity map, snapshots, entity factories) for rows nobody
 * changes. These reads build their SQL once per request with placeholders, run it through the
 * ORM's connection (so it is logged and counted like every other statement, inside the caller's
 * transaction if there is one, on PostgreSQL and PGlite alike) and map rows to plain objects.
 * Writes, and reads that lead to writes, stay on entities and the unit of work.
 */
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

  /** A text[] literal of the values, for `&&` (overlap) and `@>`. */
  textArray(values: readonly string[]): string {
    return values.length ? `array[${values.map((v) => this.add(v)).join(', ')}]::text[]` : `'{}'::text[]`;
  }
}

/** Rows of one statement, through the ORM's connection and the caller's transaction. */
export function selectRows<T>(em: EntityManager, sql: string, params: SqlParams): Promise<T[]> {
  return em.getConnection().execute<T[]>(sql, params.values, 'all', em.getTransactionContext());
}

/** `count(*)` comes back as a bigint (a string in pg); counts here fit a number. */
export async function selectCount(em: EntityManager, sql: string, params: SqlParams): Promise<number> {
  const [row] = await selectRows<{ count: string | number }>(em, sql, params);
  return Number(row?.count ?? 0);
}

/** timestamptz arrives as a Date from pg and may arrive as a string from other drivers. */
export const toDate = (value: Date | string): Date => (value instanceof Date ? value : new Date(value));

/** An ILIKE pattern that matches the text anywhere, with the user's %, _ and \ taken literally. */
export const containsPattern = (s: string) => `%${s.trim().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
