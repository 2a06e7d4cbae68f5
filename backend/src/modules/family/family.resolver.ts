import { Arg, Ctx, ID, Mutation, Query, Resolver } from 'type-graphql';
import type { Context } from '../../common/context.js';
import { Allow } from '../../common/access.js';
import { LimitedIn } from '../../common/limits.js';
import { Role } from '../../common/roles.js';
import { FamilyMember } from './family-member.entity.js';
import { FamilyMemberInput } from './family.inputs.js';
import { FAMILY_LIMIT } from './family.service.js';
import { Idempotent } from '../../common/idempotency.js';

@Resolver(() => FamilyMember)
export class FamilyResolver {
  @Query(() => [FamilyMember], { description: "The caller's family members (people they book, hire and order for), oldest first" })
  @Allow(Role.User)
  myFamilyMembers(@Ctx() ctx: Context) {
    return ctx.services.family.list(ctx.em, ctx.user!);
  }

  @Mutation(() => FamilyMember, { description: 'Adds someone the caller cares for; a family member has no login' })
  @Allow(Role.User)
  @LimitedIn(FAMILY_LIMIT)
  @Idempotent()
  addFamilyMember(@Arg('input') input: FamilyMemberInput, @Ctx() ctx: Context) {
    return ctx.services.family.add(ctx.em, ctx.user!, input);
  }

  @Mutation(() => FamilyMember, { description: "Changes one of the caller's own family members; past bookings keep the details they were made with" })
  @Allow(Role.User)
  updateFamilyMember(@Arg('id', () => ID) id: string, @Arg('input') input: FamilyMemberInput, @Ctx() ctx: Context) {
    return ctx.services.family.update(ctx.em, ctx.user!, id, input);
  }

  @Mutation(() => Boolean, { description: "Removes one of the caller's own family members; the care already booked for them stays" })
  @Allow(Role.User)
  async removeFamilyMember(@Arg('id', () => ID) id: string, @Ctx() ctx: Context) {
    await ctx.services.family.remove(ctx.em, ctx.user!, id);
    return true;
  }
}
