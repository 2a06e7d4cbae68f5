import { useEffect, useRef } from 'react';

/** How long before a link stops working it is replaced, so a picture opened at the last moment still loads. */
const AHEAD_MS = 30_000;
/** Never sooner than this (a clock far ahead of the server's would otherwise ask again and again). */
const AT_LEAST_MS = 15_000;

/**
 * Medical files (a prescription photo) come as links that work for a few minutes (`…ExpiresAt`
 * beside each): this asks for the records again (`refetch`) shortly before the first of them stops
 * working, so a page left open keeps showing them, and keeps their "open" links working.
 */
export function useFreshLinks(expiries: readonly (string | null | undefined)[], refetch: () => unknown): void {
  const times = expiries.map((e) => (e ? Date.parse(e) : Number.NaN)).filter(Number.isFinite);
  const earliest = times.length ? Math.min(...times) : null;
  const latest = useRef(refetch);
  latest.current = refetch;
  useEffect(() => {
    if (earliest === null) return undefined;
    const timer = setTimeout(() => {
      // A failed refetch shows in the query's own error; the next one is scheduled by its answer.
      void Promise.resolve(latest.current()).catch(() => undefined);
    }, Math.max(AT_LEAST_MS, earliest - Date.now() - AHEAD_MS));
    return () => clearTimeout(timer);
  }, [earliest]);
}
