import { assertContactVerified } from '../verification/index.js';
import { careForFilter, familyMemberOf } from '../family/index.js';
import { isUuid } from '../../common/ids.js';
import { adminOrderViews, orderView, patientOrderViews, type OrderView } from './order.read.js';
import type { EntityManager } from '@mikro-orm/sql';
import { raw } from '@mikro-orm/core';
import type { Logger } from '../../common/logger.js';
import type { Config } from '../../config.js';
import type { AuthUser } from '../../common/roles.js';
import type { DomainEvents } from '../../common/events.js';
import { badInput, conflict, notFound } from '../../common/errors.js';
import { localPhone, normalizeBdPhone } from '../../common/phone.js';
import type { PageResult } from '../../common/pagination.js';
import { refundsDue } from '../../common/metrics.js';
import { Medicine } from '../medicines/index.js';
import { medicineViewsByIds, type MedicineView } from '../medicines/index.js';
import { PaymentProvider, PaymentPurpose, type Payment } from '../payments/index.js';
import type { PaymentService } from '../payments/index.js';
import { Order, OrderItem, OrderPaymentStatus, OrderStatus } from './order.entity.js';
import { MAX_CART_LINES, MAX_LINE_QUANTITY, type AdminOrderArgs, type CreateOrderInput, type MyOrderArgs, type OrderLineInput } from './order.inputs.js';
import { canMoveOrder, canViewOrder } from './order.policy.js';

/** Flat shipping charge on every order (spec §9): 60 BDT. */
export const SHIPPING_POISHA = 60_00;
/** How checkout is limited (its declared limit, common/limits.ts). */
export const CHECKOUT_LIMIT = 'a verified email or mobile number; at most OPEN_UNPAID_ORDERS_PER_PATIENT unpaid orders, each holding stock until paid or abandoned; mail only to the patient';

export interface QuoteLine {
  medicineId: string;
  medicine: MedicineView | null;
  quantity: number;
  unitPricePoisha: number;
  lineTotalPoisha: number;
  /** The catalogue can deliver this quantity now. */
  available: boolean;
}

export interface CartQuoteResult {
  lines: QuoteLine[];
  itemsPoisha: number;
  shippingPoisha: number;
  totalPoisha: number;
  /** The checkout's limits, so a cart never has to know them itself. */
  maxQuantityPerLine: number;
  maxLines: number;
}

export interface PlacedOrder {
  order: OrderView;
  paymentUrl: string;
  tranId: string;
}

/** Same medicine twice in a cart is one line with the quantities added (capped per line). */
function mergeLines(lines: OrderLineInput[]): { medicineId: string; quantity: number }[] {
  const merged = new Map<string, number>();
  for (const l of lines) merged.set(l.medicineId.toLowerCase(), (merged.get(l.medicineId.toLowerCase()) ?? 0) + l.quantity);
  for (const [id, q] of merged) {
    if (q > MAX_LINE_QUANTITY) throw badInput(`At most ${MAX_LINE_QUANTITY} of one medicine per order`, { orderItems: 'Too many' }, 'QUANTITY_LIMIT', { max: MAX_LINE_QUANTITY });
    merged.set(id, q);
  }
  return [...merged].map(([medicineId, quantity]) => ({ medicineId, quantity }));
}

export class OrderService {
  constructor(
    private readonly payments: PaymentService,
    private readonly events: DomainEvents,
    private readonly log: Logger,
    private readonly config: Config,
  ) {
    payments.onCompleted('order', (em, p) => this.paymentCompleted(em, p));
    payments.onFailed('order', (em, p) => this.paymentClosed(em, p, 'PAYMENT_FAILED'));
    payments.onCancelled('order', (em, p) => this.paymentClosed(em, p, p.failureReason === 'ABANDONED' ? 'PAYMENT_ABANDONED' : 'PAYMENT_CANCELLED'));
  }

