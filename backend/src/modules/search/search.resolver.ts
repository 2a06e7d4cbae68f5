import { Args, Ctx, Field, ObjectType, Query, Resolver } from 'type-graphql';
import type { Context } from '../../common/context.js';
import { Public } from '../../common/access.js';
import { Throttle } from '../../common/limits.js';
import { IntegratorScope, Scope } from '../../common/scopes.js';
import { DoctorView, Speciality } from '../doctors/index.js';
import { MedicineView } from '../medicines/index.js';
import { SearchSuggestionArgs } from './search.inputs.js';

@ObjectType({ description: 'A speciality a search leads to' })
export class SpecialitySuggestion {
  @Field(() => Speciality)
  speciality!: Speciality;

  @Field(() => String, { nullable: true, description: 'The word or complaint that led there ("chest pain"); null when the text names the speciality' })
  term!: string | null;
}

@ObjectType({ description: 'What a text typed so far finds, a few of each kind, best first' })
export class SearchSuggestions {
  @Field()
  text!: string;

  @Field(() => [SpecialitySuggestion])
  specialities!: SpecialitySuggestion[];

  @Field(() => [DoctorView], { description: 'The first doctors doctors(search: text) lists' })
  doctors!: DoctorView[];

  @Field(() => [MedicineView], { description: 'The first medicines medicines(keyword: text) lists' })
  medicines!: MedicineView[];

  @Field(() => String, { nullable: true, description: 'Nothing found: a spelling that would find something, or null' })
  didYouMean!: string | null;
}

@Resolver()
export class SearchResolver {
  @Query(() => SearchSuggestions, { description: 'Suggestions as one types, in English, Banglish or Bangla script' })
  @Public()
  @Scope(IntegratorScope.CATALOG_READ)
  @Throttle('search-ip')
  searchSuggestions(@Args() args: SearchSuggestionArgs, @Ctx() ctx: Context) {
    return ctx.services.search.suggest(ctx.em, ctx.reads, args);
  }
}
