import { Arg, Field, ID, ObjectType, Resolver, Root, Subscription } from 'type-graphql';
import type { Context } from '../../common/context.js';
import { Allow } from '../../common/access.js';
import { Role } from '../../common/roles.js';
import { LimitedIn } from '../../common/limits.js';
import { IntegratorScope, Scope } from '../../common/scopes.js';
import { LIVE_LIMIT, LiveEventType, unlessHidden, type LiveUpdate } from '../../common/live.js';
import { wrongTransport } from '../../common/errors.js';
import { OrderView } from './order.read.js';
import { inOrderListOf, mayConcernOrders, type OrderViewer } from './order.policy.js';

@ObjectType({ description: 'An update of orderEvents' })
export class OrderEvent {
  @Field(() => LiveEventType)
  type!: LiveEventType;

  @Field(() => OrderView, {
    nullable: true,
    description: 'CHANGE: the order as you may see it now. SYNC: the one followed by id, or null when following a list (refetch it)',
  })
  order!: OrderView | null;

  @Field({ description: 'When the server sent it' })
  at!: Date;
}

/**
 * One order as the `order` query reads it for this caller (its patient, admins, pharmacists the
 * prescription ones, apps with orders:read), on record as the query's read is; NOT_FOUND otherwise.
 */
async function readOrder(ctx: Context, viewer: OrderViewer, id: string): Promise<OrderView> {
  const { orders, audit } = ctx.services;
  if (viewer.integrator) {
    const order = await orders.anyById(ctx.em, id);
    await audit.recordIntegratorRead(ctx.em, viewer.integrator, 'Order', [order.id], { live: true });
    return order;
  }
  return orders.byId(ctx.em, viewer.user!, id, { live: true });
}

/**
 * What a subscriber hears of orders: with an id, that order (its prescription check, payment, status
 * moves, refunds); without, every order of the caller's own list (patient: myOrders, pharmacist: the
 * prescription orders, admin and apps: every order).
 */
export function followOrders(ctx: Context, id: string | null) {
  const viewer: OrderViewer = { user: ctx.user, integrator: ctx.integrator };
  if (id) {
    return ctx.services.live.follow<OrderView>(ctx, {
      current: (c) => readOrder(c, viewer, id),
      concerns: (s) => s.kind === 'order' && s.id === id,
      read: (_s, c) => unlessHidden(readOrder(c, viewer, id)),
    });
  }
  return ctx.services.live.follow<OrderView>(ctx, {
    current: async () => null,
    concerns: (s) => mayConcernOrders(viewer, s),
    read: async (s, c) => {
      if (s.kind !== 'order') return null;
      const order = await unlessHidden(readOrder(c, viewer, s.id));
      return order && inOrderListOf(viewer, order) ? order : null;
    },
  });
}

@Resolver()
export class OrderLiveResolver {
  @Subscription(() => OrderEvent, {
    description: 'Live: one order (id) or every order of your list as it changes: placed, its prescription checked, paid, confirmed, delivered, '
      + 'cancelled, refunded. SYNC comes first and whenever changes may have been missed',
    subscribe: ({ args, context }) => followOrders(context as Context, (args as { id?: string | null }).id ?? null),
  })
  @Allow(Role.User, Role.Pharmacist, Role.Admin)
  @Scope(IntegratorScope.ORDERS_READ)
  @LimitedIn(LIVE_LIMIT)
  orderEvents(
    @Root() update: LiveUpdate<OrderView> | undefined,
    @Arg('id', () => ID, { nullable: true, description: 'Follow this order; leave out to follow your list' }) _id?: string | null,
  ): OrderEvent {
    if (!update) throw wrongTransport();
    return { type: update.type, order: update.record, at: update.at };
  }
}
