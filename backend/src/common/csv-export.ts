import type { ClassType } from 'type-graphql';
import type { Context } from './context.js';
import type { RouteFn } from './rest.js';
import { parseInput } from './input.js';
import { Role } from './roles.js';
import { CSV_MAX_ROWS, sendCsv, toCsv } from './csv.js';
import type { PageResult } from './pagination.js';

export interface CsvColumn<T> {
  header: string;
  value: (row: T) => unknown;
}

/** Poisha → "1234.50" for spreadsheets, in integers (no float rounding). */
export const bdt = (poisha: number) => `${poisha < 0 ? '-' : ''}${Math.trunc(Math.abs(poisha) / 100)}.${String(Math.abs(poisha) % 100).padStart(2, '0')}`;

const BATCH = 100;

/** Pages through a list service, at most CSV_MAX_ROWS rows: the same query, filters and order as the table. */
export async function collectPages<T>(fetch: (page: number, pageSize: number) => Promise<PageResult<T>>, max = CSV_MAX_ROWS): Promise<T[]> {
  const rows: T[] = [];
  for (let page = 1; rows.length < max; page += 1) {
    const batch = await fetch(page, BATCH);
    rows.push(...batch.items.slice(0, max - rows.length));
    if (batch.items.length < BATCH) break;
  }
  return rows;
}

/**
 * Every admin table's "Export CSV": GET /api/admin/<table>.csv takes the table's own filters and sort
 * (validated by the same Args class as the GraphQL query), returns the filtered rows as CSV, and writes
 * an audit entry, because an export takes personal data out of Nirog.
 */
export function csvExport<A extends { page: number; pageSize: number }, T>(
  route: RouteFn,
  table: string,
  Args: ClassType<A>,
  list: (ctx: Context, args: A) => Promise<PageResult<T>>,
  columns: CsvColumn<T>[],
): void {
  route('get', `/admin/${table}.csv`, [Role.Admin], async (ctx, req, res) => {
    const args = await parseInput(Args, { ...req.query, page: 1, pageSize: BATCH });
    const rows = await collectPages((page, pageSize) => list(ctx, { ...args, page, pageSize }));
    const { page: _p, pageSize: _s, ...filters } = args as Record<string, unknown>;
    await ctx.services.audit.recordCsvExport(ctx.em, ctx.user, table, { filters, rows: rows.length });
    sendCsv(res, `nirog-${table}.csv`, toCsv(columns, rows));
  });
}
