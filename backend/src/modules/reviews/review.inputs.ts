import { Field, Float, ID, InputType } from 'type-graphql';
import { IsNotEmpty, IsUUID, Max, MaxLength, Min, Validate, ValidatorConstraint, type ValidatorConstraintInterface } from 'class-validator';

@ValidatorConstraint({ name: 'halfStep' })
class HalfStep implements ValidatorConstraintInterface {
  validate(v: unknown) {
    return typeof v === 'number' && Number.isInteger(v * 2);
  }
  defaultMessage() {
    return 'Rating goes in half stars (0.5, 1, 1.5 … 5)';
  }
}

@InputType()
export class DoctorReviewInput {
  @Field(() => ID)
  @IsUUID('all', { message: 'Choose a doctor' })
  doctorId!: string;

  @Field(() => Float, { description: '0.5 to 5 in steps of 0.5' })
  @Min(0.5, { message: 'Choose a rating' })
  @Max(5)
  @Validate(HalfStep)
  rating!: number;

  @Field()
  @IsNotEmpty({ message: 'Write a few words' })
  @MaxLength(2000)
  comment!: string;
}
