import type { LimitRule } from './limits.js';
import type { IdempotencyFence } from './idempotency.js';
import type { Role } from './roles.js';
import { AsyncLocalStorage } from 'node:async_hooks';

/** Where the current request came from, for records written deep inside services (audit lines). */
export interface RequestInfo {
  requestId: string;
  ip: string;
  /** The operations this request runs and the limits they declared (common/limits.ts). */
  operations?: { name: string; limit: LimitRule | undefined; role: Role | null }[];
  /** The Idempotency-Key this request holds, checked by every transaction it commits (common/idempotency.ts). */
  idempotency?: IdempotencyFence;
}

export const requestContext = new AsyncLocalStorage<RequestInfo>();
