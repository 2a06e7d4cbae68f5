import { ArgsType, Field, InputType, Int } from 'type-graphql';
import { IsBoolean, IsEnum, IsInt, IsNotEmpty, IsOptional, Max, MaxLength, Min } from 'class-validator';
import { PageArgs } from '../../common/pagination.js';
import { MedicineForm, MedicineUnit } from './medicine.entity.js';

const ALL = 'Enter all Fields';

@ArgsType()
export class MedicineSearchArgs extends PageArgs {
  @Field(() => String, { nullable: true, description: 'Brand (Latin or Bangla script), generic, company, strength or form, as typed: Banglish and misspellings of a letter or two too; best matches first' })
  @IsOptional()
  @MaxLength(100)
  keyword?: string | null;

  @Field(() => MedicineForm, { nullable: true })
  @IsOptional()
  @IsEnum(MedicineForm)
  form?: MedicineForm | null;

  @Field({ defaultValue: false, description: 'Admins: include medicines hidden from the catalogue' })
  includeInactive: boolean = false;

  @Field({ defaultValue: false, description: 'Admins: only medicines at or below the low-stock threshold (the dashboard tile)' })
  lowStock: boolean = false;
}

/** Admin create: every field but the image, the description and the Bangla name is required. */
@InputType()
export class MedicineInput {
  @Field()
  @IsNotEmpty({ message: ALL })
  @MaxLength(120)
  name!: string;

  @Field({ nullable: true, description: 'The brand in Bangla script (নাপা); left out: none yet' })
  @IsOptional()
  @MaxLength(120)
  nameBn?: string;

  @Field()
  @IsNotEmpty({ message: ALL })
  @MaxLength(200)
  genericName!: string;

  @Field()
  @IsNotEmpty({ message: ALL })
  @MaxLength(120)
  company!: string;

  @Field()
  @IsNotEmpty({ message: ALL })
  @MaxLength(60)
  strength!: string;

  @Field(() => MedicineForm)
  @IsEnum(MedicineForm, { message: ALL })
  form!: MedicineForm;

  @Field(() => MedicineUnit)
  @IsEnum(MedicineUnit, { message: ALL })
  unit!: MedicineUnit;

  @Field(() => Int, { description: 'Price of one unit in poisha' })
  @IsInt({ message: ALL })
  @Min(1)
  @Max(10_000_000)
  pricePoisha!: number;

  @Field(() => Int)
  @IsInt({ message: ALL })
  @Min(0)
  @Max(1_000_000)
  stock!: number;

  @Field({ nullable: true })
  @IsOptional()
  @MaxLength(5000)
  description?: string;

  @Field({ defaultValue: false, description: 'Sold only with a prescription' })
  @IsBoolean()
  prescriptionRequired: boolean = false;

  @Field(() => Int, { nullable: true, description: 'Doses in one unit (tablets in a strip); left out: 10 for a strip, 1 for a loose tablet, else the whole pack' })
  @IsOptional()
  @IsInt()
  @Min(1)
  @Max(1000)
  dosesPerUnit?: number | null;
}

/** Admin update: only what is sent changes. */
@InputType()
export class MedicineUpdateInput {
  @Field({ nullable: true })
  @IsOptional()
  @IsNotEmpty()
  @MaxLength(120)
  name?: string;

  @Field({ nullable: true, description: "The brand in Bangla script; '' removes it" })
  @IsOptional()
  @MaxLength(120)
  nameBn?: string;

  @Field({ nullable: true })
  @IsOptional()
  @IsNotEmpty()
  @MaxLength(200)
  genericName?: string;

  @Field({ nullable: true })
  @IsOptional()
  @IsNotEmpty()
  @MaxLength(120)
  company?: string;

  @Field({ nullable: true })
  @IsOptional()
  @IsNotEmpty()
  @MaxLength(60)
  strength?: string;

  @Field(() => MedicineForm, { nullable: true })
  @IsOptional()
  @IsEnum(MedicineForm)
  form?: MedicineForm;

  @Field(() => MedicineUnit, { nullable: true })
  @IsOptional()
  @IsEnum(MedicineUnit)
  unit?: MedicineUnit;

  @Field(() => Int, { nullable: true })
  @IsOptional()
  @IsInt()
  @Min(1)
  @Max(10_000_000)
  pricePoisha?: number;

  @Field(() => Int, { nullable: true, description: 'The new stock level (absolute)' })
  @IsOptional()
  @IsInt()
  @Min(0)
  @Max(1_000_000)
  stock?: number;

  @Field({ nullable: true })
  @IsOptional()
  @MaxLength(5000)
  description?: string;

  @Field({ nullable: true })
  @IsOptional()
  @IsBoolean()
  isActive?: boolean;

  @Field({ nullable: true, description: 'Sold only with a prescription' })
  @IsOptional()
  @IsBoolean()
  prescriptionRequired?: boolean;

  @Field(() => Int, { nullable: true, description: 'Doses in one unit (tablets in a strip)' })
  @IsOptional()
  @IsInt()
  @Min(1)
  @Max(1000)
  dosesPerUnit?: number;
}

/** A pharmacy partner's update: stock on hand and price, nothing else of the medicine. */
@InputType()
export class MedicineStockInput {
  @Field(() => Int, { nullable: true, description: 'The new stock level (absolute)' })
  @IsOptional()
  @IsInt()
  @Min(0)
  @Max(1_000_000)
  stock?: number;

  @Field(() => Int, { nullable: true, description: 'The new price in poisha' })
  @IsOptional()
  @IsInt()
  @Min(1)
  @Max(10_000_000)
  pricePoisha?: number;
}
