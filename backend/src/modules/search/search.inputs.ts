import { ArgsType, Field, Int, registerEnumType } from 'type-graphql';
import { IsEnum, IsInt, IsNotEmpty, Max, MaxLength, Min } from 'class-validator';

export enum SearchScope {
  All = 'all',
  Doctors = 'doctors',
  Medicines = 'medicines',
}
registerEnumType(SearchScope, { name: 'SearchScope', description: 'Which catalogues suggestions come from' });

/** Suggestions get at most this many of each kind: a short list under a search box. */
export const MAX_SUGGESTIONS = 8;

@ArgsType()
export class SearchSuggestionArgs {
  @Field({ description: 'What has been typed so far: English, Banglish or Bangla script' })
  @IsNotEmpty()
  @MaxLength(100)
  text!: string;

  @Field(() => SearchScope, { defaultValue: SearchScope.All })
  @IsEnum(SearchScope)
  scope: SearchScope = SearchScope.All;

  @Field(() => Int, { defaultValue: 5, description: `Of each kind, at most ${MAX_SUGGESTIONS}` })
  @IsInt()
  @Min(1)
  @Max(MAX_SUGGESTIONS)
  limit: number = 5;
}
