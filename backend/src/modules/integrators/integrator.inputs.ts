import { Field, ID, InputType, Int } from 'type-graphql';
import { ArrayMaxSize, ArrayUnique, IsArray, IsEmail, IsEnum, IsInt, IsNotEmpty, IsOptional, IsUUID, Max, MaxLength, Min } from 'class-validator';
import { IntegratorScope, OrganisationKind } from '../../common/scopes.js';

/** Longest overlap a rotation may leave the old key working: a week. */
export const MAX_OVERLAP_MINUTES = 7 * 24 * 60;
/** Most doctors one hospital's app is linked to (a large hospital's consultants, with room to spare). */
export const MAX_HOSPITAL_DOCTORS = 500;

@InputType()
export class IntegratorAppInput {
  @Field()
  @IsNotEmpty({ message: 'Enter the app name' })
  @MaxLength(100)
  name!: string;

  @Field()
  @IsNotEmpty({ message: 'Enter a contact email' })
  @IsEmail({}, { message: 'Enter a valid email address' })
  @MaxLength(254)
  contactEmail!: string;

  @Field(() => [IntegratorScope])
  @IsEnum(IntegratorScope, { each: true })
  @ArrayUnique()
  @ArrayMaxSize(20)
  scopes!: IntegratorScope[];

  @Field(() => OrganisationKind, { nullable: true })
  @IsOptional()
  @IsEnum(OrganisationKind)
  organisationKind?: OrganisationKind | null;

  @Field(() => String, { nullable: true, description: "The hospital's or insurer's name, for people to read (it opens nothing)" })
  @IsOptional()
  @MaxLength(200)
  organisationName?: string | null;

  @Field(() => [ID], { nullable: true, description: `A hospital's app: the doctors whose hospital visits it reads and hears of (webhooks), at most ${MAX_HOSPITAL_DOCTORS}. Left out of an update: unchanged` })
  @IsOptional()
  @IsArray()
  @ArrayUnique()
  @ArrayMaxSize(MAX_HOSPITAL_DOCTORS)
  @IsUUID('all', { each: true, message: 'Choose doctors from the list' })
  hospitalDoctorIds?: string[] | null;

  @Field(() => Int, { nullable: true, description: 'Bucket size in cost points (default 1,000)' })
  @IsOptional()
  @IsInt()
  @Min(1)
  @Max(1_000_000)
  quotaSize?: number | null;

  @Field(() => Int, { nullable: true, description: 'Points restored per second (default 100)' })
  @IsOptional()
  @IsInt()
  @Min(1)
  @Max(100_000)
  quotaRestoreRate?: number | null;
}

@InputType()
export class RotateIntegratorKeyInput {
  @Field(() => Int, { defaultValue: 60, description: 'Minutes the old keys keep working (0: they stop now; at most a week)' })
  @IsInt()
  @Min(0)
  @Max(MAX_OVERLAP_MINUTES)
  overlapMinutes: number = 60;
}
