import { ArgsType, Field, Float, InputType, Int, registerEnumType } from 'type-graphql';
import {
  ArrayMaxSize, ArrayMinSize, IsEmail, IsEnum, IsIn, IsInt, IsNotEmpty, IsOptional, IsUrl, Matches, Max, MaxLength, Min,
} from 'class-validator';
import { AdminPageArgs, PageArgs } from '../../common/pagination.js';
import { Gender, Language } from '../accounts/index.js';
import { DoctorStatus, DoctorTitle, DoctorType } from './doctor.enums.js';

const ALL = 'Enter all Fields';

/** Doctor self-registration: every field is required ('Enter all Fields'), the avatar too. */
@InputType()
export class DoctorSignupInput {
  @Field(() => Language, { nullable: true, description: 'Language of mail and SMS; the screen language at signup' })
  @IsOptional()
  @IsEnum(Language)
  language?: Language | null;

  @Field(() => DoctorTitle)
  @IsEnum(DoctorTitle, { message: ALL })
  title!: DoctorTitle;

  @Field()
  @IsNotEmpty({ message: ALL })
  @MaxLength(100)
  name!: string;

  @Field()
  @IsEmail({}, { message: 'Enter a valid email address' })
  @MaxLength(254)
  email!: string;

  @Field()
  @IsNotEmpty({ message: ALL })
  password!: string;

  @Field()
  @IsNotEmpty({ message: ALL })
  @MaxLength(20)
  phone!: string;

  @Field(() => Gender)
  @IsIn(Object.values(Gender), { message: ALL })
  gender!: Gender;

  @Field()
  @IsNotEmpty({ message: ALL })
  @MaxLength(200)
  degree!: string;

  @Field(() => [String])
  @ArrayMinSize(1, { message: ALL })
  @ArrayMaxSize(5)
  @IsNotEmpty({ each: true, message: ALL })
  @MaxLength(60, { each: true })
  specialities!: string[];

  @Field()
  @IsNotEmpty({ message: ALL })
  @MaxLength(200)
  work!: string;

  @Field(() => Int)
  @IsInt({ message: ALL })
  @Min(0)
  @Max(70)
  experienceYears!: number;

  @Field(() => Int, { description: 'Consultation fee in whole BDT' })
  @IsInt({ message: ALL })
  @Min(0)
  @Max(100000)
  fees!: number;

  @Field()
  @IsNotEmpty({ message: ALL })
  @MaxLength(200)
  location!: string;

  @Field()
  @IsNotEmpty({ message: ALL })
  @MaxLength(5000)
  description!: string;

  @Field({ description: 'National ID: 10, 13 or 17 digits' })
  @Matches(/^(\d{10}|\d{13}|\d{17})$/, { message: 'NID must have 10, 13 or 17 digits' })
  nidNo!: string;

  @Field({ description: 'Bangladesh Medical & Dental Council registration number' })
  @Matches(/^[A-Za-z]{0,2}-?\d{3,8}$/, { message: 'Enter a valid BMDC number, like A-12345' })
  bmdcNo!: string;

  @Field(() => DoctorType)
  @IsEnum(DoctorType, { message: ALL })
  type!: DoctorType;
}

/** Fee ranges of the /doctors filter; the value is what the REST query string carries (fees=0-500). */
export enum FeeRange {
  UpTo500 = '0-500',
  From501To1000 = '501-1000',
  From1001To1500 = '1001-1500',
  From1501To2000 = '1501-2000',
  Above2000 = '2001-up',
}
registerEnumType(FeeRange, { name: 'FeeRange' });

/** Inclusive bounds in poisha. */
export const FEE_RANGE_BOUNDS: Record<FeeRange, [number, number | null]> = {
  [FeeRange.UpTo500]: [0, 500_00],
  [FeeRange.From501To1000]: [501_00, 1000_00],
  [FeeRange.From1001To1500]: [1001_00, 1500_00],
  [FeeRange.From1501To2000]: [1501_00, 2000_00],
  [FeeRange.Above2000]: [2001_00, null],
};

