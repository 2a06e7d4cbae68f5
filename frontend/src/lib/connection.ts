import { useSyncExternalStore } from 'react';

/**
 * Whether Nirog can be reached, for every screen: the connection banner
 * (components/ConnectionBanner.tsx), the Apollo link that sends writes again (lib/resilience.ts), and
 * anything else that must wait for the connection (live updates). One state for the whole app.
 *
 * The browser's `navigator.onLine` only knows whether a network is attached: a phone on a mobile
 * connection that carries nothing still says "online". So a request that fails for want of a network
 * also marks Nirog unreachable (`reportNetworkFailure`), and the next answer from the server
 * (`reportReachable`, or a probe of /healthz every few seconds meanwhile) marks it reachable again.
 */
export interface UnsentWrite {
  /** A payment is never sent by itself later: the patient presses Try again once back online. */
  payment: boolean;
  /** The patient asked to send it when the connection is back. */
  armed: boolean;
  /** Send now (payments) or when back online (anything else). */
  send(): void;
  /** Give up: the screen shows the failure, its form keeps what was typed. */
  cancel(): void;
}

export interface ConnectionState {
  online: boolean;
  /** When the connection came back (the banner says so for a few seconds). */
  backAt: number | null;
  /** A write being sent again after its answer was lost: which try of how many. */
  resending: { attempt: number; of: number } | null;
  /** The screen shows copies kept on this device (lib/offline-copies.ts): when the oldest was saved. */
  savedCopyAt: number | null;
  /** A write that could not be sent, waiting for the patient's choice. */
  unsent: UnsentWrite | null;
}

const PROBE_MS = 5000;

let state: ConnectionState = {
  online: typeof navigator === 'undefined' ? true : navigator.onLine !== false,
  backAt: null, resending: null, savedCopyAt: null, unsent: null,
};
const listeners = new Set<() => void>();
let probe: ReturnType<typeof setTimeout> | undefined;
let watching = false;

function set(patch: Partial<ConnectionState>): void {
  state = { ...state, ...patch };
  listeners.forEach((l) => l());
}

export const connectionState = (): ConnectionState => state;
export const isOnline = (): boolean => state.online;

function wentOnline(): void {
  clearTimeout(probe);
  probe = undefined;
  if (!state.online) set({ online: true, backAt: Date.now() });
}

/** Asks /healthz whether Nirog answers; again every few seconds while it does not. */
function probeSoon(ms = PROBE_MS): void {
  if (probe !== undefined || typeof window === 'undefined') return;
  probe = setTimeout(() => {
    probe = undefined;
    if (state.online) return;
    if (navigator.onLine === false) return probeSoon();
    fetch('/healthz', { cache: 'no-store' }).then((res) => (res.ok ? wentOnline() : probeSoon()), () => probeSoon());
  }, ms);
}

function watch(): void {
  if (watching || typeof window === 'undefined') return;
  watching = true;
  window.addEventListener('offline', () => reportNetworkFailure());
  // The adapter is back: believe it when Nirog answers.
  window.addEventListener('online', () => probeSoon(0));
}

/** A request could not reach Nirog (no network, the connection dropped, a proxy without it). */
export function reportNetworkFailure(): void {
  watch();
  if (state.online) set({ online: false, backAt: null });
  probeSoon();
}

/** Nirog answered (whatever it answered). */
export function reportReachable(): void {
  if (!state.online) wentOnline();
}

/** Resolves when Nirog can be reached again (at once when it can). */
export function whenOnline(): Promise<void> {
  watch();
  if (state.online) return Promise.resolve();
  probeSoon();
  return new Promise((resolve) => {
    const l = () => {
      if (!state.online) return;
      listeners.delete(l);
      resolve();
    };
    listeners.add(l);
  });
}

export function setResending(resending: ConnectionState['resending']): void {
  set({ resending });
}

/** A screen now shows a copy saved at `savedAt` (ms): the banner says how old the oldest one is. */
export function noteSavedCopy(savedAt: number): void {
  if (state.savedCopyAt === null || savedAt < state.savedCopyAt) set({ savedCopyAt: savedAt });
}

/** The screen changed, or fresh answers replaced the copies. */
export function clearSavedCopies(): void {
  if (state.savedCopyAt !== null) set({ savedCopyAt: null });
}

export function setUnsent(unsent: UnsentWrite | null): void {
  set({ unsent });
}

export function subscribeConnection(listener: () => void): () => void {
  watch();
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const serverState = (): ConnectionState => state;

export function useConnection(): ConnectionState {
  return useSyncExternalStore(subscribeConnection, connectionState, serverState);
}
