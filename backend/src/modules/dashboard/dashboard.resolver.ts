import { Ctx, Query, Resolver } from 'type-graphql';
import type { Context } from '../../common/context.js';
import { Allow } from '../../common/access.js';
import { Role } from '../../common/roles.js';
import { AdminDashboard } from './dashboard.types.js';

@Resolver()
export class DashboardResolver {
  @Query(() => AdminDashboard, { description: "The admin dashboard's figures and the last 30 days, computed now" })
  @Allow(Role.Admin)
  adminDashboard(@Ctx() ctx: Context) {
    return ctx.services.dashboard.figures(ctx.em);
  }
}