  /** Today's prices and stock for a cart, so the cart can flag what changed; nothing is reserved. */
  async quote(em: EntityManager, input: OrderLineInput[]): Promise<CartQuoteResult> {
    if (input.length > MAX_CART_LINES) throw badInput(`At most ${MAX_CART_LINES} different medicines in one cart`, { items: 'Too many lines' }, 'TOO_MANY_LINES', { max: MAX_CART_LINES });
    const lines = mergeLines(input);
    const medicines = await medicineViewsByIds(em, lines.map((l) => l.medicineId).filter(isUuid), { activeOnly: true });
    const byId = new Map(medicines.map((m) => [m.id, m]));
    const out = lines.map((l): QuoteLine => {
      const m = byId.get(l.medicineId) ?? null;
      const unit = m?.pricePoisha ?? 0;
      return { medicineId: l.medicineId, medicine: m, quantity: l.quantity, unitPricePoisha: unit, lineTotalPoisha: unit * l.quantity, available: !!m && m.stock >= l.quantity };
    });
    const itemsPoisha = out.filter((l) => l.available).reduce((s, l) => s + l.lineTotalPoisha, 0);
    return {
      lines: out, itemsPoisha, shippingPoisha: itemsPoisha ? SHIPPING_POISHA : 0, totalPoisha: itemsPoisha ? itemsPoisha + SHIPPING_POISHA : 0,
      maxQuantityPerLine: MAX_LINE_QUANTITY, maxLines: MAX_CART_LINES,
    };
  }

  /**
   * Checkout, in one transaction: price every line from the catalogue, reserve the stock with
   * conditional updates that never take it below zero, write the order and its payment. The
   * provider's checkout opens after the commit (no transaction is held across the network); if it
   * cannot, the payment fails and its handler cancels the order and gives the stock back.
   */
  async place(em: EntityManager, actor: AuthUser, input: CreateOrderInput, clientIp: string): Promise<PlacedOrder> {
    const lines = mergeLines(input.orderItems);
    if (!lines.length) throw badInput('Your Cart is Currently Empty', undefined, 'EMPTY_CART');
    await assertContactVerified(em, actor.id);
    const s = input.shippingInfo;
    const phone = normalizeBdPhone(s.phone);
    const provider = input.paymentMethod ?? PaymentProvider.Bkash;
    const member = input.familyMemberId ? await familyMemberOf(em, actor.id, input.familyMemberId) : null;
    const { order, payment } = await em.transactional(async (tx) => {
      await this.assertUnderOpenOrderCap(tx, actor.id);
      const medicines = await tx.find(Medicine, { id: { $in: lines.map((l) => l.medicineId) } });
      const byId = new Map(medicines.map((m) => [m.id, m]));
      for (const l of lines) {
        const m = byId.get(l.medicineId);
        if (!m || !m.isActive) throw notFound('Medicine', 'MEDICINE_NOT_FOUND');
      }
      // Rows are reserved in id order so that two carts sharing medicines lock them in the same
      // order and cannot deadlock.
      for (const l of [...lines].sort((a, b) => a.medicineId.localeCompare(b.medicineId))) {
        const res = await tx.createQueryBuilder(Medicine).update({ stock: raw('stock - ?', [l.quantity]) })
          .where({ id: l.medicineId, stock: { $gte: l.quantity } }).execute('run');
        if (!res.affectedRows) {
          const m = byId.get(l.medicineId)!;
          throw conflict(`${m.name} is out of stock`, 'OUT_OF_STOCK', { medicine: m.name });
        }
      }
      const itemsPoisha = lines.reduce((sum, l) => sum + byId.get(l.medicineId)!.pricePoisha * l.quantity, 0);
      const order = tx.create(Order, {
        user: actor.id, status: OrderStatus.Processing, paymentStatus: OrderPaymentStatus.Pending, paymentMethod: provider,
        paymentTranId: '', itemsPoisha, shippingPoisha: SHIPPING_POISHA, totalPoisha: itemsPoisha + SHIPPING_POISHA,
        shippingName: s.name.trim(), shippingPhoneE164: phone, shippingAddress: s.address.trim(), shippingCity: s.city.trim(),
        familyMember: member,
      });
      for (const l of lines) {
        const m = byId.get(l.medicineId)!;
        tx.create(OrderItem, {
          order, medicine: m, name: m.name, strength: m.strength, unit: m.unit, imageUrl: m.imageUrl ?? null,
          unitPricePoisha: m.pricePoisha, quantity: l.quantity, lineTotalPoisha: m.pricePoisha * l.quantity,
        });
      }
      const payment = this.payments.create(tx, {
        purpose: PaymentPurpose.Order, purposeId: order.id, userId: actor.id, amountPoisha: order.totalPoisha, provider,
      });
      order.paymentTranId = payment.tranId;
      await tx.flush();
      await this.events.publish(tx, { type: 'order.placed', orderId: order.id, userId: actor.id });
      return { order, payment };
    });
    const paymentUrl = await this.payments.startCheckout(em, payment, { payerReference: localPhone(phone) ?? actor.id, clientIp });
    await em.nativeUpdate(Order, { id: order.id }, { paymentUrl });
    return { order: (await orderView(em, order.id))!, paymentUrl, tranId: payment.tranId };
  }

