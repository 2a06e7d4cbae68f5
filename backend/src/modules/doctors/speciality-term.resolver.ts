import { Arg, Args, Ctx, FieldResolver, ID, Mutation, ObjectType, Query, Resolver, Root } from 'type-graphql';
import type { Context } from '../../common/context.js';
import { Allow } from '../../common/access.js';
import { Role } from '../../common/roles.js';
import { Paginated } from '../../common/pagination.js';
import { SpecialityTerm } from './speciality-term.entity.js';
import { SpecialityTermInput, SpecialityTermListArgs, SpecialityTermUpdateInput } from './speciality-term.inputs.js';

@ObjectType()
export class SpecialityTermPage extends Paginated(SpecialityTerm) {}

/** The admin's table of search terms (/admin/search-terms); every change is audited like any admin mutation. */
@Resolver(() => SpecialityTerm)
export class SpecialityTermResolver {
  @FieldResolver(() => Date, { description: 'When it was last changed' })
  changedAt(@Root() term: SpecialityTerm): Date {
    return term.updatedAt;
  }

  @Query(() => SpecialityTermPage, { description: 'The words and complaints that lead doctor searches to specialities' })
  @Allow(Role.Admin)
  specialityTerms(@Args() args: SpecialityTermListArgs, @Ctx() ctx: Context) {
    return ctx.services.specialityTerms.list(ctx.em, args);
  }

  @Mutation(() => SpecialityTerm)
  @Allow(Role.Admin)
  createSpecialityTerm(@Arg('input') input: SpecialityTermInput, @Ctx() ctx: Context) {
    return ctx.services.specialityTerms.create(ctx.em, input);
  }

  @Mutation(() => SpecialityTerm)
  @Allow(Role.Admin)
  updateSpecialityTerm(@Arg('id', () => ID) id: string, @Arg('input') input: SpecialityTermUpdateInput, @Ctx() ctx: Context) {
    return ctx.services.specialityTerms.update(ctx.em, id, input);
  }

  @Mutation(() => Boolean)
  @Allow(Role.Admin)
  deleteSpecialityTerm(@Arg('id', () => ID) id: string, @Ctx() ctx: Context) {
    return ctx.services.specialityTerms.remove(ctx.em, id);
  }
}
