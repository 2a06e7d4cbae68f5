import { Entity, Enum, Index, ManyToOne, Property } from '@mikro-orm/decorators/legacy';
import type { Ref } from '@mikro-orm/core';
import { BaseEntity } from '../../common/base.entity.js';
import { Language, User } from '../accounts/index.js';

export enum PhoneCodePurpose {
  /** A new account for a number no account has verified: the name and language wait here for the code. */
  Signup = 'signup',
  /** A login of the patient whose verified number it is. */
  Login = 'login',
  /** A logged-in account proving a number for its profile. */
  Verify = 'verify',
}

/**
 * One-time 6-digit codes sent by SMS. Only an HMAC of the code is stored (server secret, row id,
 * code): a leaked table opens nothing, and six digits cannot be tried offline. Each code lives 5
 * minutes, is used once (usedAt, set by a conditional update) and allows 5 tries; a newer code
 * for the same number ends the older ones. Every request for a code writes one, a decoy where no
 * code may be sent (see `decoy`).
 */
@Entity({ tableName: 'phone_codes' })
@Index({ properties: ['phoneE164', 'createdAt'] })
@Index({ properties: ['user', 'purpose', 'createdAt'] })
export class PhoneCode extends BaseEntity<'attempts' | 'usedAt' | 'user' | 'name' | 'language' | 'decoy'> {
  /** +8801XXXXXXXXX the code was sent to. */
  @Property({ length: 20 })
  phoneE164!: string;

  @Enum({ items: () => PhoneCodePurpose })
  purpose!: PhoneCodePurpose;

  /** Login: the account logging in; verify: the account adding the number; signup: none yet. */
  @ManyToOne(() => User, { ref: true, nullable: true, deleteRule: 'cascade' })
  user?: Ref<User> | null;

  /** Signup: the name the account will get. */
  @Property({ length: 100, nullable: true })
  name?: string | null;

  /** Signup: the language of the account's mail and SMS. */
  @Enum({ items: () => Language, nullable: true })
  language?: Language | null;

  @Property({ length: 64 })
  codeHash!: string;

  @Property({ type: 'timestamptz' })
  expiresAt!: Date;

  @Property({ type: 'timestamptz', nullable: true })
  usedAt?: Date | null;

  @Property({ default: 0 })
  attempts: number = 0;

  /**
   * A code that was never sent and is never accepted: the row a request gets when no code may go out
   * (a login for a number no patient verified, a signup or profile claim of a number another account
   * holds). Hashed, tried and counted like a sent one, so a wrong code answers the same for every
   * number and no answer tells whether the number has an account.
   */
  @Property({ default: false })
  decoy: boolean = false;
}
