import { Field, ID, ObjectType } from 'type-graphql';
import type { EntityManager } from '@mikro-orm/sql';
import { FamilyRelation } from './family-member.entity.js';
import { familyMemberOf } from './family.service.js';

/**
 * Who a consultation, hospital visit, nurse hire, order or prescription is for: the account holder,
 * or one of their family members. The screens (the doctor's, the admin tables, the patient's
 * filters) and the CSV exports read this one shape.
 */
@ObjectType({ description: 'Who the care is for: the account holder, or one of their family members' })
export class CareRecipient {
  @Field(() => ID, { nullable: true, description: "The family member's id; null when the care is for the account holder" })
  familyMemberId!: string | null;

  @Field({ description: 'The name of the person cared for (as booked, for consultations, visits and prescriptions)' })
  name!: string;

  @Field(() => FamilyRelation, { nullable: true, description: 'What they are to the account holder; null for the account holder' })
  relation!: FamilyRelation | null;

  @Field({ description: 'The account holder who booked, hired or ordered' })
  accountName!: string;
}

export const careRecipient = (r: CareRecipient): CareRecipient => Object.assign(new CareRecipient(), r);

/**
 * The filter of "my" lists by who the care was for: `careFor` is one of the caller's family members
 * (removed ones too: their past care stays findable) or the caller's own id. Answers the member's
 * id, or null for the caller's own care; another account's member is NOT_FOUND.
 */
export async function careForFilter(em: EntityManager, ownerId: string, careFor: string): Promise<string | null> {
  if (careFor.toLowerCase() === ownerId.toLowerCase()) return null;
  return (await familyMemberOf(em, ownerId, careFor, { removed: true })).id;
}

/** The `careFor` argument of the patient's own lists. */
export const CARE_FOR_ARG = "Only the care for this person: one of the caller's family members, or the caller's own id for the care they booked for themselves";
