import { ArgsType, Field, ID, InputType, Int } from 'type-graphql';
import { ArrayMaxSize, IsInt, IsNotEmpty, IsOptional, IsUUID, Max, MaxLength, Min, ValidateNested } from 'class-validator';
import { PageArgs } from '../../common/pagination.js';
import { CARE_FOR_ARG } from '../family/index.js';
import { MAX_MEDICINE_ROWS } from './prescription.entity.js';

@InputType()
export class MedicineLineInput {
  @Field()
  @IsNotEmpty({ message: 'Enter the medicine name' })
  @MaxLength(120)
  medname!: string;

  @Field()
  @IsNotEmpty({ message: 'Enter how it is taken' })
  @MaxLength(60)
  dailyUse!: string;

  @Field(() => Int)
  @IsInt({ message: 'Days must be a whole number' })
  @Min(1)
  @Max(365)
  days!: number;

  @Field()
  @IsNotEmpty({ message: 'Enter the quantity' })
  @MaxLength(40)
  quantity!: string;
}

/** The ids of doctor and patient come from the appointment, never from the request. */
@InputType()
export class WritePrescriptionInput {
  @Field(() => ID)
  @IsUUID('all', { message: 'Choose an appointment' })
  appointmentId!: string;

  @Field(() => [MedicineLineInput])
  @ArrayMaxSize(MAX_MEDICINE_ROWS, { message: `At most ${MAX_MEDICINE_ROWS} medicines per prescription` })
  @ValidateNested({ each: true })
  medicines!: MedicineLineInput[];

  @Field({ defaultValue: '' })
  @MaxLength(4000)
  medInfo: string = '';

  @Field({ defaultValue: '' })
  @MaxLength(4000)
  doctorAdvice: string = '';

  @Field({ defaultValue: '' })
  @MaxLength(500)
  followUp: string = '';
}

/** The patient's own prescriptions, and who they were written for. */
@ArgsType()
export class MyPrescriptionArgs extends PageArgs {
  @Field(() => ID, { nullable: true, description: CARE_FOR_ARG })
  @IsOptional()
  @IsUUID('all')
  careFor?: string | null;
}
