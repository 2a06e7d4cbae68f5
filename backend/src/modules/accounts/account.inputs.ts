import { Field, InputType, Int, ObjectType } from 'type-graphql';
import { IsEmail, IsEnum, IsIn, IsNotEmpty, IsOptional, Matches, MaxLength, MinLength } from 'class-validator';
import { Gender, Language, User } from './user.entity.js';

/** Only these fields are read from a client; role, ids, ratings and statuses are never among them. */
@InputType()
export class SignupInput {
  @Field()
  @IsNotEmpty({ message: 'Enter your name' })
  @MaxLength(100)
  name!: string;

  @Field()
  @IsEmail({}, { message: 'Enter a valid email address' })
  @MaxLength(254)
  email!: string;

  @Field()
  @IsNotEmpty({ message: 'Enter a password' })
  password!: string;

  @Field(() => Language, { nullable: true, description: 'Language of mail and SMS; the screen language at signup, so the first mail is readable' })
  @IsOptional()
  @IsEnum(Language)
  language?: Language | null;
}

@InputType()
export class LoginInput {
  @Field()
  @IsNotEmpty({ message: 'Enter your email' })
  @MaxLength(254)
  email!: string;

  @Field()
  @IsNotEmpty({ message: 'Enter your password' })
  @MaxLength(200)
  password!: string;
}

@InputType()
export class UpdateProfileInput {
  @Field()
  @IsNotEmpty({ message: 'Enter your name' })
  @MaxLength(100)
  name!: string;

  @Field(() => Gender, { nullable: true })
  @IsOptional()
  @IsIn(Object.values(Gender))
  gender?: Gender | null;

  @Field()
  @IsNotEmpty({ message: 'Enter your phone number' })
  @MaxLength(20)
  phone!: string;

  @Field({ description: 'YYYY-MM-DD' })
  @Matches(/^\d{4}-\d{2}-\d{2}$/, { message: 'Enter your birthdate' })
  birthdate!: string;
}

@InputType()
export class ChangePasswordInput {
  @Field()
  @IsNotEmpty({ message: 'Enter your old password' })
  @MaxLength(200)
  oldPassword!: string;

  @Field()
  @IsNotEmpty({ message: 'Enter your new password' })
  @MinLength(1)
  newPassword!: string;

  @Field()
  @IsNotEmpty({ message: 'Confirm your new password' })
  confirmPassword!: string;
}

@ObjectType()
export class AuthPayload {
  @Field({ description: 'Access token: send as "Authorization: Bearer <token>"' })
  token!: string;

  @Field({ description: 'Opaque; trade it for a new pair with refreshSession' })
  refreshToken!: string;

  @Field(() => Int, { description: 'Seconds until the access token expires' })
  expiresIn!: number;

  @Field(() => User)
  user!: User;
}
