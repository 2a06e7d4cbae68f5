import { AsyncLocalStorage } from 'node:async_hooks';

/** Where the current request came from, for records written deep inside services (audit lines). */
export interface RequestInfo {
  requestId: string;
  ip: string;
}

export const requestContext = new AsyncLocalStorage<RequestInfo>();
