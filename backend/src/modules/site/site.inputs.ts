import { Field, InputType } from 'type-graphql';
import { IsEmail, IsNotEmpty, IsOptional, MaxLength } from 'class-validator';

/** The information pages' small data: contact messages and the partners strip. */
@InputType()
export class ContactMessageInput {
  @Field()
  @IsNotEmpty({ message: 'Enter all Fields' })
  @MaxLength(100)
  name!: string;

  @Field()
  @IsEmail({}, { message: 'Enter a valid email address' })
  @MaxLength(254)
  email!: string;

  @Field(() => String, { nullable: true })
  @IsOptional()
  @MaxLength(200)
  subject?: string | null;

  @Field()
  @IsNotEmpty({ message: 'Enter all Fields' })
  @MaxLength(5000)
  message!: string;
}
