import { useEffect, useRef, useState } from 'react';
import { useApolloClient } from '@apollo/client/react';
import type { TypedDocumentNode } from '@graphql-typed-document-node/core';
import { followOnSocket, retryDelayMs, useLiveState, type LiveState } from './live';

/** Refusals a second try would only repeat. */
const FINAL_CODES = new Set(['NOT_FOUND', 'FORBIDDEN', 'UNAUTHENTICATED', 'BAD_USER_INPUT', 'GRAPHQL_VALIDATION_FAILED']);

/** An event of a Nirog subscription: its type, and the record it carries (when it follows one, or changed). */
interface LiveEvent {
  type: 'SYNC' | 'CHANGE';
  [field: string]: unknown;
}

const eventOf = (data: unknown): LiveEvent | undefined =>
  data && typeof data === 'object' ? (Object.values(data as Record<string, unknown>)[0] as LiveEvent | undefined) : undefined;

export interface UseLiveOptions<TData, TVariables> {
  variables?: TVariables;
  skip?: boolean;
  /**
   * Asks the server again for what the page shows: after a SYNC that carries no record (a list
   * followed), and every `pollMs` while the socket cannot open.
   */
  refetch?: () => unknown;
  /** Each event, after Apollo's cache took its record in place (a new record in a list: refetch it here). */
  onEvent?: (event: LiveEvent, data: TData) => void;
  pollMs?: number;
}

/**
 * A page's live updates: follows `document` (one of this build's registered subscriptions) while
 * mounted and not skipped; Apollo's cache takes each record in place. Answers the socket's
 * state for the page to show (components/LiveBadge.tsx).
 */
export function useLive<TData, TVariables extends Record<string, unknown>>(
  document: TypedDocumentNode<TData, TVariables>,
  { variables, skip, refetch, onEvent, pollMs = 15_000 }: UseLiveOptions<TData, TVariables>,
): LiveState {
  const current = useLiveState();
  const client = useApolloClient();
  const latest = useRef({ refetch, onEvent });
  latest.current = { refetch, onEvent };
  const [attempt, setAttempt] = useState(0);
  const key = JSON.stringify(variables ?? {});
  useEffect(() => {
    if (skip) return undefined;
    const vars = JSON.parse(key) as Record<string, unknown>;
    const hash = (document as { __meta__?: { hash?: string } }).__meta__?.hash?.replace(/^sha256:/, '');
    if (!hash) throw new Error('useLive follows the registered documents of this build (codegen gives each its hash)');
    let retry: ReturnType<typeof setTimeout> | undefined;
    // Ended by the server for a passing reason (its budget, a failure): followed again a little later.
    // A refusal by rule (not yours, not allowed, logged out) stays refused.
    const again = (codes: unknown[]) => {
      if (codes.some((c) => typeof c === 'string' && FINAL_CODES.has(c))) return;
      clearTimeout(retry);
      retry = setTimeout(() => setAttempt((n) => n + 1), retryDelayMs(3));
    };
    const stop = followOnSocket({ query: '', variables: vars, extensions: { persistedQuery: { version: 1, sha256Hash: hash } } }, {
      next: (result) => {
        if (result.errors?.length) {
          again((result.errors as { extensions?: { code?: unknown } }[]).map((e) => e.extensions?.code));
          return;
        }
        // Into Apollo's cache, as Apollo keeps a subscription's results: the records change in place on every screen.
        client.cache.writeQuery({ id: 'ROOT_SUBSCRIPTION', query: document, data: result.data as TData, variables: vars as TVariables });
        const event = eventOf(result.data);
        if (!event) return;
        const carried = Object.entries(event).some(([k, v]) => k !== 'type' && k !== 'at' && k !== '__typename' && v != null);
        if (event.type === 'SYNC' && !carried) latest.current.refetch?.();
        latest.current.onEvent?.(event, result.data as TData);
      },
      error: () => again([]),
      complete: () => undefined,
    });
    return () => {
      clearTimeout(retry);
      stop();
    };
  }, [client, document, key, skip, attempt]);
  useEffect(() => {
    if (skip || current !== 'polling' || !latest.current.refetch) return undefined;
    const id = setInterval(() => latest.current.refetch?.(), pollMs);
    return () => clearInterval(id);
  }, [skip, current, pollMs]);
  return skip ? 'connecting' : current;
}
