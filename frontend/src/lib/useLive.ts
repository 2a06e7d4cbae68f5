import { useEffect, useRef } from 'react';
import { CombinedGraphQLErrors } from '@apollo/client';
import { useSubscription } from '@apollo/client/react';
import type { TypedDocumentNode } from '@graphql-typed-document-node/core';
import { retryDelayMs, useLiveState, type LiveState } from './live';

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
 * A page's live updates: follows `document` while mounted (and not skipped). Answers the socket's
 * state for the page to show (components/LiveBadge.tsx).
 */
export function useLive<TData, TVariables extends Record<string, unknown>>(
  document: TypedDocumentNode<TData, TVariables>,
  { variables, skip, refetch, onEvent, pollMs = 15_000 }: UseLiveOptions<TData, TVariables>,
): LiveState {
  const current = useLiveState();
  const latest = useRef({ refetch, onEvent });
  latest.current = { refetch, onEvent };
  const retry = useRef<ReturnType<typeof setTimeout>>(undefined);
  const restartRef = useRef<() => void>(() => undefined);
  const { restart } = useSubscription(document as TypedDocumentNode<TData, Record<string, unknown>>, {
    variables: variables as Record<string, unknown> | undefined,
    skip,
    onData: ({ data }) => {
      const event = eventOf(data.data);
      if (!event) return;
      const carried = Object.entries(event).some(([k, v]) => k !== 'type' && k !== 'at' && k !== '__typename' && v != null);
      if (event.type === 'SYNC' && !carried) latest.current.refetch?.();
      latest.current.onEvent?.(event, data.data as TData);
    },
    // Ended by the server for a passing reason (its budget, a failure): followed again a little later.
    // A refusal by rule (not yours, not allowed, logged out) stays refused.
    onError: (error) => {
      const codes = CombinedGraphQLErrors.is(error) ? error.errors.map((e) => e.extensions?.code) : [];
      if (codes.some((c) => typeof c === 'string' && FINAL_CODES.has(c))) return;
      clearTimeout(retry.current);
      retry.current = setTimeout(() => restartRef.current(), retryDelayMs(3));
    },
  });
  restartRef.current = restart;
  useEffect(() => () => clearTimeout(retry.current), []);
  useEffect(() => {
    if (skip || current !== 'polling' || !latest.current.refetch) return undefined;
    const id = setInterval(() => latest.current.refetch?.(), pollMs);
    return () => clearInterval(id);
  }, [skip, current, pollMs]);
  return skip ? 'connecting' : current;
}
