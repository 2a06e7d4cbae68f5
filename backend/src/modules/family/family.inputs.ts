import { Field, InputType } from 'type-graphql';
import { IsEnum, IsIn, IsNotEmpty, IsOptional, Matches, MaxLength } from 'class-validator';
import { Gender } from '../accounts/index.js';
import { FamilyRelation } from './family-member.entity.js';

const DETAILS = 'Please enter your details';

/** Only these fields are read: the owner is always the caller. */
@InputType()
export class FamilyMemberInput {
  @Field()
  @IsNotEmpty({ message: DETAILS })
  @MaxLength(100)
  name!: string;

  @Field(() => FamilyRelation)
  @IsEnum(FamilyRelation, { message: DETAILS })
  relation!: FamilyRelation;

  @Field({ description: 'YYYY-MM-DD, in the past' })
  @Matches(/^\d{4}-\d{2}-\d{2}$/, { message: DETAILS })
  birthdate!: string;

  @Field(() => Gender)
  @IsIn(Object.values(Gender), { message: DETAILS })
  gender!: Gender;

  @Field(() => String, { nullable: true, description: 'Their own Bangladeshi mobile number, if they have one (ASCII or Bangla digits)' })
  @IsOptional()
  @MaxLength(20)
  phone?: string | null;
}
