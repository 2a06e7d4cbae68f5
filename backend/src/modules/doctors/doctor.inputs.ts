import { Field, InputType, Int } from 'type-graphql';
import {
  ArrayMaxSize, ArrayMinSize, IsEmail, IsEnum, IsIn, IsInt, IsNotEmpty, Matches, Max, MaxLength, Min,
} from 'class-validator';
import { Gender } from '../accounts/user.entity.js';
import { DoctorTitle, DoctorType } from './doctor.enums.js';

const ALL = 'Enter all Fields';

/** Doctor self-registration: every field is required ('Enter all Fields'), the avatar too. */
@InputType()
export class DoctorSignupInput {
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
