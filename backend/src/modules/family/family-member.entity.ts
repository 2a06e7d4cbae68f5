import { Entity, Enum, Index, ManyToOne, Property } from '@mikro-orm/decorators/legacy';
import type { Ref } from '@mikro-orm/core';
import { Field, Int, ObjectType, registerEnumType } from 'type-graphql';
import { BaseEntity } from '../../common/base.entity.js';
import { dhakaToday } from '../../common/dhaka-date.js';
import { localPhone } from '../../common/phone.js';
import { Gender, User } from '../accounts/index.js';

/** What a family member is to the account holder. */
export enum FamilyRelation {
  Father = 'Father',
  Mother = 'Mother',
  Spouse = 'Spouse',
  Son = 'Son',
  Daughter = 'Daughter',
  Brother = 'Brother',
  Sister = 'Sister',
  Grandfather = 'Grandfather',
  Grandmother = 'Grandmother',
  Grandchild = 'Grandchild',
  Other = 'Other',
}
registerEnumType(FamilyRelation, { name: 'FamilyRelation', description: 'What a family member is to the account holder' });

/** Whole years from a YYYY-MM-DD birthdate to today in Dhaka. */
export function ageOn(birthdate: string, today = dhakaToday()): number {
  const [by, bm, bd] = birthdate.split('-').map(Number) as [number, number, number];
  const [ty, tm, td] = today.split('-').map(Number) as [number, number, number];
  return Math.max(0, ty - by - (tm < bm || (tm === bm && td < bd) ? 1 : 0));
}

/**
 * Someone an account holder cares for (a parent, a child): a person the doctor reads about, never
 * a login. Owned by the account that added them, and only that account books, hires or orders for
 * them. Removing one keeps the row (removedAt): the bookings made for them still name them.
 */
@ObjectType()
@Entity({ tableName: 'family_members' })
@Index({ properties: ['owner', 'createdAt'] })
export class FamilyMember extends BaseEntity<'removedAt' | 'phone' | 'age'> {
  @ManyToOne(() => User, { ref: true, deleteRule: 'cascade' })
  owner!: Ref<User>;

  @Field()
  @Property({ length: 100 })
  name!: string;

  @Field(() => FamilyRelation)
  @Enum({ items: () => FamilyRelation })
  relation!: FamilyRelation;

  @Field({ description: 'YYYY-MM-DD' })
  @Property({ type: 'date' })
  birthdate!: string;

  @Field(() => Gender)
  @Enum({ items: () => Gender })
  gender!: Gender;

  /** +8801XXXXXXXXX, when the member has a mobile of their own (for the hospital's call, a nurse's visit). */
  @Property({ length: 20, nullable: true })
  phoneE164?: string | null;

  @Field(() => String, { nullable: true, description: 'Bangladeshi mobile number with the leading 0' })
  get phone(): string | null {
    return localPhone(this.phoneE164);
  }

  @Field(() => Int, { description: 'Whole years today (Dhaka)' })
  get age(): number {
    return ageOn(this.birthdate);
  }

  @Property({ type: 'timestamptz', nullable: true })
  removedAt?: Date | null;
}
