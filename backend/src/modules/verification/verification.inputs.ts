import { Field, InputType, Int, ObjectType } from 'type-graphql';
import { IsEmail, IsEnum, IsNotEmpty, IsOptional, Matches, MaxLength } from 'class-validator';
import { Language } from '../accounts/index.js';

@InputType()
export class ConfirmEmailInput {
  @Field({ description: 'The 6 digit code from the verification mail (ASCII or Bangla digits)' })
  @IsNotEmpty({ message: 'Enter Your 6 Digit Code' })
  @Matches(/^\s*[0-9০-৯]{6}\s*$/, { message: 'Enter Your 6 Digit Code' })
  code!: string;
}

@InputType()
export class ForgotPasswordInput {
  @Field()
  @IsNotEmpty({ message: 'Please Enter Email' })
  @IsEmail({}, { message: 'Enter a valid email address' })
  @MaxLength(254)
  email!: string;
}

@InputType()
export class ResetPasswordInput {
  @Field()
  @IsNotEmpty({ message: 'Enter a new password' })
  @MaxLength(200)
  password!: string;

  @Field()
  @IsNotEmpty({ message: 'Confirm your new password' })
  @MaxLength(200)
  confirmPassword!: string;
}

/** The answer of an action whose result is a message for the user. */
@ObjectType()
export class Notice {
  @Field()
  success!: boolean;

  @Field()
  message!: string;
}

export const notice = (message: string): Notice => ({ success: true, message });

const PHONE_MESSAGE = 'Enter a Bangladeshi mobile number like 01712345678';

/** A phone signup: a name and a number; no email, no password. */
@InputType()
export class PhoneSignupInput {
  @Field()
  @IsNotEmpty({ message: 'Enter your name' })
  @MaxLength(100)
  name!: string;

  @Field({ description: '01XXXXXXXXX (ASCII or Bangla digits; 8801…, +8801… too)' })
  @IsNotEmpty({ message: PHONE_MESSAGE })
  @MaxLength(20)
  phone!: string;

  @Field(() => Language, { nullable: true, description: 'Language of the SMS and of the account; the screen language at signup' })
  @IsOptional()
  @IsEnum(Language)
  language?: Language | null;
}

@InputType()
export class PhoneNumberInput {
  @Field({ description: '01XXXXXXXXX (ASCII or Bangla digits)' })
  @IsNotEmpty({ message: PHONE_MESSAGE })
  @MaxLength(20)
  phone!: string;

  @Field(() => Language, { nullable: true, description: "Login: the screen's language, for the text a number without a patient account gets instead of a code (an account's own language wins)" })
  @IsOptional()
  @IsEnum(Language)
  language?: Language | null;
}

@InputType()
export class PhoneCodeInput {
  @Field({ description: 'The number the code was sent to' })
  @IsNotEmpty({ message: PHONE_MESSAGE })
  @MaxLength(20)
  phone!: string;

  @Field({ description: 'The 6 digit code from the SMS (ASCII or Bangla digits)' })
  @IsNotEmpty({ message: 'Enter Your 6 Digit Code' })
  @Matches(/^\s*[0-9০-৯]{6}\s*$/, { message: 'Enter Your 6 Digit Code' })
  code!: string;
}

@InputType()
export class VerifyPhoneInput {
  @Field({ description: 'The 6 digit code from the SMS (ASCII or Bangla digits)' })
  @IsNotEmpty({ message: 'Enter Your 6 Digit Code' })
  @Matches(/^\s*[0-9০-৯]{6}\s*$/, { message: 'Enter Your 6 Digit Code' })
  code!: string;
}

/** The answer to every request for a code: the same whether or not a code went out. */
@ObjectType()
export class CodeSent {
  @Field({ description: 'The number, as 01XXXXXXXXX' })
  phone!: string;

  @Field(() => Int, { description: 'How long a code works' })
  expiresInSeconds!: number;

  @Field(() => Int, { description: 'When a new code may be asked for (the screen counts it down)' })
  resendInSeconds!: number;
}
