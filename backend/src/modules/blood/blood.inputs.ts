import { Field, ID, InputType } from 'type-graphql';
import { IsBoolean, IsEmail, IsEnum, IsNotEmpty, IsOptional, Matches, MaxLength } from 'class-validator';
import { DhakaArea } from '../../common/dhaka-area.js';
import { BloodGroup } from './blood.enums.js';

const ALL = 'Enter all Fields';

@InputType()
export class BloodRequestInput {
  @Field()
  @IsNotEmpty({ message: ALL })
  @MaxLength(100)
  name!: string;

  @Field()
  @IsNotEmpty({ message: ALL })
  @MaxLength(20)
  phone!: string;

  @Field()
  @IsNotEmpty({ message: ALL })
  @IsEmail({}, { message: 'Enter a valid email address' })
  @MaxLength(254)
  email!: string;

  @Field(() => BloodGroup)
  @IsEnum(BloodGroup, { message: ALL })
  group!: BloodGroup;

  @Field(() => DhakaArea, { nullable: true, description: 'Optional (the earlier form had none); donors are then matched city-wide' })
  @IsOptional()
  @IsEnum(DhakaArea)
  area?: DhakaArea | null;
}

@InputType()
export class BloodDonorInput {
  @Field(() => BloodGroup)
  @IsEnum(BloodGroup, { message: ALL })
  group!: BloodGroup;

  @Field(() => DhakaArea)
  @IsEnum(DhakaArea, { message: ALL })
  area!: DhakaArea;

  @Field(() => String, { nullable: true, description: 'YYYY-MM-DD; leave empty if you have never donated' })
  @IsOptional()
  @Matches(/^\d{4}-\d{2}-\d{2}$/, { message: 'Enter the date of your last donation' })
  lastDonationDate?: string | null;

  @Field()
  @IsNotEmpty({ message: ALL })
  @MaxLength(20)
  phone!: string;

  @Field({ defaultValue: true })
  @IsBoolean()
  available: boolean = true;
}

@InputType()
export class BloodRequestAccessInput {
  @Field(() => ID)
  @IsNotEmpty()
  requestId!: string;

  @Field(() => String, { nullable: true, description: 'The accessToken returned when the request was sent (visitors)' })
  @IsOptional()
  @MaxLength(200)
  accessToken?: string | null;
}
