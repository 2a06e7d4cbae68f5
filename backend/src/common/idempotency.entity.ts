import { Entity, Index, PrimaryKey, Property, Unique } from '@mikro-orm/decorators/legacy';

/**
 * One Idempotency-Key of one caller (common/idempotency.ts): who claimed it and until when, whether
 * the request's work has committed, and the answer to send again. Kept in PostgreSQL so that every
 * replica sees the same keys; rows are only touched with conditional statements, never through the
 * unit of work.
 */
@Entity({ tableName: 'idempotency_keys' })
@Unique({ properties: ['caller', 'keyHash'] })
@Index({ properties: ['expiresAt'] })
export class IdempotencyKey {
  @PrimaryKey({ type: 'uuid' })
  id!: string;

  /** "user:<id>", "app:<id>" or "visitor". */
  @Property({ type: 'string', length: 80 })
  caller!: string;

  /** SHA-256 of the key (hex): the key itself is never stored, and the answer is sealed with it. */
  @Property({ type: 'string', length: 64 })
  keyHash!: string;

  /** "Mutation.createOrder", "POST /create/order": for whoever reads the table. */
  @Property({ type: 'string', length: 200 })
  operation!: string;

  /** SHA-256 (hex) of the request: the same key with another request is refused. */
  @Property({ type: 'string', length: 64 })
  fingerprint!: string;

  /** The claim running the request now; a repeat that takes an abandoned key over writes its own. */
  @Property({ type: 'uuid' })
  owner!: string;

  /** The claim holds until then, renewed while the request runs. */
  @Property({ type: 'datetime' })
  leaseUntil!: Date;

  /** Set inside the first transaction of the request that commits: from then on it is never run again. */
  @Property({ type: 'datetime', nullable: true })
  committedAt?: Date | null;

  /** The HTTP status of the kept answer; null while the request runs. */
  @Property({ type: 'integer', nullable: true })
  status?: number | null;

  /** The answer's body, sealed (AES-256-GCM under a key derived from the Idempotency-Key). */
  @Property({ type: 'blob', nullable: true })
  answer?: Buffer | null;

  @Property({ type: 'datetime' })
  createdAt!: Date;

  /** After this the key is forgotten (the hourly purge deletes it) and may be used again. */
  @Property({ type: 'datetime' })
  expiresAt!: Date;
}
