import { Args, Ctx, Query, Resolver } from 'type-graphql';
import type { Context } from '../../common/context.js';
import { Public } from '../../common/access.js';
import { AmbulanceService } from './ambulance.entity.js';
import { AmbulanceListArgs } from './ambulance.inputs.js';

@Resolver()
export class AmbulanceResolver {
  @Query(() => [AmbulanceService])
  @Public()
  ambulanceServices(@Args() args: AmbulanceListArgs, @Ctx() ctx: Context) {
    return ctx.services.ambulances.list(ctx.em, args);
  }
}
