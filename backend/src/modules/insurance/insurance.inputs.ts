import { Field, InputType } from 'type-graphql';
import { IsEmail, IsIn, IsNotEmpty, MaxLength } from 'class-validator';
import { Gender } from '../accounts/index.js';

const ALL = 'Enter all Fields';

@InputType()
export class InsuranceApplicationInput {
  @Field()
  @IsNotEmpty({ message: ALL })
  @MaxLength(100)
  name!: string;

  @Field()
  @IsNotEmpty({ message: ALL })
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
}
