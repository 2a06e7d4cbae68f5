import { Field, InputType, ObjectType } from 'type-graphql';
import { IsEmail, IsNotEmpty, Matches, MaxLength } from 'class-validator';

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
