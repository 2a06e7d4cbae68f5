import { Arg, Args, Ctx, Field, FieldResolver, ID, Int, Mutation, ObjectType, Query, Resolver, Root } from 'type-graphql';
import { CHECKOUT_LIMIT } from './order.service.js';
import { OrderView } from './order.read.js';
import type { Context } from '../../common/context.js';
import { LimitedIn, Throttle } from '../../common/limits.js';
import { Allow, Public } from '../../common/access.js';
import { Role } from '../../common/roles.js';
import { IntegratorScope, Scope } from '../../common/scopes.js';
import { Paginated } from '../../common/pagination.js';
import { MedicineView } from '../medicines/index.js';
import { OrderStatus } from './order.entity.js';
import { AdminOrderArgs, CreateOrderInput, MyOrderArgs, OrderLineInput } from './order.inputs.js';

@ObjectType()
export class OrderPage extends Paginated(OrderView) {}

@ObjectType()
export class CartQuoteLine {
  @Field(() => ID)
  medicineId!: string;

  @Field(() => MedicineView, { nullable: true, description: 'null when the medicine is no longer sold' })
  medicine!: MedicineView | null;

  @Field(() => Int)
  quantity!: number;

  @Field(() => Int)
  unitPricePoisha!: number;

  @Field(() => Int)
  lineTotalPoisha!: number;

  @Field({ description: 'false when the medicine is gone or has less stock than the quantity' })
  available!: boolean;
}

@ObjectType()
export class CartQuote {
  @Field(() => [CartQuoteLine])
  lines!: CartQuoteLine[];

  @Field(() => Int, { description: 'Sum of the available lines' })
  itemsPoisha!: number;

  @Field(() => Int, { description: 'Flat 60 BDT when anything is in the cart' })
  shippingPoisha!: number;

  @Field(() => Int)
  totalPoisha!: number;

  @Field(() => Int, { description: 'The most of one medicine one order may hold (checkout refuses more)' })
  maxQuantityPerLine!: number;

  @Field(() => Int, { description: 'The most different medicines one order may hold' })
  maxLines!: number;
}

@ObjectType()
export class CheckoutResult {
  @Field(() => OrderView)
  order!: OrderView;

  @Field({ description: 'The payment page of the chosen provider: send the browser there' })
  paymentUrl!: string;

  @Field()
  tranId!: string;
}

@Resolver(() => OrderView)
export class OrderResolver {
  @FieldResolver(() => String, { nullable: true, description: "The payment page while the order awaits payment; its patient only" })
  paymentUrl(@Root() o: OrderView, @Ctx() ctx: Context) {
    return ctx.user?.id === o.userId ? o.openPaymentUrl : null;
  }

  @Query(() => CartQuote, { description: "Today's prices and stock for a cart; flags lines that changed or ran out" })
  @Public()
  @Throttle('quote-ip')
  quoteCart(@Arg('items', () => [OrderLineInput]) items: OrderLineInput[], @Ctx() ctx: Context) {
    return ctx.services.orders.quote(ctx.em, items);
  }

  @Mutation(() => CheckoutResult, { description: 'Prices, reserves stock, records the order and opens the payment' })
  @Allow(Role.User)
  @LimitedIn(CHECKOUT_LIMIT)
  async createOrder(@Arg('input') input: CreateOrderInput, @Ctx() ctx: Context) {
    const placed = await ctx.services.orders.place(ctx.em, ctx.user!, input, ctx.ip);
    // the payer comes back to the origin the checkout started from (www or the bare domain, say)
    await ctx.services.payments.returnTo(ctx.em, placed.tranId, ctx.origin);
    return placed;
  }

  @Query(() => OrderPage)
  @Allow(Role.User)
  myOrders(@Args() args: MyOrderArgs, @Ctx() ctx: Context) {
    return ctx.services.orders.myOrders(ctx.em, ctx.user!, args);
  }

  @Query(() => OrderView, { description: 'The patient who placed it and admins' })
  @Allow()
  order(@Arg('id', () => ID) id: string, @Ctx() ctx: Context) {
    return ctx.services.orders.byId(ctx.em, ctx.user!, id);
  }

  @Query(() => OrderPage)
  @Allow(Role.Admin)
  @Scope(IntegratorScope.ORDERS_READ)
  async adminOrders(@Args() args: AdminOrderArgs, @Ctx() ctx: Context) {
    const page = await ctx.services.orders.adminOrders(ctx.em, args);
    // Orders carry names, phones and addresses: an app's read of them is on record.
    if (ctx.integrator) await ctx.services.audit.recordIntegratorRead(ctx.em, ctx.integrator, 'Order', page.items.map((o) => o.id));
    return page;
  }

  @Mutation(() => OrderView)
  @Allow(Role.Admin)
  @Scope(IntegratorScope.ORDERS_WRITE)
  updateOrderStatus(@Arg('id', () => ID) id: string, @Arg('status', () => OrderStatus) status: OrderStatus, @Ctx() ctx: Context) {
    return ctx.services.orders.changeStatus(ctx.em, id, status);
  }

  @Mutation(() => Boolean, { description: "The admin table's Delete: delivered or cancelled orders only" })
  @Allow(Role.Admin)
  async archiveOrder(@Arg('id', () => ID) id: string, @Ctx() ctx: Context) {
    await ctx.services.orders.archive(ctx.em, id);
    return true;
  }
}
