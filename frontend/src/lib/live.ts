import { useSyncExternalStore } from 'react';
import type { Client } from 'graphql-ws';
import { getSession } from './session';
import { refreshIfNeeded } from './apollo';

/**
 * Live updates: the GraphQL subscriptions of a page go over one WebSocket to /graphql (graphql-ws),
 * opened when the first one starts and closed a little after the last one ends. Its library loads
 * then, in its own chunk: pages that follow nothing never fetch it.
 *
 * - `LiveState` says what the screen may promise: 'live' (connected), 'connecting' (opening, or
 *   coming back after a drop), 'polling' (the socket failed to open twice in a row: a network or a
 *   proxy that blocks WebSockets). Pages (lib/useLive.ts, kept out of the Apollo client's own chunk
 *   that every page with data loads) then ask again every few seconds while
 *   the socket keeps trying in the background, with growing waits, and go back to live when it opens.
 * - Every subscription's first event is SYNC (and again after anything may have been missed); a
 *   socket that comes back subscribes again, so a page refetches what it shows: never a stale screen.
 * - Pages follow through useLive (lib/useLive.ts), which sends each subscription by its registered hash
 *   (as the public reads go: no document text, no printer in the bundle) and writes what arrives into
 *   Apollo's cache, so every screen reading a record sees it change in place.
 * - The socket carries the session's access token, refreshed before it expires; the server closes it
 *   when the token expires (4403, then it reconnects with a fresh one) or the session ends (4401, final).
 */
export type LiveState = 'connecting' | 'live' | 'polling';

/** Failed openings in a row before pages fall back to asking again on a timer. */
const FAILURES_BEFORE_POLLING = 2;

let state: LiveState = 'connecting';
const listeners = new Set<() => void>();

function setState(next: LiveState): void {
  if (next === state) return;
  state = next;
  listeners.forEach((l) => l());
}

export const liveState = (): LiveState => state;

export function useLiveState(): LiveState {
  return useSyncExternalStore((l) => {
    listeners.add(l);
    return () => listeners.delete(l);
  }, liveState, liveState);
}

/** Who the socket was opened for: a new login (or a logout) opens a new one. */
let client: { user: string; ready: Promise<Client> } | undefined;
let failures = 0;

/** Waits 1, 2, 4 … s (at most 30 s) with a random part, so a replica's clients do not all come back at once. */
export const retryDelayMs = (retries: number) => Math.min(30_000, 1000 * 2 ** Math.min(retries, 5)) * (0.75 + Math.random() / 2);

function socketUrl(): string {
  const { protocol, host } = window.location;
  return `${protocol === 'https:' ? 'wss' : 'ws'}://${host}/graphql`;
}

/** What the socket says at connection_init: the session's token, refreshed first, as HTTP requests send it. */
async function connectionParams(): Promise<Record<string, unknown>> {
  await refreshIfNeeded();
  const token = getSession()?.token;
  return token ? { Authorization: `Bearer ${token}` } : {};
}

function liveClient(): Promise<Client> {
  const session = getSession();
  const user = session ? `${session.user.role}:${session.user.id}` : '';
  if (client?.user === user) return client.ready;
  const previous = client;
  void previous?.ready.then((c) => c.dispose());
  client = {
    user,
    ready: import('graphql-ws').then(({ createClient }) => createClient({
      url: socketUrl(),
      connectionParams,
      lazy: true,
      lazyCloseTimeout: 5000,
      // The client pings too: a socket to a replica that died without closing is noticed and replaced.
      keepAlive: 20_000,
      retryAttempts: Number.POSITIVE_INFINITY,
      shouldRetry: () => true,
      retryWait: (retries) => new Promise((resolve) => setTimeout(resolve, retryDelayMs(retries))),
      on: {
        connecting: () => { if (state !== 'polling') setState('connecting'); },
        connected: () => {
          failures = 0;
          setState('live');
        },
        closed: (event) => {
          // A close after the last subscription ended (1000) is no failure.
          if ((event as { code?: number }).code === 1000) return;
          failures += 1;
          setState(failures >= FAILURES_BEFORE_POLLING ? 'polling' : 'connecting');
        },
      },
    })),
  };
  return client.ready;
}

/** A subscription as the socket takes it: its text, or '' and its registered hash in extensions. */
export interface LiveRequest {
  query: string;
  variables?: Record<string, unknown>;
  operationName?: string;
  extensions?: Record<string, unknown>;
}
export interface LiveSink {
  next(result: { data?: unknown; errors?: readonly unknown[] }): void;
  error(error: Error): void;
  complete(): void;
}

/**
 * Follows one subscription over the socket: results go to `sink`; a refusal by the server arrives as a
 * result with its coded errors. Answers the way to stop.
 */
export function followOnSocket(request: LiveRequest, sink: LiveSink): () => void {
  let stop: (() => void) | undefined;
  let ended = false;
  liveClient().then((c) => {
    if (ended) return;
    stop = c.subscribe(request, {
      next: (value) => sink.next(value),
      complete: () => sink.complete(),
      error: (err) => {
        if (Array.isArray(err)) {
          sink.next({ errors: err });
          sink.complete();
        } else {
          sink.error(err instanceof Error ? err : new Error(`The live connection closed (${(err as { code?: number }).code ?? 'unknown'})`));
        }
      },
    });
  }, (err: unknown) => sink.error(err instanceof Error ? err : new Error(String(err))));
  return () => {
    ended = true;
    stop?.();
  };
}
