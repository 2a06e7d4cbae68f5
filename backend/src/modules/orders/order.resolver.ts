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
import { DispensingLineView } from '../prescriptions/index.js';
import { DoctorTitle } from '../doctors/index.js';
import { OrderStatus } from './order.entity.js';
import { AdminOrderArgs, CreateOrderInput, MyOrderArgs, MAX_LINE_QUANTITY, OrderLineInput, PrescriptionOrderArgs, ReviewPrescriptionInput } from './order.inputs.js';
import { prescriptionCart } from './order.prescription.js';
import { GraphQLUpload, readUpload, type FileUpload } from '../../common/upload.js';
import { PaymentProvider } from '../payments/index.js';
import { orderPaymentFor, prescriptionPhotoFor } from './order.read.js';
import { Idempotent } from '../../common/idempotency.js';

/** How reviewing prescriptions is limited (its declared limit, common/limits.ts). */
export const REVIEW_LIMIT = 'pharmacists and admins; each order decided once (conditional update on its status); mail only to its patient';

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

  @Field(() => Int, { nullable: true, description: 'With quoteCart(prescriptionId): units of this prescription-only medicine the prescription still allows (0: none); null otherwise' })
  prescriptionAllows!: number | null;
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
export class PrescriptionCartChoice {
  @Field(() => MedicineView)
  medicine!: MedicineView;

  @Field(() => Int, { description: "Units for the course in the catalogue's unit (days × daily use over the doses one unit holds), within what the prescription has left (0: nothing left)" })
  quantity!: number;

  @Field(() => Int, { description: 'Units of it the prescription still allows' })
  left!: number;
}

@ObjectType()
export class PrescriptionCartLine {
  @Field({ description: 'The line as the doctor wrote it' })
  medname!: string;

  @Field()
  dailyUse!: string;

  @Field(() => Int)
  days!: number;

  @Field({ description: 'The quantity the doctor wrote ("15 tablets")' })
  prescribedQuantity!: string;

  @Field({ description: 'Exactly one medicine sold fits the line (brand, or the only one of its generic, at its strength)' })
  sure!: boolean;

  @Field(() => [PrescriptionCartChoice], { description: 'The sure match, or the medicines the patient may choose from (empty: none is sold)' })
  choices!: PrescriptionCartChoice[];

  @Field(() => DispensingLineView, { description: 'What the line allows, what was dispensed and what is left' })
  dispensing!: DispensingLineView;
}

@ObjectType()
export class PrescriptionCart {
  @Field(() => ID)
  prescriptionId!: string;

  @Field(() => DoctorTitle)
  doctorTitle!: DoctorTitle;

  @Field()
  doctorName!: string;

  @Field()
  issuedAt!: Date;

