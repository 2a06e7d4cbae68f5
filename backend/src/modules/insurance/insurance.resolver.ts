import { Arg, Args, Ctx, Mutation, ObjectType, Query, Resolver } from 'type-graphql';
import type { Context } from '../../common/context.js';
import { Throttle } from '../../common/limits.js';
import { Allow, Public } from '../../common/access.js';
import { Role } from '../../common/roles.js';
import { IntegratorScope, Scope } from '../../common/scopes.js';
import { AdminPageArgs, Paginated } from '../../common/pagination.js';
import { InsuranceApplication, InsuranceArticle } from './insurance.entity.js';
import { InsuranceApplicationInput } from './insurance.inputs.js';
import { Idempotent } from '../../common/idempotency.js';

@ObjectType()
export class InsuranceApplicationPage extends Paginated(InsuranceApplication) {}

@Resolver()
export class InsuranceResolver {
  @Query(() => [InsuranceArticle])
  @Public()
  insuranceArticles(@Ctx() ctx: Context) {
    return ctx.services.insurance.articles(ctx.em);
  }

  @Mutation(() => InsuranceApplication, { description: "The /insurance form's 'Apply Insurance'" })
  @Public()
  @Throttle('form-ip')
  @Idempotent()
  applyInsurance(@Arg('input') input: InsuranceApplicationInput, @Ctx() ctx: Context) {
    return ctx.services.insurance.apply(ctx.em, ctx.user, input);
  }

  @Query(() => InsuranceApplicationPage)
  @Allow(Role.Admin)
  @Scope(IntegratorScope.INSURANCE_READ)
  async insuranceApplications(@Args() args: AdminPageArgs, @Ctx() ctx: Context) {
    const page = await ctx.services.insurance.applications(ctx.em, args);
    if (ctx.integrator) await ctx.services.audit.recordIntegratorRead(ctx.em, ctx.integrator, 'InsuranceApplication', page.items.map((a) => a.id));
    return page;
  }
}
