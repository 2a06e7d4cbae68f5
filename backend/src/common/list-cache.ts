/**
 * Totals of the public lists (doctors, the medicine catalogue), and the ordered matches of public
 * medicine keyword searches, kept a few seconds per filter.
 *
 * At 100,000 doctors the page of a filtered list walks an index and reads ~20 rows, but its exact
 * total counts every match (a bitmap scan over ~700 heap pages for "Medicine, online now": 5 ms,
 * more than the page). The total is what "65 doctors" and the pager show; a figure a few seconds old
 * is fine there, so each process keeps it for LIST_COUNT_CACHE_SECONDS (10 in production, 0 — exact
 * every time — in development and tests), per filter (never per page), at most `maxEntries` filters.
 * Concurrent misses for one filter share one statement. Admin lists always count exactly.
 *
 * A committed change that can move a total or a match (a doctor approved or removed, a medicine
 * added, renamed or hidden), by any process, clears every process's caches within moments
 * (common/coordination.ts: triggers NOTIFY, each process LISTENs and calls clear()); the TTL only
 * bounds what a process that lost its listening connection can miss before it reconnects.
 */
export class ListCache<T = number> {
  private readonly entries = new Map<string, { total: Promise<T>; expires: number }>();

  constructor(private readonly ttlMs: number, private readonly maxEntries = 1000, private readonly now = () => Date.now()) {}

  /** Forgets everything; a read under way when this is called is not kept either. */
  clear(): void {
    this.entries.clear();
  }

  get(key: string, compute: () => Promise<T>): Promise<T> {
    if (this.ttlMs <= 0) return compute();
    const at = this.now();
    const hit = this.entries.get(key);
    if (hit && hit.expires > at) return hit.total;
    this.entries.delete(key);
    if (this.entries.size >= this.maxEntries) this.entries.delete(this.entries.keys().next().value!);
    const total = compute();
    const entry = { total, expires: at + this.ttlMs };
    this.entries.set(key, entry);
    // A failed read is not remembered.
    total.catch(() => {
      if (this.entries.get(key) === entry) this.entries.delete(key);
    });
    return total;
  }
}
