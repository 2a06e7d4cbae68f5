import { Entity, Enum, Index, ManyToOne, Property } from '@mikro-orm/decorators/legacy';
import type { Ref } from '@mikro-orm/core';
import { Field, ObjectType } from 'type-graphql';
import { BaseEntity } from '../../common/base.entity.js';
import { localPhone } from '../../common/phone.js';
import { Gender, User } from '../accounts/index.js';
import { FamilyMember } from '../family/index.js';
import { Nurse } from './nurse.entity.js';
import { NurseHireStatus } from './nurse.enums.js';

/**
 * A patient's hire of a nurse for a day. The nurse's name, photo and fee are copied at hiring time:
 * the fee the patient agreed to must not change when an admin edits the nurse later.
 */
@ObjectType()
@Entity({ tableName: 'nurse_hires' })
@Index({ properties: ['user', 'createdAt'] })
@Index({ properties: ['status', 'createdAt'] })
@Index({ properties: ['createdAt'] })
@Index({ properties: ['nurse', 'user', 'status'] })
@Index({ properties: ['familyMember', 'createdAt'] })
export class NurseHire extends BaseEntity<'status' | 'phone' | 'fees' | 'familyMember'> {
  @ManyToOne(() => Nurse, { ref: true, deleteRule: 'restrict' })
  nurse!: Ref<Nurse>;

  /** The patient who hired (and owns the hire), whoever it is for. */
  @ManyToOne(() => User, { ref: true, deleteRule: 'restrict' })
  user!: Ref<User>;

  /** The account holder's family member the nurse visits; none when it is the account holder. */
  @ManyToOne(() => FamilyMember, { ref: true, nullable: true, deleteRule: 'restrict' })
  familyMember?: Ref<FamilyMember> | null;

  @Field()
  @Property({ length: 100 })
  nurseName!: string;

  @Field(() => String, { nullable: true })
  @Property({ length: 500, nullable: true })
  nurseImageUrl?: string | null;

  /** The fee agreed at hiring, in poisha; both doors show it through nurse.read.ts. */
  @Property()
  feePoisha!: number;

  get fees(): number {
    return this.feePoisha / 100;
  }

  @Field(() => Gender)
  @Enum({ items: () => Gender })
  patientGender!: Gender;

  @Property({ length: 20 })
  phoneE164!: string;

  get phone(): string {
    return localPhone(this.phoneE164)!;
  }

  @Field({ description: 'The day of the visit, YYYY-MM-DD (Asia/Dhaka)' })
  @Property({ type: 'date' })
  date!: string;

  @Field(() => NurseHireStatus)
  @Enum({ items: () => NurseHireStatus, default: NurseHireStatus.Processing })
  status: NurseHireStatus = NurseHireStatus.Processing;

  @Property({ type: 'timestamptz', nullable: true })
  statusChangedAt?: Date | null;
}
