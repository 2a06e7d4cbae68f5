import type { EntityManager } from '@mikro-orm/sql';
import { Args, ArgsType, Ctx, Field, Query, Resolver } from 'type-graphql';
import { IsEnum, IsOptional } from 'class-validator';
import type { Context } from '../../common/context.js';
import { Public } from '../../common/access.js';
import { DhakaArea } from '../../common/dhaka-area.js';
import { parseInput } from '../../common/input.js';
import type { RouteFn } from '../../common/rest.js';
import { AmbulanceService, AmbulanceType } from './ambulance.entity.js';

/** The ambulance directory is read-only and tiny, so its service, resolver and route share a file. */
@ArgsType()
export class AmbulanceListArgs {
  @Field(() => DhakaArea, { nullable: true })
  @IsOptional()
  @IsEnum(DhakaArea)
  area?: DhakaArea | null;

  @Field(() => AmbulanceType, { nullable: true })
  @IsOptional()
  @IsEnum(AmbulanceType)
  type?: AmbulanceType | null;
}

export class AmbulanceDirectory {
  list(em: EntityManager, args: AmbulanceListArgs): Promise<AmbulanceService[]> {
    const where: Record<string, unknown> = {};
    if (args.area) where.area = args.area;
    if (args.type) where.type = args.type;
    return em.find(AmbulanceService, where, { orderBy: { area: 'asc', name: 'asc' }, limit: 200 });
  }
}

@Resolver()
export class AmbulanceResolver {
  @Query(() => [AmbulanceService])
  @Public()
  ambulanceServices(@Args() args: AmbulanceListArgs, @Ctx() ctx: Context) {
    return ctx.services.ambulances.list(ctx.em, args);
  }
}

export function registerAmbulanceRoutes(route: RouteFn): void {
  route('get', '/ambulances', 'public', async (ctx, req) => {
    const list = await ctx.services.ambulances.list(ctx.em, await parseInput(AmbulanceListArgs, req.query));
    return { success: true, ambulances: list.map((a) => ({ _id: a.id, id: a.id, name: a.name, area: a.area, phone: a.phone, type: a.type, available24h: a.available24h })) };
  });
}