  /**
   * An unpaid order holds its stock until it is paid or abandoned (PAYMENT_ABANDON_MINUTES), so one
   * patient may keep only a few open at once. The patient's row is locked first: concurrent checkouts
   * of one patient are counted one after the other, never past the cap.
   */
  private async assertUnderOpenOrderCap(tx: EntityManager, userId: string): Promise<void> {
    const cap = this.config.limits.openUnpaidOrdersPerPatient;
    await tx.execute('select id from users where id = ? for update', [userId]);
    const open = await tx.count(Order, {
      user: userId, paymentStatus: OrderPaymentStatus.Pending, status: { $ne: OrderStatus.Cancelled },
      createdAt: { $gt: new Date(Date.now() - this.config.payments.abandonAfterMinutes * 60_000) },
    });
    if (open >= cap) {
      throw conflict(`You already have ${open} unpaid orders. Pay for one of them (My Orders) or wait until they expire, then order again.`, 'TOO_MANY_UNPAID_ORDERS', { count: open });
    }
  }

  private async paymentCompleted(em: EntityManager, payment: Payment): Promise<void> {
    const now = new Date();
    const changed = await em.nativeUpdate(Order,
      { id: payment.purposeId, paymentTranId: payment.tranId, paymentStatus: { $ne: OrderPaymentStatus.Paid } },
      { paymentStatus: OrderPaymentStatus.Paid, paidAt: now, updatedAt: now });
    if (!changed) return;
    const order = await em.findOneOrFail(Order, payment.purposeId, { refresh: true });
    if (order.status === OrderStatus.Cancelled) {
      // The money arrived after the order was given up (an abandoned Nagad session paid late).
      this.log.error({ orderId: order.id, tranId: payment.tranId }, 'payment completed for a cancelled order: refund due');
      refundsDue.inc({ provider: payment.provider, reason: 'PAID_AFTER_ORDER_CANCELLED' });
      return;
    }
    await this.events.publish(em, { type: 'order.paid', orderId: order.id, userId: order.user.id, paymentId: payment.id });
  }

  /** A failed, cancelled or abandoned payment cancels its (unpaid, still processing) order once. */
  private async paymentClosed(em: EntityManager, payment: Payment, reason: string): Promise<void> {
    const now = new Date();
    const changed = await em.nativeUpdate(Order,
      { id: payment.purposeId, paymentTranId: payment.tranId, status: OrderStatus.Processing, paymentStatus: OrderPaymentStatus.Pending },
      { status: OrderStatus.Cancelled, paymentStatus: OrderPaymentStatus.Failed, cancelledAt: now, cancelReason: reason, updatedAt: now });
    if (!changed) return;
    await this.releaseStock(em, payment.purposeId);
    await this.events.publish(em, {
      type: 'order.statusChanged', orderId: payment.purposeId, userId: payment.user.id, from: OrderStatus.Processing, to: OrderStatus.Cancelled,
    });
  }

