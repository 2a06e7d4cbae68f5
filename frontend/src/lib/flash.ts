import { useSyncExternalStore } from 'react';

/**
 * A notice that outlives the page that raised it ("Password Update Successfully", then off to the login
 * page). antd's message context lives with each antd screen (app/withAntd), so a toast raised just
 * before navigate() vanished with its page; these are shown by FlashHost in the site layout instead.
 */
export interface Flash {
  id: number;
  text: string;
  kind: 'success' | 'info';
  /** The page it was first shown on; leaving that page ends it (it never follows the user further). */
  shownOn?: string;
}

let items: Flash[] = [];
let next = 1;
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((l) => l());

export function flash(text: string, kind: Flash['kind'] = 'success', ms = 4000): void {
  const item = { id: next++, text, kind };
  items = [...items.slice(-2), item];
  emit();
  setTimeout(() => {
    items = items.filter((i) => i.id !== item.id);
    emit();
  }, ms);
}

/**
 * The page changed: a notice already shown on an earlier page is done; one raised since the last
 * page change belongs to this page (shown here, ended by the next page change or its timer).
 */
export function noteNavigation(pathname: string): void {
  const kept = items.filter((i) => i.shownOn === undefined || i.shownOn === pathname).map((i) => (i.shownOn ? i : { ...i, shownOn: pathname }));
  if (kept.length !== items.length || kept.some((k, n) => k !== items[n])) {
    items = kept;
    emit();
  }
}

export function useFlashes(): Flash[] {
  return useSyncExternalStore((l) => {
    listeners.add(l);
    return () => listeners.delete(l);
  }, () => items, () => items);
}
