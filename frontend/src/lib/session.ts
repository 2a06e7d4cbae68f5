import { useSyncExternalStore } from 'react';

/**
 * The login session, persisted in localStorage under `authentication` (as the spec asks) so that a
 * reload keeps the user logged in. The access token is short-lived; the refresh token renews it.
 */
export type Role = 'user' | 'doctor' | 'admin' | 'pharmacist';

export interface SessionUser {
  id: string;
  name: string;
  email: string;
  role: Role;
  avatarUrl?: string | null;
  /** False for an account made with a mobile number alone (it logs in with SMS codes). */
  hasPassword?: boolean;
}

export interface Session {
  token: string;
  refreshToken: string;
  user: SessionUser;
}

const KEY = 'authentication';
const listeners = new Set<() => void>();
let current: Session | null = read();

function read(): Session | null {
  try {
    const raw = globalThis.localStorage?.getItem(KEY);
    const parsed = raw ? (JSON.parse(raw) as Session) : null;
    return parsed?.token && parsed.user?.role ? parsed : null;
  } catch {
    return null;
  }
}

export function getSession(): Session | null {
  return current;
}

export function setSession(next: Session | null): void {
  current = next;
  try {
    if (next) localStorage.setItem(KEY, JSON.stringify(next));
    else localStorage.removeItem(KEY);
  } catch {
    /* private mode: the session lives until the tab closes */
  }
  listeners.forEach((l) => l());
}

export function updateSessionUser(patch: Partial<SessionUser>): void {
  if (current) setSession({ ...current, user: { ...current.user, ...patch } });
}

export function subscribeSession(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

// Another tab logged in or out.
globalThis.addEventListener?.('storage', (e: StorageEvent) => {
  if (e.key === KEY) {
    current = read();
    listeners.forEach((l) => l());
  }
});

// A prerendered page (src/prerender.tsx) is a visitor's: hydration starts from no session and React
// renders the reader's own at once after.
const noSession = () => null;

export function useSession(): Session | null {
  return useSyncExternalStore(subscribeSession, getSession, noSession);
}

/** Seconds left on a JWT, read from its payload (no verification: the server does that). */
export function secondsLeft(token: string): number {
  try {
    const payload = JSON.parse(atob(token.split('.')[1]!.replace(/-/g, '+').replace(/_/g, '/'))) as { exp?: number };
    return (payload.exp ?? 0) - Date.now() / 1000;
  } catch {
    return 0;
  }
}

export const loginPathFor = (role: Role | undefined) => (role === 'doctor' ? '/doctor/login' : '/user-signin');