  @Field(() => [PrescriptionCartLine])
  lines!: PrescriptionCartLine[];
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
    return orderPaymentFor(ctx.user, o).paymentUrl;
  }

  @FieldResolver(() => Boolean, { description: 'Its patient may pay it now (approved after its prescription check): payForOrder' })
  canPay(@Root() o: OrderView, @Ctx() ctx: Context) {
    return orderPaymentFor(ctx.user, o).canPay;
  }

  @FieldResolver(() => String, {
    nullable: true,
    description: 'The photo of its prescription, for its patient, pharmacists and admins only (null for anyone else, apps included): '
      + 'a signed link that works for a few minutes (prescriptionImageExpiresAt); ask for the order again for a fresh one',
  })
  prescriptionImageUrl(@Root() o: OrderView, @Ctx() ctx: Context) {
    return prescriptionPhotoFor(ctx.services.medicalFiles, ctx.user, o)?.url ?? null;
  }

  @FieldResolver(() => Date, { nullable: true, description: 'When prescriptionImageUrl stops working (null when there is none)' })
  prescriptionImageExpiresAt(@Root() o: OrderView, @Ctx() ctx: Context) {
    return prescriptionPhotoFor(ctx.services.medicalFiles, ctx.user, o)?.expiresAt ?? null;
  }

  @Query(() => CartQuote, { description: "Today's prices and stock for a cart; flags lines that changed or ran out" })
  @Public()
  @Throttle('quote-ip')
  quoteCart(
    @Arg('items', () => [OrderLineInput]) items: OrderLineInput[],
    @Ctx() ctx: Context,
    @Arg('prescriptionId', () => ID, { nullable: true, description: "A prescription the caller acts for: the quote says what it still allows of each prescription-only line" }) prescriptionId?: string | null,
  ) {
    return ctx.services.orders.quote(ctx.em, items, prescriptionId ? { actor: ctx.user, id: prescriptionId } : undefined);
  }

  @Mutation(() => CheckoutResult, {
    description: 'Prices, reserves stock, records the order and opens the payment. Prescription-only medicines need input.prescriptionId '
      + 'or a photo (prescriptionImage): with a photo the order waits for a pharmacist (status PrescriptionCheck, paymentUrl empty) and is paid after approval',
  })
  @Allow(Role.User)
  @LimitedIn(CHECKOUT_LIMIT)
  @Idempotent()
  async createOrder(
    @Arg('input') input: CreateOrderInput,
    @Ctx() ctx: Context,
    @Arg('prescriptionImage', () => GraphQLUpload, { nullable: true }) prescriptionImage?: Promise<FileUpload> | null,
  ) {
    const photo = await readUpload(prescriptionImage, ctx.services.config.uploads.maxBytes);
    // the payer comes back to the origin the checkout started from (www or the bare domain, say)
    return ctx.services.orders.place(ctx.em, ctx.user!, input, { ip: ctx.ip, origin: ctx.origin }, photo);
  }

  @Mutation(() => CheckoutResult, { description: 'Opens the payment of an order approved after its prescription check (or the one already open)' })
  @Allow(Role.User)
  @LimitedIn(CHECKOUT_LIMIT)
  @Idempotent()
  async payForOrder(
    @Arg('id', () => ID) id: string,
    @Ctx() ctx: Context,
    @Arg('paymentMethod', () => PaymentProvider, { nullable: true }) paymentMethod?: PaymentProvider | null,
  ) {
    return ctx.services.orders.payForOrder(ctx.em, ctx.user!, id, paymentMethod, { ip: ctx.ip, origin: ctx.origin });
  }

  @Query(() => OrderPage, { description: 'Pharmacists and admins: orders with a photo of a prescription (waiting ones oldest first)' })
  @Allow(Role.Pharmacist, Role.Admin)
  async prescriptionOrders(@Args() args: PrescriptionOrderArgs, @Ctx() ctx: Context) {
    return ctx.services.orders.prescriptionOrders(ctx.em, ctx.user!, args);
  }

  @Mutation(() => OrderView, {
    description: 'Pharmacists and admins: approve an uploaded prescription, recording what the paper allows (lines, validUntil; the order is held on it '
      + 'and the patient then pays), or reject it with a note (the order is cancelled). The only way out of PrescriptionCheck',
  })
  @Allow(Role.Pharmacist, Role.Admin)
  @LimitedIn(REVIEW_LIMIT)
  reviewOrderPrescription(@Arg('input') input: ReviewPrescriptionInput, @Ctx() ctx: Context) {
    return ctx.services.orders.reviewPrescription(ctx.em, ctx.user!, input.orderId, input.approve, input.note, { lines: input.lines, validUntil: input.validUntil });
  }

  @Query(() => PrescriptionCart, { description: "Order these medicines: a prescription's lines matched to the catalogue with units for the course; nothing is ordered" })
  @Allow(Role.User)
  prescriptionCart(@Arg('prescriptionId', () => ID) prescriptionId: string, @Ctx() ctx: Context) {
    return prescriptionCart(ctx.em, ctx.services.dispensing, ctx.user!, prescriptionId, MAX_LINE_QUANTITY);
  }

  @Query(() => OrderPage)
  @Allow(Role.User)
  myOrders(@Args() args: MyOrderArgs, @Ctx() ctx: Context) {
    return ctx.services.orders.myOrders(ctx.em, ctx.user!, args);
  }

  @Query(() => OrderView, { description: 'The patient who placed it, admins, pharmacists the ones that went out with a prescription, and apps with orders:read (the order a webhook names)' })
  @Allow()
  @Scope(IntegratorScope.ORDERS_READ)
  async order(@Arg('id', () => ID) id: string, @Ctx() ctx: Context) {
    if (ctx.integrator) {
      const order = await ctx.services.orders.anyById(ctx.em, id);
      await ctx.services.audit.recordIntegratorRead(ctx.em, ctx.integrator, 'Order', [order.id]);
      return order;
    }
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
    return ctx.services.orders.changeStatus(ctx.em, id, status, ctx.user ? { actor: ctx.user } : undefined);
  }

  @Mutation(() => Boolean, { description: "The admin table's Delete: delivered or cancelled orders only" })
  @Allow(Role.Admin)
  async archiveOrder(@Arg('id', () => ID) id: string, @Ctx() ctx: Context) {
    await ctx.services.orders.archive(ctx.em, id);
    return true;
  }
}
