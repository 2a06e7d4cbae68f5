import { ArgsType, Field, ID, InputType, Int } from 'type-graphql';
import { IsDefined, IsEnum, IsIn, IsNotEmpty, IsOptional, IsUUID, Matches, MaxLength, Validate, ValidateIf } from 'class-validator';
import { AdminPageArgs } from '../../common/pagination.js';
import { Gender } from '../accounts/index.js';
import { CARE_FOR_ARG } from '../family/index.js';
import { IsAge, IsHeight, IsWeight } from './vitals.js';
import { AppointmentKind, AppointmentPaymentStatus, AppointmentStatus, VisitSlot } from './appointment.enums.js';

const DETAILS = 'Please enter your details';
const FOR_MEMBER = "One of the caller's family members the care is for; without it, the caller";
/** Name, age and gender come from the family member when one is named (the form fills them in). */
const forSelf = (o: { familyMemberId?: string | null }) => !o.familyMemberId;

/**
 * The consultation form: every field required ('Please enter your details'); the fee is the
 * doctor's. For a family member, their name, age and gender are theirs (whatever is sent).
 */
@InputType()
export class BookConsultationInput {
  @Field(() => ID)
  @IsUUID('all', { message: 'Choose a doctor' })
  doctorId!: string;

  @Field(() => ID, { nullable: true, description: FOR_MEMBER })
  @IsOptional()
  @IsUUID('all', { message: 'Choose who it is for' })
  familyMemberId?: string | null;

  @Field(() => String, { nullable: true, description: 'Required unless familyMemberId is given' })
  @ValidateIf(forSelf)
  @IsNotEmpty({ message: DETAILS })
  @MaxLength(100)
  name?: string | null;

  // An age, weight or height that is not one is refused with its own rule (isAge, isWeight,
  // isHeight: the web form words each), never clamped.
  // age: whole years, 0 to AGE_MAX; weight: kg (58, 58 kg, 58.5 kg) or lb; height: 5'2", 5 ft 2 in, 157 cm or 1.57 m.
  @Field(() => Int, { nullable: true, description: 'Required unless familyMemberId is given' })
  @ValidateIf(forSelf)
  @IsDefined({ message: DETAILS })
  @Validate(IsAge)
  age?: number | null;

  @Field()
  @IsNotEmpty({ message: DETAILS })
  @MaxLength(20)
  @Validate(IsWeight)
  weight!: string;

  @Field()
  @IsNotEmpty({ message: DETAILS })
  @MaxLength(20)
  @Validate(IsHeight)
  height!: string;

  @Field(() => Gender, { nullable: true, description: 'Required unless familyMemberId is given' })
  @ValidateIf(forSelf)
  @IsIn(Object.values(Gender), { message: DETAILS })
  gender?: Gender | null;

  @Field()
  @IsNotEmpty({ message: DETAILS })
  @MaxLength(2000)
  problem!: string;
}

@InputType()
export class BookHospitalVisitInput {
  @Field(() => ID)
  @IsUUID('all', { message: 'Choose a doctor' })
  doctorId!: string;

  @Field(() => ID, { nullable: true, description: FOR_MEMBER })
  @IsOptional()
  @IsUUID('all', { message: 'Choose who it is for' })
  familyMemberId?: string | null;

  @Field(() => String, { nullable: true, description: 'Required unless familyMemberId is given' })
  @ValidateIf(forSelf)
  @IsNotEmpty({ message: DETAILS })
  @MaxLength(100)
  patientName?: string | null;

  @Field()
  @IsNotEmpty({ message: DETAILS })
  @MaxLength(20)
  phone!: string;

  @Field({ description: 'YYYY-MM-DD, today or later (Asia/Dhaka)' })
  @Matches(/^\d{4}-\d{2}-\d{2}$/, { message: DETAILS })
  date!: string;

  @Field(() => VisitSlot)
  @IsEnum(VisitSlot, { message: DETAILS })
  slot!: VisitSlot;
}

@ArgsType()
export class AppointmentListArgs extends AdminPageArgs {
  @Field(() => AppointmentStatus, { nullable: true })
  @IsOptional()
  @IsEnum(AppointmentStatus)
  status?: AppointmentStatus | null;

  @Field(() => AppointmentKind, { nullable: true })
  @IsOptional()
  @IsEnum(AppointmentKind)
  kind?: AppointmentKind | null;

  @Field(() => AppointmentPaymentStatus, { nullable: true, description: 'Paid: the consultations whose fee came in (the revenue tile)' })
  @IsOptional()
  @IsEnum(AppointmentPaymentStatus)
  paymentStatus?: AppointmentPaymentStatus | null;
}

/** The patient's own bookings: the admin list's filters, and who the care was for. */
@ArgsType()
export class MyAppointmentListArgs extends AppointmentListArgs {
  @Field(() => ID, { nullable: true, description: CARE_FOR_ARG })
  @IsOptional()
  @IsUUID('all')
  careFor?: string | null;
}

/** The hospital visits of one hospital: an app's own (its organisation), or any one an admin names. */
@ArgsType()
export class HospitalVisitArgs extends AdminPageArgs {
  @Field(() => AppointmentStatus, { nullable: true })
  @IsOptional()
  @IsEnum(AppointmentStatus)
  status?: AppointmentStatus | null;

  @Field(() => String, { nullable: true, description: "Admins: the hospital, as its doctors name their work place (an app always gets its own)" })
  @IsOptional()
  @MaxLength(200)
  hospital?: string | null;
}

@InputType()
export class AppointmentStatusInput {
  @Field(() => AppointmentStatus)
  @IsEnum(AppointmentStatus, { message: 'Choose a status' })
  status!: AppointmentStatus;
}

@ArgsType()
export class HospitalSlotArgs {
  @Field(() => ID)
  @IsUUID('all')
  doctorId!: string;

  @Field({ description: 'YYYY-MM-DD' })
  @Matches(/^\d{4}-\d{2}-\d{2}$/, { message: 'Choose a date' })
  date!: string;
}
