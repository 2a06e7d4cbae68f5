import type { RouteFn } from '../../common/rest.js';
import type { Context } from '../../common/context.js';
import { CHECKOUT_LIMIT } from './order.service.js';
import { prescriptionPhotoFor, type OrderView, type PhotoLink } from './order.read.js';
import { parseInput } from '../../common/input.js';
import { Role } from '../../common/roles.js';
import { AdminOrderArgs, CreateOrderInput, MyOrderArgs, OrderLineInput } from './order.inputs.js';
import { OrderStatus } from './order.entity.js';
import { badInput } from '../../common/errors.js';
import { bdt, csvExport } from '../../common/csv-export.js';
import { onThisServer, picture } from '../../common/rest-images.js';
import { paymentChoice } from '../payments/index.js';

/**
 * An order as the earlier app's clients read it (BDT amounts, `orderItems`, `orderStatus`), from the
 * read model; `photo` is the caller's link to its prescription photo (prescriptionPhotoFor), if any.
 */
export function toSpecOrder(o: OrderView, opts: { customer?: boolean; photo?: PhotoLink | null } = {}) {
  return {
    _id: o.id,
    id: o.id,
    shippingInfo: { name: o.shippingName, phone: o.shippingPhone, address: o.shippingAddress, city: o.shippingCity },
    // A line as the earlier cart sent it (`cartQuantity`, `image.url`, `price` per unit), its picture
    // as it was when ordered (the medicine may have left the catalogue since).
    orderItems: o.items.map((i) => ({
      _id: i.id, product: i.medicineId, name: i.name, strength: i.strength, price: i.unitPricePoisha / 100, quantity: i.quantity, cartQuantity: i.quantity, unit: i.unit,
      totalPrice: i.lineTotalPoisha / 100, image: picture(i.imageUrl, 'medicine'),
      // The prescription line it draws on: what that line allows, what was dispensed, what is left.
      prescriptionLine: i.prescriptionLine,
    })),
    itemsPrice: o.itemsPoisha / 100,
    shippingPrice: o.shippingPoisha / 100,
    totalPrice: o.totalPoisha / 100,
    itemsPoisha: o.itemsPoisha,
    shippingPoisha: o.shippingPoisha,
    totalPoisha: o.totalPoisha,
    paymentInfo: { id: o.paymentTranId, method: o.paymentMethod, status: o.paymentStatus },
    // The earlier client knows Processing, Confirmed, Delivered and Cancelled: an order waiting for its
    // prescription check reads as Processing there, and says so beside it.
    orderStatus: o.status === OrderStatus.PrescriptionCheck ? OrderStatus.Processing : o.status,
    prescriptionCheck: o.status === OrderStatus.PrescriptionCheck,
    prescriptionRequired: o.prescriptionRequired,
    prescriptionId: o.prescriptionId,
    paperPrescription: o.paperPrescription,
    // Beside the spec's fields: the photo sent with the order, for its patient, pharmacists and admins,
    // as a link that works for a few minutes (read the order again for a fresh one); null otherwise.
    prescriptionImage: opts.photo ? { url: onThisServer(opts.photo.url), expiresAt: opts.photo.expiresAt } : null,
    refunds: o.refunds.map((r) => ({ _id: r.id, amount: r.amountPoisha / 100, amountPoisha: r.amountPoisha, status: r.status, reason: r.reason, createdAt: r.createdAt, completedAt: r.completedAt })),
    paidAt: o.paidAt ?? null,
    deliveredAt: o.deliveredAt ?? null,
    cancelledAt: o.cancelledAt ?? null,
    // Who the medicine is for (beside the spec's fields).
    familyMemberId: o.careFor.familyMemberId, carefor: o.careFor.name,
    createdAt: o.createdAt,
    ...(opts.customer ? { user: { _id: o.userId, name: o.customerName, email: o.customerEmail } } : {}),
  };
}

/**
 * The cart's lines as the earlier client sent them (`_id`/`product`, `cartQuantity`), or Nirog's.
 * The earlier client's cart line is the whole medicine object plus `cartQuantity`, so it also
 * carries `quantity`, which there is the medicine's stock: where `cartQuantity` is present it is the
 * quantity, always (reading `quantity` first once ordered a syrup's whole stock).
 */
function linesFrom(body: Record<string, unknown>): unknown[] {
  const items = Array.isArray(body.orderItems) ? body.orderItems : Array.isArray(body.items) ? body.items : [];
  return items.map((raw) => {
    const i = (raw && typeof raw === 'object' ? raw : {}) as Record<string, unknown>;
    return { medicineId: i.medicineId ?? i.product ?? i._id ?? i.id, quantity: i.cartQuantity !== undefined ? i.cartQuantity : i.quantity };
  });
}

/** The order as this caller may read it (toSpecOrder with the caller's photo link). */
const specFor = (ctx: Context, o: OrderView, customer = false) => toSpecOrder(o, { customer, photo: prescriptionPhotoFor(ctx.services.medicalFiles, ctx.user, o) });

