import { Entity, ManyToOne, Property } from '@mikro-orm/decorators/legacy';
import type { Ref } from '@mikro-orm/core';
import { BaseEntity } from '../../common/base.entity.js';
import { User } from './user.entity.js';

/** One login on one device: the refresh-token family. Revoking it logs that device out at once. */
@Entity({ tableName: 'auth_sessions' })
export class Session extends BaseEntity<'generation'> {
  @ManyToOne(() => User, { ref: true, deleteRule: 'cascade', index: true })
  user!: Ref<User>;

  /** Increases on every refresh; an older generation presented again means the token was stolen. */
  @Property()
  generation: number = 0;

  @Property({ length: 64 })
  secretHash!: string;

  /** When the last refresh rotated it: the token it replaced gets the same answer for a few seconds (two tabs). */
  @Property({ type: 'timestamptz', nullable: true })
  rotatedAt?: Date | null;

  @Property({ type: 'timestamptz' })
  expiresAt!: Date;

  @Property({ type: 'timestamptz', nullable: true })
  revokedAt?: Date | null;

  @Property({ length: 64, nullable: true })
  ip?: string | null;
}
