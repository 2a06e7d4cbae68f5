import { Entity, Enum, Index, Property } from '@mikro-orm/decorators/legacy';
import { Field, ObjectType, registerEnumType } from 'type-graphql';
import { BaseEntity } from '../../common/base.entity.js';
import { Role } from '../../common/roles.js';
import { localPhone } from '../../common/phone.js';

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
 * email is one account. A doctor's professional profile is the Doctor entity beside it.
 */
@ObjectType()
@Entity({ tableName: 'users' })
@Index({ properties: ['role', 'createdAt'] })
export class User extends BaseEntity<'role' | 'language' | 'emailVerified' | 'phone'> {
  @Field()
  @Property({ length: 100 })
  name!: string;

  /** Stored lower-cased; unique. */
  @Field()
  @Property({ length: 254, unique: true })
  email!: string;

  @Property({ length: 200, hidden: true })
  passwordHash!: string;

  @Field(() => Role)
  @Enum({ items: () => Role })
  role: Role = Role.User;

  @Field(() => String, { nullable: true })
  @Property({ length: 500, nullable: true })
  avatarUrl?: string | null;

  @Field(() => Gender, { nullable: true })
  @Enum({ items: () => Gender, nullable: true })
  gender?: Gender | null;

  /** +8801XXXXXXXXX; shown with the leading 0 by the `phone` field. */
  @Property({ length: 20, nullable: true })
  phoneE164?: string | null;

  @Field(() => String, { nullable: true, description: 'Bangladeshi mobile number with the leading 0' })
  get phone(): string | null {
    return localPhone(this.phoneE164);
  }

  @Field(() => String, { nullable: true, description: 'YYYY-MM-DD' })
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

  /** Deleted accounts are anonymised and kept, so orders and prescriptions keep their owner row. */
  @Property({ type: 'timestamptz', nullable: true })
  deletedAt?: Date | null;
}
