import { ArgsType, Field, Float, ID, InputType, Int } from 'type-graphql';
import { IsEmail, IsEnum, IsIn, IsInt, IsNotEmpty, IsOptional, IsUUID, Matches, Max, MaxLength, Min, ValidateIf } from 'class-validator';
import { AdminPageArgs, PageArgs } from '../../common/pagination.js';
import { Gender } from '../accounts/index.js';
import { CARE_FOR_ARG } from '../family/index.js';
import { NurseHireStatus, NurseLocation, NurseSort } from './nurse.enums.js';

const DETAILS = 'Please enter your details';

/** Admin's nurse form (create and update take the same fields; images come beside it). */
@InputType()
export class NurseInput {
  @Field()
  @IsNotEmpty({ message: 'Enter the name' })
  @MaxLength(100)
  name!: string;

  @Field()
  @IsNotEmpty({ message: 'Enter the degree' })
  @MaxLength(200)
  degree!: string;

  @Field()
  @IsNotEmpty({ message: 'Enter the workplace' })
  @MaxLength(200)
  work!: string;

  @Field(() => Int, { description: 'Fee per visit in poisha' })
  @IsInt({ message: 'Enter the fee' })
  @Min(0)
  @Max(10_000_000)
  feePoisha!: number;

  @Field()
  @IsNotEmpty({ message: 'Enter the phone number' })
  @MaxLength(20)
  phone!: string;

  @Field()
  @IsEmail({}, { message: 'Enter a valid email address' })
  @MaxLength(254)
  email!: string;

  @Field(() => Gender)
  @IsIn(Object.values(Gender), { message: 'Choose the gender' })
  gender!: Gender;

  @Field(() => NurseLocation)
  @IsEnum(NurseLocation, { message: 'Choose a location: Uttara, Dhanmondi, Mirpur, Banani or Gulshan' })
  location!: NurseLocation;

  @Field({ defaultValue: '' })
  @MaxLength(5000)
  description: string = '';
}

@ArgsType()
export class NurseListArgs extends PageArgs {
  @Field(() => NurseLocation, { nullable: true })
  @IsOptional()
  @IsEnum(NurseLocation, { message: 'Choose a location: Uttara, Dhanmondi, Mirpur, Banani or Gulshan' })
  location?: NurseLocation | null;

  @Field(() => NurseSort, { defaultValue: NurseSort.Newest })
  @IsEnum(NurseSort)
  sort: NurseSort = NurseSort.Newest;
}

@ArgsType()
export class NurseHireListArgs extends AdminPageArgs {
  @Field(() => NurseHireStatus, { nullable: true })
  @IsOptional()
  @IsEnum(NurseHireStatus)
  status?: NurseHireStatus | null;
}

@InputType()
export class NurseReviewInput {
  @Field(() => ID)
  @IsUUID('all', { message: 'Choose a nurse' })
  nurseId!: string;

  @Field(() => Float, { description: '0.5 to 5 stars, in halves' })
  @Min(0.5, { message: 'Give at least half a star' })
  @Max(5, { message: 'At most 5 stars' })
  rating!: number;

  @Field()
  @IsNotEmpty({ message: 'Write a comment' })
  @MaxLength(2000)
  comment!: string;
}

@InputType()
export class NurseHireInput {
  @Field(() => ID)
  @IsUUID('all', { message: DETAILS })
  nurseId!: string;

  @Field(() => ID, { nullable: true, description: "One of the caller's family members the nurse is for; without it, the caller" })
  @IsOptional()
  @IsUUID('all', { message: 'Choose who it is for' })
  familyMemberId?: string | null;

  @Field(() => Gender, { nullable: true, description: "Required unless familyMemberId is given (the member's own gender then)" })
  @ValidateIf((o: NurseHireInput) => !o.familyMemberId)
  @IsIn(Object.values(Gender), { message: DETAILS })
  patientGender?: Gender | null;

  @Field({ description: 'Bangladeshi mobile number' })
  @IsNotEmpty({ message: DETAILS })
  @MaxLength(20)
  phone!: string;

  @Field({ description: 'YYYY-MM-DD, today or later (Asia/Dhaka)' })
  @IsNotEmpty({ message: DETAILS })
  @Matches(/^\d{4}-\d{2}-\d{2}$/, { message: DETAILS })
  date!: string;
}

/** The patient's own hires, and who they were for. */
@ArgsType()
export class MyNurseHireArgs extends PageArgs {
  @Field(() => ID, { nullable: true, description: CARE_FOR_ARG })
  @IsOptional()
  @IsUUID('all')
  careFor?: string | null;
}
