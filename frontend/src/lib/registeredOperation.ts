import { CombinedGraphQLErrors } from '@apollo/client';
import type { DocumentNode, GraphQLFormattedError } from 'graphql';
import type { TypedDocumentNode } from '@graphql-typed-document-node/core';
import { errorWordsReady } from './errors';

/**
 * A registered operation sent by its hash, without Apollo Client: for what a light page sends that no
 * screen's cache holds (the sign-in form's one write; the chat bubble's settings, read once by every
 * page). The hash is the one codegen put on the document (`__meta__.hash`, Apollo's persisted-query
 * extension, which the server accepts for every registered document: backend/src/common/
 * persisted-queries.ts), and no text goes with it, so such a page needs neither Apollo (about 45 kB of
 * script, more than a third of a cheap phone's wait for the sign-in form: docs/performance.md) nor the
 * document's text.
 *
 * - `sendRegistered`: by POST (a write, or anything personal).
 * - `readRegistered`: a public read (lib/publicReads.ts) by GET, in the URL Apollo's GET of it has,
 *   so the browser's HTTP cache answers either.
 *
 * Refusals come back as Apollo's own `CombinedGraphQLErrors`, after the refusals' words have loaded,
 * so `errorInfo` words them exactly as for a screen on Apollo. No answer (no connection, a proxy's
 * HTML page) is thrown as a network failure. A read that a screen shows and keeps goes through the
 * Apollo client and its cache, not here.
 */
export function sendRegistered<R, V extends Record<string, unknown>>(document: TypedDocumentNode<R, V>, variables: V): Promise<R> {
  const { operationName, extensions } = registered(document);
  return answerOf<R>(fetch('/graphql', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'apollo-require-preflight': 'true' },
    body: JSON.stringify({ operationName, variables, extensions }),
  }));
}

export function readRegistered<R, V extends Record<string, unknown>>(document: TypedDocumentNode<R, V>, variables: V): Promise<R> {
  const { operationName, extensions } = registered(document);
  const params = new URLSearchParams({ operationName, variables: JSON.stringify(variables), extensions: JSON.stringify(extensions) });
  return answerOf<R>(fetch(`/graphql?${params}`, { headers: { 'apollo-require-preflight': 'true' } }));
}

function registered(document: DocumentNode) {
  const hash = (document as { __meta__?: { hash?: string } }).__meta__?.hash;
  const operation = document.definitions.find((d) => d.kind === 'OperationDefinition');
  const operationName = operation && 'name' in operation ? operation.name?.value : undefined;
  if (!hash || !operationName) throw new Error('registeredOperation: the document has no registered hash or name');
  return { operationName, extensions: { persistedQuery: { version: 1, sha256Hash: hash.replace(/^sha256:/, '') } } };
}

async function answerOf<R>(request: Promise<Response>): Promise<R> {
  const res = await request;
  let result: { data?: R | null; errors?: readonly GraphQLFormattedError[] };
  try {
    result = (await res.json()) as typeof result;
  } catch {
    // Not GraphQL's answer (a proxy's error page): the server was not reached.
    throw new TypeError(`Failed to fetch: HTTP ${res.status}`);
  }
  if (result.errors?.length) {
    await errorWordsReady;
    throw new CombinedGraphQLErrors({ data: result.data ?? null, errors: result.errors });
  }
  if (!result.data) throw new TypeError(`Failed to fetch: HTTP ${res.status} without data`);
  return result.data;
}
