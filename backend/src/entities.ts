import { RateLimitBucket } from './common/rate-limit.entity.js';
import { IdempotencyKey } from './common/idempotency.entity.js';
import { MODULES } from './modules.js';

/** Every entity: the modules' own and common's rate-limit buckets and idempotency keys (listed, not scanned: the same list works for tsc output and tests). */
export const ENTITIES = [...MODULES.flatMap((m) => m.entities), RateLimitBucket, IdempotencyKey];
