import type { RouteFn } from '../../common/rest.js';
import { parseInput } from '../../common/input.js';
import { AmbulanceListArgs } from './ambulance.inputs.js';

export function registerAmbulanceRoutes(route: RouteFn): void {
  route('get', '/ambulances', 'public', async (ctx, req) => {
    const list = await ctx.services.ambulances.list(ctx.em, await parseInput(AmbulanceListArgs, req.query));
    return { success: true, ambulances: list.map((a) => ({ _id: a.id, id: a.id, name: a.name, area: a.area, phone: a.phone, type: a.type, available24h: a.available24h })) };
  });
}
