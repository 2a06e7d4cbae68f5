import type { RouteFn } from '../../common/rest.js';
import { Role } from '../../common/roles.js';

export function registerDashboardRoutes(route: RouteFn): void {
  route('get', '/admin/dashboard', [Role.Admin], async (ctx) => ({ success: true, dashboard: await ctx.services.dashboard.figures(ctx.em) }));
}
