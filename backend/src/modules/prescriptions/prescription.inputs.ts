import { ArgsType, Field, ID, InputType, Int } from 'type-graphql';
import { ArrayMaxSize, IsInt, IsNotEmpty, IsOptional, IsUUID, Max, MaxLength, Min, ValidateNested } from 'class-validator';
import { PageArgs } from '../../common/pagination.js';
import { CARE_FOR_ARG } from '../family/index.js';
import { MAX_MEDICINE_ROWS } from './prescription.entity.js';
import { MAX_REFILLS } from './dispensing.rules.js';

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

  @Field({ description: 'The course the pharmacy may dispense: its number counts tablets, capsules or doses ("15", "15 tablets"), or packs ("2 strips"); daily use × days when it names none' })
  @IsNotEmpty({ message: 'Enter the quantity' })
  @MaxLength(40)
  quantity!: string;

  @Field(() => Int, { defaultValue: 0, description: `Refills granted: the course may be dispensed this many more times (0 to ${MAX_REFILLS}) while the prescription is valid` })
  @IsInt({ message: 'Refills must be a whole number' })
  @Min(0)
  @Max(MAX_REFILLS, { message: `At most ${MAX_REFILLS} refills` })
  refills: number = 0;
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