export enum DoctorSort {
  /** Online first, then the best rated. */
  Recommended = 'recommended',
  Rating = 'rating',
  FeeLowToHigh = 'fee_asc',
  FeeHighToLow = 'fee_desc',
  Experience = 'experience',
}
registerEnumType(DoctorSort, { name: 'DoctorSort' });

@ArgsType()
export class DoctorSearchArgs extends PageArgs {
  @Field(() => [String], { nullable: true, description: 'Speciality titles; a doctor with any of them matches' })
  @IsOptional()
  @ArrayMaxSize(20)
  @MaxLength(60, { each: true })
  specialities?: string[] | null;

  @Field(() => [FeeRange], { nullable: true, description: 'Any of these fee ranges' })
  @IsOptional()
  @ArrayMaxSize(5)
  @IsEnum(FeeRange, { each: true })
  feeRanges?: FeeRange[] | null;

  @Field(() => [Gender], { nullable: true })
  @IsOptional()
  @ArrayMaxSize(2)
  @IsIn(Object.values(Gender), { each: true })
  genders?: Gender[] | null;

  @Field(() => Float, { nullable: true, description: 'Average rating at least this (0–5)' })
  @IsOptional()
  @Min(0)
  @Max(5)
  minRating?: number | null;

  @Field(() => Boolean, { nullable: true, description: 'true: online now only; false: offline only; null: everyone' })
  @IsOptional()
  online?: boolean | null;

  @Field(() => String, {
    nullable: true,
    description: 'Name, speciality (English or Bangla), degree, workplace or area, a plain word for the body part ("heart", "হৃদয়") or a complaint ("chest pain", "জ্বর"), as typed: Banglish and misspellings of a letter or two too; best matches first',
  })
  @IsOptional()
  @MaxLength(100)
  search?: string | null;

  @Field(() => DoctorSort, { defaultValue: DoctorSort.Recommended })
  @IsOptional()
  @IsEnum(DoctorSort)
  sort: DoctorSort = DoctorSort.Recommended;
}

@ArgsType()
export class AdminDoctorListArgs extends AdminPageArgs {
  @Field(() => DoctorStatus, { nullable: true })
  @IsOptional()
  @IsEnum(DoctorStatus)
  status?: DoctorStatus | null;

  @Field(() => String, { nullable: true })
  @IsOptional()
  @MaxLength(100)
  search?: string | null;
}

/**
 * An admin adding a doctor (POST /doctor). The spec's form has no password: the account gets none
 * and the doctor sets one through 'forgot password', so an admin never knows a doctor's password.
 */
@InputType()
export class AdminCreateDoctorInput {
  @Field(() => DoctorTitle, { defaultValue: DoctorTitle.Dr })
  @IsEnum(DoctorTitle)
  title: DoctorTitle = DoctorTitle.Dr;

  @Field()
  @IsNotEmpty({ message: ALL })
  @MaxLength(100)
  name!: string;

  @Field()
  @IsEmail({}, { message: 'Enter a valid email address' })
  @MaxLength(254)
  email!: string;

  @Field()
  @IsNotEmpty({ message: ALL })
  @MaxLength(20)
  phone!: string;

  @Field(() => Gender)
  @IsIn(Object.values(Gender), { message: ALL })
  gender!: Gender;

  @Field()
  @IsNotEmpty({ message: ALL })
  @MaxLength(200)
  degree!: string;

  @Field(() => [String])
  @ArrayMinSize(1, { message: ALL })
  @ArrayMaxSize(5)
  @IsNotEmpty({ each: true, message: ALL })
  @MaxLength(60, { each: true })
  specialities!: string[];

  @Field()
  @IsNotEmpty({ message: ALL })
  @MaxLength(200)
  work!: string;

  @Field(() => Int, { defaultValue: 0 })
  @IsInt()
  @Min(0)
  @Max(70)
  experienceYears: number = 0;

  @Field(() => Int, { description: 'Consultation fee in whole BDT' })
  @IsInt({ message: ALL })
  @Min(0)
  @Max(100000)
  fees!: number;

  @Field()
  @IsNotEmpty({ message: ALL })
  @MaxLength(200)
  location!: string;

  @Field({ defaultValue: '' })
  @MaxLength(5000)
  description: string = '';

