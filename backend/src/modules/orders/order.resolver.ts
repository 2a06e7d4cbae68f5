import { Arg, Args, Ctx, Field, FieldResolver, ID, Int, Mutation, ObjectType, Query, Resolver, Root } from 'type-graphql';
import { customerOf, type OrderCard } from './order.read.js';
import type { Context } from '../../common/context.js';
import { Allow, Public } from '../../common/access.js';
import { Role } from '../../common/roles.js';
import { PageArgs, Paginated } from '../../common/pagination.js';
import { localPhone } from '../../common/phone.js';
import { Medicine } from '../medicines/medicine.entity.js';
import { Order, OrderPaymentStatus, OrderStatus } from './order.entity.js';
import { AdminOrderArgs, CreateOrderInput, OrderLineInput } from './order.inputs.js';

@ObjectType()
export class OrderPage extends Paginated(Order) {}

@ObjectType()
export class CartQuoteLine {
  @Field(() => ID)
  medicineId!: string;

  @Field(() => Medicine, { nullable: true, description: 'null when the medicine is no longer sold' })
  medicine!: Medicine | null;

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
}

@ObjectType()
export class CheckoutResult {
  @Field(() => Order)
  order!: Order;

  @Field({ description: 'The payment page of the chosen provider: send the browser there' })
  paymentUrl!: string;

  @Field()
  tranId!: string;
}

@Resolver(() => Order)
export class OrderResolver {
  @FieldResolver(() => String, { nullable: true, description: "The payment page while the order awaits payment; its patient only" })
  paymentUrl(@Root() o: Order | OrderCard, @Ctx() ctx: Context) {
    const open = o.status === OrderStatus.Processing && o.paymentStatus === OrderPaymentStatus.Pending;
    return open && ctx.user?.id === o.user.id ? o.paymentUrl ?? null : null;
  }

  @FieldResolver(() => String, { description: 'With the leading 0' })
  shippingPhone(@Root() o: Order | OrderCard) {
    return localPhone(o.shippingPhoneE164);
  }

  // Joined into a patient's plain order cards; for entities batched by MikroORM's dataloader (one query per page).
  @FieldResolver(() => String)
  async customerName(@Root() o: Order | OrderCard) {
    return (await customerOf(o)).name;
  }

  @FieldResolver(() => String)
  async customerEmail(@Root() o: Order | OrderCard) {
    return (await customerOf(o)).email;
  }

  @Query(() => CartQuote, { description: "Today's prices and stock for a cart; flags lines that changed or ran out" })
  @Public()
  quoteCart(@Arg('items', () => [OrderLineInput]) items: OrderLineInput[], @Ctx() ctx: Context) {
    return ctx.services.orders.quote(ctx.em, items);
  }

  @Mutation(() => CheckoutResult, { description: 'Prices, reserves stock, records the order and opens the payment' })
  @Allow(Role.User)
  createOrder(@Arg('input') input: CreateOrderInput, @Ctx() ctx: Context) {
    return ctx.services.orders.place(ctx.em, ctx.user!, input, ctx.ip);
  }

  @Query(() => OrderPage)
  @Allow(Role.User)
  myOrders(@Args() args: PageArgs, @Ctx() ctx: Context) {
    return ctx.services.orders.myOrders(ctx.em, ctx.user!, args);
  }

  @Query(() => Order, { description: 'The patient who placed it and admins' })
  @Allow()
  order(@Arg('id', () => ID) id: string, @Ctx() ctx: Context) {
    return ctx.services.orders.byId(ctx.em, ctx.user!, id);
  }

  @Query(() => OrderPage)
  @Allow(Role.Admin)
  adminOrders(@Args() args: AdminOrderArgs, @Ctx() ctx: Context) {
    return ctx.services.orders.adminOrders(ctx.em, args);
  }

  @Mutation(() => Order)
  @Allow(Role.Admin)
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
