import type { ExecutionResult } from 'graphql';

/** What GraphiQL hands a fetcher: one operation of the editor. */
export interface ExplorerRequest {
  query: string;
  operationName?: string | null;
  variables?: unknown;
}

/**
 * A request from the explorer: to this server's /graphql, with the reader's app key and nothing of
 * their signed-in session (the explorer speaks as the app, or as a visitor without a key). The whole
 * answer goes back to GraphiQL, extensions.cost included.
 */
export function explorerFetcher(apiKey: string, fetchImpl: typeof fetch = (...args) => fetch(...args)) {
  return async (params: ExplorerRequest): Promise<ExecutionResult> => {
    const headers: Record<string, string> = { 'Content-Type': 'application/json', Accept: 'application/json' };
    if (apiKey.trim()) headers.Authorization = `Bearer ${apiKey.trim()}`;
    const res = await fetchImpl('/graphql', { method: 'POST', headers, body: JSON.stringify(params), credentials: 'omit' });
    return (await res.json()) as ExecutionResult;
  };
}