export function registerOrderRoutes(route: RouteFn): void {
  route('post', '/cart/quote', 'public', async (ctx, req) => {
    const body = (req.body ?? {}) as Record<string, unknown>;
    const lines = await Promise.all(linesFrom(body).map((l) => parseInput(OrderLineInput, l)));
    const prescriptionId = typeof body.prescriptionId === 'string' && body.prescriptionId ? body.prescriptionId : null;
    const q = await ctx.services.orders.quote(ctx.em, lines, prescriptionId ? { actor: ctx.user, id: prescriptionId } : undefined);
    return {
      success: true,
      lines: q.lines.map((l) => ({
        medicineId: l.medicineId, _id: l.medicineId, name: l.medicine?.name ?? null, image: picture(l.medicine?.imageUrl, 'medicine'),
        quantity: l.quantity, cartQuantity: l.quantity, price: l.unitPricePoisha / 100, lineTotal: l.lineTotalPoisha / 100,
        available: l.available, stock: l.medicine?.stock ?? 0, prescriptionAllows: l.prescriptionAllows,
      })),
      itemsPrice: q.itemsPoisha / 100, shippingPrice: q.shippingPoisha / 100, totalPrice: q.totalPoisha / 100,
    };
  }, { throttle: 'quote-ip' });

  route('post', '/create/order', [Role.User], async (ctx, req) => {
    const body = (req.body ?? {}) as Record<string, unknown>;
    // The method as `paymentMethod` or as the earlier shipping form's `paymentInfo: 'Nagad'`; bKash when none.
    const { provider, unknown } = paymentChoice(body);
    // itemsPrice, shippingPrice, totalPrice and line prices are not read: the server prices the order.
    const input = await parseInput(CreateOrderInput, {
      shippingInfo: body.shippingInfo, orderItems: linesFrom(body), paymentMethod: provider ?? unknown ?? undefined, prescriptionId: body.prescriptionId, familyMemberId: body.familyMemberId,
    });
    const placed = await ctx.services.orders.place(ctx.em, ctx.user!, input, { ip: ctx.ip, origin: ctx.origin });
    return { success: true, url: placed.paymentUrl, tranId: placed.tranId, order: specFor(ctx, placed.order) };
  }, { limitedIn: CHECKOUT_LIMIT, idempotent: true });

  route('get', '/orders/myorders', [Role.User], async (ctx, req) => {
    const page = await ctx.services.orders.myOrders(ctx.em, ctx.user!, await parseInput(MyOrderArgs, req.query));
    return { success: true, orders: page.items.map((o) => specFor(ctx, o)), orderCount: page.total, resultPerPage: page.pageSize, page: page.page };
  });

  route('get', '/order/:id', 'authenticated', async (ctx, req) => {
    const order = await ctx.services.orders.byId(ctx.em, ctx.user!, String(req.params.id));
    return { success: true, order: specFor(ctx, order) };
  });

  route('get', '/admin/allorder', [Role.Admin], async (ctx, req) => {
    const page = await ctx.services.orders.adminOrders(ctx.em, await parseInput(AdminOrderArgs, req.query));
    return {
      success: true, orders: page.items.map((o) => specFor(ctx, o, true)), orderCount: page.total, resultPerPage: page.pageSize,
      page: page.page, pageCount: page.pageCount,
    };
  });

  route('put', '/admin/order/:id', [Role.Admin], async (ctx, req) => {
    const raw = (req.body as Record<string, unknown> | undefined)?.status ?? (req.body as Record<string, unknown> | undefined)?.orderStatus;
    const status = Object.values(OrderStatus).find((s) => s === raw);
    if (!status) throw badInput(`status must be one of ${Object.values(OrderStatus).join(', ')}`, { status: 'Invalid choice' });
    const order = await ctx.services.orders.changeStatus(ctx.em, String(req.params.id), status, { actor: ctx.user! });
    return { success: true, order: specFor(ctx, order), message: 'Order status updated' };
  });

  route('delete', '/admin/order/:id', [Role.Admin], async (ctx, req) => {
    await ctx.services.orders.archive(ctx.em, String(req.params.id));
    return { success: true, message: 'Order deleted' };
  });

  csvExport(route, 'orders', AdminOrderArgs, (ctx, args) => ctx.services.orders.adminOrders(ctx.em, args), [
    { header: 'id', value: (o) => o.id }, { header: 'placed', value: (o) => o.createdAt }, { header: 'transaction', value: (o) => o.paymentTranId },
    { header: 'customer', value: (o) => o.shippingName }, { header: 'for', value: (o) => o.careFor.name },
    { header: 'relation to account', value: (o) => o.careFor.relation ?? 'self' }, { header: 'phone', value: (o) => o.shippingPhone }, { header: 'city', value: (o) => o.shippingCity },
    { header: 'items', value: (o) => o.items.map((i) => `${i.name} x${i.quantity}`).join('; ') },
    { header: 'total (BDT)', value: (o) => bdt(o.totalPoisha) }, { header: 'paid by', value: (o) => o.paymentMethod },
    { header: 'payment', value: (o) => o.paymentStatus }, { header: 'status', value: (o) => o.status },
  ]);
}
