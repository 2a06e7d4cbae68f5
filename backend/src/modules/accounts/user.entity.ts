import { Entity, Enum, Index, Property } from '@mikro-orm/decorators/legacy';
import { Field, ObjectType, registerEnumType } from 'type-graphql';
import { BaseEntity } from '../../common/base.entity.js';
import { Role } from '../../common/roles.js';
import { localPhone } from '../../common/phone.js';

/** The password hash of an account without a password: argon2 never verifies it. */
export const NO_PASSWORD = '!';

export enum Gender {
  Male = 'Male',
  Female = 'Female',
}
registerEnumType(Gender, { name: 'Gender' });

export enum Language {
  en = 'en',
  bn = 'bn',
}
registerEnumType(Language, { name: 'Language', description: 'The language mail and messages are sent in' });

/**
 * Everyone who logs in: patients (role user), doctors and admins share this identity table, so an
 * email is one account, and so is a verified mobile number (a partial unique index: only verified
 * numbers are unique, an unverified profile number proves nothing). A patient may sign up with a
 * mobile number alone: no email, no password. A doctor's professional profile is the Doctor entity beside it.
 */
@ObjectType()
@Entity({ tableName: 'users' })
@Index({ properties: ['role', 'createdAt'] })
@Index({ name: 'users_verified_phone_unique', expression: 'create unique index "users_verified_phone_unique" on "users" ("phone_e164") where "phone_verified_at" is not null' })
export class User extends BaseEntity<'role' | 'language' | 'emailVerified' | 'phone' | 'emailAddress' | 'phoneVerified' | 'contactVerified' | 'hasPassword'> {
  @Field()
  @Property({ length: 100 })
  name!: string;

  /** Stored lower-cased; unique; none for an account made with a mobile number alone. */
  @Property({ length: 254, unique: true, nullable: true })
  email?: string | null;

  /** Empty when the account has none. Both doors show an account's contact details through user.read.ts. */
  get emailAddress(): string {
    return this.email ?? '';
  }

  /** '!' (matches no password) for an account made with a mobile number alone, and for deleted ones. */
  @Property({ length: 200, hidden: true })
  passwordHash!: string;

  @Field({ description: 'False for an account made with a mobile number alone: it logs in with SMS codes' })
  get hasPassword(): boolean {
    return this.passwordHash !== NO_PASSWORD;
  }

  @Field(() => Role)
  @Enum({ items: () => Role })
  role: Role = Role.User;

  @Field(() => String, { nullable: true })
  @Property({ length: 500, nullable: true })
  avatarUrl?: string | null;

  @Enum({ items: () => Gender, nullable: true })
  gender?: Gender | null;

  /** +8801XXXXXXXXX; shown with the leading 0 by the `phone` field. */
  @Property({ length: 20, nullable: true })
  phoneE164?: string | null;

  get phone(): string | null {
    return localPhone(this.phoneE164);
  }

  /** YYYY-MM-DD */
  @Property({ type: 'date', nullable: true })
  birthdate?: string | null;

  @Field(() => Language)
  @Enum({ items: () => Language, default: Language.en })
  language: Language = Language.en;

  @Property({ type: 'timestamptz', nullable: true })
  emailVerifiedAt?: Date | null;

  @Field()
  get emailVerified(): boolean {
    return !!this.emailVerifiedAt;
  }

  /** When `phoneE164` was proved by an SMS code; set back to null when the number changes. */
  @Property({ type: 'timestamptz', nullable: true })
  phoneVerifiedAt?: Date | null;

  @Field({ description: 'The mobile number was proved with an SMS code (it logs in and gets texts)' })
  get phoneVerified(): boolean {
    return !!this.phoneVerifiedAt && !!this.phoneE164;
  }

  @Field({ description: 'A verified email or mobile number: what booking, hiring and ordering need' })
  get contactVerified(): boolean {
    return this.emailVerified || this.phoneVerified;
  }

  /** Deleted accounts are anonymised and kept, so orders and prescriptions keep their owner row. */
  @Property({ type: 'timestamptz', nullable: true })
  deletedAt?: Date | null;
}
