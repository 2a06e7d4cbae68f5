import { ArgsType, Field, InputType } from 'type-graphql';
import { ArrayMaxSize, ArrayMinSize, IsEnum, IsNotEmpty, IsOptional, MaxLength } from 'class-validator';
import { PageArgs } from '../../common/pagination.js';
import { SpecialityTermKind } from './speciality-term.entity.js';

const ALL = 'Enter all Fields';

@InputType()
export class SpecialityTermInput {
  @Field({ description: 'As a patient would type it: English, Bangla or Banglish' })
  @IsNotEmpty({ message: ALL })
  @MaxLength(80)
  term!: string;

  @Field(() => SpecialityTermKind)
  @IsEnum(SpecialityTermKind, { message: ALL })
  kind!: SpecialityTermKind;

  @Field(() => [String], { description: 'Speciality titles (Speciality.title), most fitting first' })
  @ArrayMinSize(1, { message: ALL })
  @ArrayMaxSize(5)
  @IsNotEmpty({ each: true, message: ALL })
  @MaxLength(60, { each: true })
  specialities!: string[];
}

/** Only what is sent changes. */
@InputType()
export class SpecialityTermUpdateInput {
  @Field({ nullable: true }) @IsOptional() @IsNotEmpty() @MaxLength(80) term?: string;
  @Field(() => SpecialityTermKind, { nullable: true }) @IsOptional() @IsEnum(SpecialityTermKind) kind?: SpecialityTermKind;
  @Field(() => [String], { nullable: true }) @IsOptional() @ArrayMinSize(1) @ArrayMaxSize(5) @IsNotEmpty({ each: true }) @MaxLength(60, { each: true }) specialities?: string[];
}

@ArgsType()
export class SpecialityTermListArgs extends PageArgs {
  @Field(() => String, { nullable: true, description: 'Matches the term as typed, in any script or spelling that reads the same' })
  @IsOptional()
  @MaxLength(100)
  search?: string | null;

  @Field(() => SpecialityTermKind, { nullable: true })
  @IsOptional()
  @IsEnum(SpecialityTermKind)
  kind?: SpecialityTermKind | null;

  @Field(() => String, { nullable: true, description: 'Terms that lead to this speciality (its title)' })
  @IsOptional()
  @MaxLength(60)
  speciality?: string | null;
}
