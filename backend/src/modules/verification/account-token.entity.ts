import { Entity, Enum, Index, ManyToOne, Property } from '@mikro-orm/decorators/legacy';
import type { Ref } from '@mikro-orm/core';
import { BaseEntity } from '../../common/base.entity.js';
import { User } from '../accounts/index.js';

export enum TokenPurpose {
  /** The activation link of /activation/:activation_token. */
  EmailLink = 'email_link',
  /** The 6-digit code of /user/confirm/email. */
  EmailCode = 'email_code',
  PasswordReset = 'password_reset',
}

/**
 * One-time secrets sent by mail. Only a hash is stored (a leaked table opens no account); links are
 * found by that hash, a code by its user. Each is single use (usedAt, set by a conditional update)
 * and expires; codes also count wrong attempts.
 */
@Entity({ tableName: 'account_tokens' })
@Index({ properties: ['user', 'purpose', 'createdAt'] })
export class AccountToken extends BaseEntity<'attempts' | 'usedAt'> {
  @ManyToOne(() => User, { ref: true, deleteRule: 'cascade' })
  user!: Ref<User>;

  @Enum({ items: () => TokenPurpose })
  purpose!: TokenPurpose;

  /** sha256 of a link token; HMAC (server secret, token id, code) of a code, since six digits are easy to brute-force offline. */
  @Property({ length: 64, unique: true })
  tokenHash!: string;

  @Property({ type: 'timestamptz' })
  expiresAt!: Date;

  @Property({ type: 'timestamptz', nullable: true })
  usedAt?: Date | null;

  @Property({ default: 0 })
  attempts: number = 0;
}
