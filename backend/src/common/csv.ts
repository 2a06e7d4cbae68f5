import type { Response } from 'express';

/** RFC 4180 CSV, with a guard against spreadsheet formula injection (=, +, -, @ at the start). */
export function toCsv<T>(columns: { header: string; value: (row: T) => unknown }[], rows: T[]): string {
  const cell = (v: unknown) => {
    let s = v === null || v === undefined ? '' : v instanceof Date ? v.toISOString() : String(v);
    if (/^[=+\-@\t\r]/.test(s)) s = `'${s}`;
    return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
  };
  const lines = [columns.map((c) => cell(c.header)).join(','), ...rows.map((r) => columns.map((c) => cell(c.value(r))).join(','))];
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}

export function sendCsv(res: Response, filename: string, csv: string): void {
  res.setHeader('Content-Type', 'text/csv; charset=utf-8');
  res.setHeader('Content-Disposition', `attachment; filename="${filename.replace(/[^\w.-]/g, '_')}"`);
  res.setHeader('Cache-Control', 'no-store');
  res.send(csv);
}

/** Exports stop at this many rows; narrow the filters for more. */
export const CSV_MAX_ROWS = 10_000;
