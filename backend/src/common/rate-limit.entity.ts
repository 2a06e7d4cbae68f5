import { Entity, Index, PrimaryKey, Property } from '@mikro-orm/decorators/legacy';

/**
 * One counter of the shared rate limiter (common/rate-limit.ts). Kept in PostgreSQL, not in process
 * memory, so a limit holds across every API replica. Rows are only touched with atomic upserts.
 */
@Entity({ tableName: 'rate_limit_buckets' })
@Index({ properties: ['updatedAt'] })
export class RateLimitBucket {
  /** "<limit name>:<subject>", e.g. "login-ip:203.0.113.7" or "login-account:a@b.c". */
  @PrimaryKey({ type: 'string', length: 300 })
  key!: string;

  /** Start of the current fixed window (window limits) or of the failure streak (lockouts). */
  @Property({ type: 'datetime' })
  windowStart!: Date;

  @Property({ type: 'integer' })
  hits!: number;

  /** Lockouts: refused until this moment, whatever the password. */
  @Property({ type: 'datetime', nullable: true })
  lockedUntil?: Date | null;

  @Property({ type: 'datetime' })
  updatedAt!: Date;
}
