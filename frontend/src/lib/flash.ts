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

export function useFlashes(): Flash[] {
  return useSyncExternalStore((l) => {
    listeners.add(l);
    return () => listeners.delete(l);
  }, () => items, () => items);
}
