import { ApolloClient, ApolloLink, CombinedGraphQLErrors, InMemoryCache, ServerError, type NormalizedCacheObject } from '@apollo/client';
import { ErrorLink } from '@apollo/client/link/error';
import { SetContextLink } from '@apollo/client/link/context';
import UploadHttpLink from 'apollo-upload-client/UploadHttpLink.mjs';
import { catchError, from, map, mergeMap, of, throwError } from 'rxjs';
import { errorWordsReady } from './errors';
import { getSession, loginPathFor, secondsLeft, setSession } from './session';
import { PUBLIC_READS } from './publicReads';
import type { ProgressInit } from './uploadFetch';

/**
 * One Apollo client: uploads (multipart with Apollo's CSRF preflight header), the access token on
 * every request, a refresh shortly before it expires, and one place that reacts to UNAUTHENTICATED
 * by ending the session and sending the user to the right login screen.
 */
let refreshing: Promise<void> | null = null;

/** Renews the access token shortly before it expires (the live socket asks too, lib/live.ts). */
export async function refreshIfNeeded(): Promise<void> {
  const session = getSession();
  if (!session || secondsLeft(session.token) > 30) return;
  refreshing ??= fetch('/api/token/refresh', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ refreshToken: session.refreshToken }),
  })
    .then(async (res) => {
      // Refused: the session is over. The server away (5xx) is no answer about it.
      if (!res.ok) return void (res.status < 500 && endSession());
      const body = (await res.json()) as { token: string; refreshToken: string };
      const latest = getSession();
      if (latest) setSession({ ...latest, token: body.token, refreshToken: body.refreshToken });
    })
    // No connection: the session stays (its saved records open offline); the request goes with the old token.
    .catch(() => undefined)
    .finally(() => {
      refreshing = null;
    });
  return refreshing;
}

export function endSession(): void {
  const role = getSession()?.user.role;
  if (!role) return;
  setSession(null);
  const target = loginPathFor(role);
  if (typeof window !== 'undefined' && window.location.pathname !== target) window.location.assign(target);
}

const authLink = new SetContextLink(async (prev) => {
  await refreshIfNeeded();
  const token = getSession()?.token;
  return { headers: { ...prev.headers, ...(token ? { Authorization: `Bearer ${token}` } : {}) } };
});

const errorLink = new ErrorLink(({ error }) => {
  const unauthenticated =
    (CombinedGraphQLErrors.is(error) && error.errors.some((e) => e.extensions?.code === 'UNAUTHENTICATED'))
    || (ServerError.is(error) && error.statusCode === 401);
  if (unauthenticated && getSession()) endSession();
});

/**
 * The public reads (publicReads.ts) go by GET with the hash codegen put on their document
 * (`__meta__.hash`, Apollo's persisted-query extension) and without their text, so the URL is short
 * and the same for every visitor and the server may let the browser cache the answer.
 */
const publicReads = new Set(PUBLIC_READS);
export const persistedReadLink = new ApolloLink((operation, forward) => {
  const hash = (operation.query as { __meta__?: { hash?: string } }).__meta__?.hash;
  if (!hash || operation.operationType !== 'query' || !publicReads.has(operation.operationName ?? '')) return forward(operation);
  operation.extensions = { ...operation.extensions, persistedQuery: { version: 1, sha256Hash: hash.replace(/^sha256:/, '') } };
  operation.setContext(({ fetchOptions, http }: { fetchOptions?: RequestInit; http?: object }) => ({
    fetchOptions: { ...fetchOptions, method: 'GET' },
    http: { ...http, includeQuery: false, includeExtensions: true },
  }));
  return forward(operation);
});

/**
 * The Apollo cache the server filled for the page's first screen (config/firstLoads.ts; the server's
 * side is backend/src/common/spa-preloads.ts, which renders the screen with src/prerender.tsx's
 * `renderScreen`): `<script type="application/json" id="nirog-first-read">` with the cache as that
 * render left it (`cache.extract()`). The first client starts from it, so the screen hydrates with
 * the same rows the HTML shows and its query needs no round trip; the element is read once.
 */
export const FIRST_READ_ELEMENT = 'nirog-first-read';

function takeFirstState(): NormalizedCacheObject | undefined {
  const element = typeof document === 'undefined' ? null : document.getElementById(FIRST_READ_ELEMENT);
  if (!element) return undefined;
  element.remove();
  try {
    const state = JSON.parse(element.textContent ?? '') as unknown;
    return state && typeof state === 'object' && !Array.isArray(state) ? (state as NormalizedCacheObject) : undefined;
  } catch {
    return undefined; // Not readable: the page asks the server, as without it.
  }
}

/**
 * How long after a client starts from the page's cache its queries take cached answers rather than
 * asking again (`cache-and-network` behaves as `cache-first`: Apollo's `ssrForceFetchDelay`): the
 * answer in the page is as fresh as the page (no-cache), so asking again at once would only repeat it.
 */
const FIRST_STATE_MS = 3000;

let appClient: ApolloClient | undefined;

/**
 * The web app's one client, made on first use. This module (with Apollo Client, about 50 kB of the
 * script) is not part of the shell: it arrives with the first screen or section that reads data
 * (lib/DataProvider.tsx, components/withData.tsx), after the first screen has painted.
 */
export function appApolloClient(): ApolloClient {
  appClient ??= createApolloClient();
  return appClient;
}

/** An answer with an error waits for the refusals' words (lib/errors.ts), so the screen words it in the reader's language. */
const errorWordsLink = new ApolloLink((operation, forward) => forward(operation).pipe(
  mergeMap((result) => (result.errors?.length ? from(errorWordsReady).pipe(map(() => result)) : of(result))),
  catchError((error: unknown) => from(errorWordsReady).pipe(mergeMap(() => throwError(() => error)))),
));

/** A plain fetch; an upload that asks for progress loads the XMLHttpRequest path (uploadFetch.ts) then. */
const progressFetch: typeof fetch = (input, init) => ((init as ProgressInit | undefined)?.onProgress
  ? import('./uploadFetch').then((m) => m.uploadFetch(input, init as ProgressInit))
  : fetch(input, init));

/** The app's cache: the same in the browser and in the server's render of a first screen (src/prerender.tsx). */
export const appCache = () => new InMemoryCache();

export function createApolloClient(uri = '/graphql') {
  const state = takeFirstState();
  return new ApolloClient({
    ...(state ? { ssrForceFetchDelay: FIRST_STATE_MS } : {}),
    link: ApolloLink.from([errorWordsLink, errorLink, authLink, persistedReadLink, new UploadHttpLink({ uri, headers: { 'apollo-require-preflight': 'true' }, fetch: progressFetch })]),
    cache: state ? appCache().restore(state) : appCache(),
    defaultOptions: { watchQuery: { fetchPolicy: 'cache-and-network' } },
  });
}