  @Field()
  @Matches(/^[A-Za-z]{0,2}-?\d{3,8}$/, { message: 'Enter a valid BMDC number, like A-12345' })
  bmdcNo!: string;

  @Field({ defaultValue: '' })
  @Matches(/^(|\d{10}|\d{13}|\d{17})$/, { message: 'NID must have 10, 13 or 17 digits' })
  nidNo: string = '';

  @Field(() => DoctorType, { defaultValue: DoctorType.Medical })
  @IsEnum(DoctorType)
  type: DoctorType = DoctorType.Medical;

  @Field(() => Int, { defaultValue: 10, description: 'Hospital visits per slot per day' })
  @IsInt()
  @Min(1)
  @Max(200)
  hospitalSlotCapacity: number = 10;
}

/** PUT /doctor/:id: every field optional; only what is sent changes. */
@InputType()
export class AdminUpdateDoctorInput {
  @Field(() => DoctorTitle, { nullable: true }) @IsOptional() @IsEnum(DoctorTitle) title?: DoctorTitle;
  @Field({ nullable: true }) @IsOptional() @IsNotEmpty() @MaxLength(100) name?: string;
  @Field({ nullable: true }) @IsOptional() @IsNotEmpty() @MaxLength(20) phone?: string;
  @Field(() => Gender, { nullable: true }) @IsOptional() @IsIn(Object.values(Gender)) gender?: Gender;
  @Field({ nullable: true }) @IsOptional() @IsNotEmpty() @MaxLength(200) degree?: string;
  @Field(() => [String], { nullable: true }) @IsOptional() @ArrayMinSize(1) @ArrayMaxSize(5) @IsNotEmpty({ each: true }) @MaxLength(60, { each: true }) specialities?: string[];
  @Field({ nullable: true }) @IsOptional() @IsNotEmpty() @MaxLength(200) work?: string;
  @Field(() => Int, { nullable: true }) @IsOptional() @IsInt() @Min(0) @Max(70) experienceYears?: number;
  @Field(() => Int, { nullable: true }) @IsOptional() @IsInt() @Min(0) @Max(100000) fees?: number;
  @Field({ nullable: true }) @IsOptional() @IsNotEmpty() @MaxLength(200) location?: string;
  @Field({ nullable: true }) @IsOptional() @MaxLength(5000) description?: string;
  @Field(() => DoctorType, { nullable: true }) @IsOptional() @IsEnum(DoctorType) type?: DoctorType;
  @Field(() => Int, { nullable: true }) @IsOptional() @IsInt() @Min(1) @Max(200) hospitalSlotCapacity?: number;
}

@InputType()
export class MeetingUrlInput {
  @Field({ description: 'An https video meeting link (Google Meet, Zoom, Jitsi, …)' })
  @IsNotEmpty({ message: 'Meet link required' })
  @IsUrl({ protocols: ['https'], require_protocol: true }, { message: 'Enter a valid https meeting link' })
  @MaxLength(500)
  url!: string;
}

/** An admin adds a speciality: its title in English and Bangla, and its place in the grid (last when left out). */
@InputType()
export class SpecialityInput {
  @Field()
  @IsNotEmpty()
  @MaxLength(60)
  title!: string;

  @Field(() => String, { nullable: true })
  @IsOptional()
  @MaxLength(60)
  titleBn?: string | null;

  @Field(() => Int, { nullable: true })
  @IsOptional()
  @IsInt()
  @Min(0)
  @Max(10_000)
  sortOrder?: number | null;
}

/** An admin edits a speciality: only what is sent changes; a new title is carried into every doctor's list. */
@InputType()
export class SpecialityUpdateInput {
  @Field(() => String, { nullable: true })
  @IsOptional()
  @IsNotEmpty()
  @MaxLength(60)
  title?: string | null;

  @Field(() => String, { nullable: true })
  @IsOptional()
  @MaxLength(60)
  titleBn?: string | null;

  @Field(() => Int, { nullable: true })
  @IsOptional()
  @IsInt()
  @Min(0)
  @Max(10_000)
  sortOrder?: number | null;
}