  /** Gives the order's stock back exactly once (the flag flips in the same conditional update). */
  private async releaseStock(em: EntityManager, orderId: string): Promise<void> {
    const claimed = await em.nativeUpdate(Order, { id: orderId, stockReleased: false }, { stockReleased: true });
    if (!claimed) return;
    const items = await em.find(OrderItem, { order: orderId }, { orderBy: { medicine: 'asc' } });
    for (const item of items) {
      await em.createQueryBuilder(Medicine).update({ stock: raw('stock + ?', [item.quantity]) }).where({ id: item.medicine.id }).execute('run');
    }
  }

  /** A patient's history, all of it or the orders for one person (careForFilter). */
  async myOrders(em: EntityManager, actor: AuthUser, args: MyOrderArgs): Promise<PageResult<OrderView>> {
    const careFor = args.careFor ? { familyMemberId: await careForFilter(em, actor.id, args.careFor) } : undefined;
    return patientOrderViews(em, actor.id, args, careFor);
  }

  adminOrders(em: EntityManager, args: AdminOrderArgs): Promise<PageResult<OrderView>> {
    return adminOrderViews(em, args);
  }

  async byId(em: EntityManager, actor: AuthUser, id: string): Promise<OrderView> {
    const order = isUuid(id) ? await orderView(em, id) : null;
    if (!order || !canViewOrder(actor, order)) throw notFound('Order');
    return order;
  }

  /** Admin moves along the transition map; atomic, so two admins cannot both move the same order. */
  async changeStatus(em: EntityManager, id: string, to: OrderStatus): Promise<OrderView> {
    await em.transactional(async (tx) => {
      const order = isUuid(id) ? await tx.findOne(Order, { id }) : null;
      if (!order) throw notFound('Order');
      const from = order.status;
      if (!canMoveOrder(from, to)) throw conflict(`An order that is ${from} cannot become ${to}`, 'ILLEGAL_TRANSITION', { from, to });
      if (to === OrderStatus.Confirmed && order.paymentStatus !== OrderPaymentStatus.Paid) {
        throw conflict('The order is not paid yet', 'NOT_PAID');
      }
      const now = new Date();
      const set: Partial<Order> = { status: to, updatedAt: now };
      if (to === OrderStatus.Confirmed) set.confirmedAt = now;
      if (to === OrderStatus.Delivered) set.deliveredAt = now;
      // A paid order that is cancelled owes the patient their money: marked for the accounts.
      const refundDue = order.paymentStatus === OrderPaymentStatus.Paid;
      if (to === OrderStatus.Cancelled) Object.assign(set, { cancelledAt: now, cancelReason: refundDue ? 'CANCELLED_BY_ADMIN_REFUND_DUE' : 'CANCELLED_BY_ADMIN' });
      const changed = await tx.nativeUpdate(Order, { id: order.id, status: from }, set);
      if (!changed) throw conflict('The order was changed meanwhile; reload and try again', 'CHANGED_MEANWHILE');
      if (to === OrderStatus.Cancelled) await this.releaseStock(tx, order.id);
      if (to === OrderStatus.Cancelled && refundDue) refundsDue.inc({ provider: order.paymentMethod, reason: 'PAID_ORDER_CANCELLED' });
      await this.events.publish(tx, { type: 'order.statusChanged', orderId: order.id, userId: order.user.id, from, to });
    });
    return (await orderView(em, id))!;
  }

  /** The admin table's Delete: only finished orders leave the list; the record stays for the patient. */
  async archive(em: EntityManager, id: string): Promise<void> {
    const order = isUuid(id) ? await em.findOne(Order, { id }) : null;
    if (!order) throw notFound('Order');
    if (order.status !== OrderStatus.Delivered && order.status !== OrderStatus.Cancelled) {
      throw conflict('Only delivered or cancelled orders can be deleted; cancel it first', 'ORDER_NOT_FINAL');
    }
    await em.nativeUpdate(Order, { id, archivedAt: null }, { archivedAt: new Date() });
  }
}
