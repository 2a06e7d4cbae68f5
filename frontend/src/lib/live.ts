import { useSyncExternalStore } from 'react';
import { ApolloLink } from '@apollo/client';
import { print } from 'graphql';
import { Observable } from 'rxjs';
import type { Client } from 'graphql-ws';
import { getSession } from './session';

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

function liveClient(connectionParams: () => Promise<Record<string, unknown>>): Promise<Client> {
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

/** The Apollo link that sends subscriptions over the socket (apollo.ts sends the rest over HTTP). */
export function liveLink(connectionParams: () => Promise<Record<string, unknown>>): ApolloLink {
  return new ApolloLink((operation) => new Observable<ApolloLink.Result>((observer) => {
    let stop: (() => void) | undefined;
    let ended = false;
    liveClient(connectionParams).then((c) => {
      if (ended) return;
      stop = c.subscribe({ query: print(operation.query), variables: operation.variables, operationName: operation.operationName ?? undefined }, {
        next: (value) => observer.next(value as ApolloLink.Result),
        complete: () => observer.complete(),
        error: (err) => {
          if (Array.isArray(err)) {
            // The server refused the subscription: its coded errors, as a result (the page words them).
            observer.next({ errors: err } as ApolloLink.Result);
            observer.complete();
          } else {
            observer.error(err instanceof Error ? err : new Error(`The live connection closed (${(err as { code?: number }).code ?? 'unknown'})`));
          }
        },
      });
    }, (err: unknown) => observer.error(err));
    return () => {
      ended = true;
      stop?.();
    };
  }));
}
