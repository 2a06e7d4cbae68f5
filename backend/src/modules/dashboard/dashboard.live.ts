import { Field, ObjectType, Resolver, Root, Subscription } from 'type-graphql';
import type { Context } from '../../common/context.js';
import { Allow } from '../../common/access.js';
import { Role } from '../../common/roles.js';
import { LimitedIn } from '../../common/limits.js';
import { LIVE_LIMIT, LiveEventType, type LiveUpdate } from '../../common/live.js';
import { wrongTransport } from '../../common/errors.js';
import { AdminDashboard } from './dashboard.types.js';

@ObjectType({ description: 'An update of dashboardEvents' })
export class DashboardEvent {
  @Field(() => LiveEventType)
  type!: LiveEventType;

  @Field(() => AdminDashboard, { description: 'The figures computed now' })
  dashboard!: AdminDashboard;

  @Field({ description: 'When the server sent it' })
  at!: Date;
}

/**
 * The admin dashboard's figures again whenever anything they count changes (bookings, payments,
 * orders, refunds, accounts, doctors, blood requests, stock, hires), at most once per
 * LIVE_DASHBOARD_SECONDS: a burst of changes is one computation (four aggregates) per admin.
 */
export function followDashboard(ctx: Context) {
  const { dashboard, live, config } = ctx.services;
  return live.follow<AdminDashboard>(ctx, {
    current: (c) => dashboard.figures(c.em),
    // Any change may move a figure (a doctor's review moves the pending count); an online switch moves
    // none and is folded in with the rest.
    concerns: () => true,
    read: (_s, c) => dashboard.figures(c.em),
    keyOf: () => 'figures',
    foldMs: config.live.dashboardSeconds * 1000,
  });
}

@Resolver()
export class DashboardLiveResolver {
  @Subscription(() => DashboardEvent, {
    description: "Live: the admin dashboard's figures as what they count changes (at most once per LIVE_DASHBOARD_SECONDS). SYNC comes first with the figures now",
    subscribe: ({ context }) => followDashboard(context as Context),
  })
  @Allow(Role.Admin)
  @LimitedIn(LIVE_LIMIT)
  dashboardEvents(@Root() update: LiveUpdate<AdminDashboard> | undefined): DashboardEvent {
    if (!update?.record) throw wrongTransport();
    return { type: update.type, dashboard: update.record, at: update.at };
  }
}
