import { assertContactVerified } from '../verification/index.js';
import { careForFilter, familyMemberOf } from '../family/index.js';
import { isUuid } from '../../common/ids.js';
import { adminOrderViews, orderView, patientOrderViews, prescriptionOrderViews, type OrderView } from './order.read.js';
import type { EntityManager } from '@mikro-orm/sql';
import type { Logger } from '../../common/logger.js';
import type { Config } from '../../config.js';
import { Role, type AuthUser } from '../../common/roles.js';
import type { AuditService } from '../audit/index.js';
import { crossesLowStock, type DomainEvents } from '../../common/events.js';
import { badInput, conflict, notFound } from '../../common/errors.js';
import { localPhone, normalizeBdPhone } from '../../common/phone.js';
import type { PageResult } from '../../common/pagination.js';
import { Medicine, type MedicineService } from '../medicines/index.js';
import { medicineViewsByIds, type MedicineView } from '../medicines/index.js';
import { Payment, PaymentProvider, PaymentPurpose, RefundReason } from '../payments/index.js';
import type { Payer, PaymentService } from '../payments/index.js';
import type { MedicalFileService } from '../medical-files/index.js';
import { Order, OrderItem, OrderPaymentStatus, OrderStatus } from './order.entity.js';
import { MAX_CART_LINES, MAX_LINE_QUANTITY, type AdminOrderArgs, type CreateOrderInput, type MyOrderArgs, type OrderLineInput } from './order.inputs.js';
import { canMoveOrder, canViewOrder } from './order.policy.js';
import { assertPrescriptionGiven, type PrescriptionProof } from './order.prescription.js';
import { MAX_VALID_DAYS, type DispensingService, type PaperReading, type PrescriptionSource } from '../prescriptions/index.js';
import { assertCalendarDate, daysBetween, dhakaToday } from '../../common/dhaka-date.js';
import { randomUUID } from 'node:crypto';

/** Flat shipping charge on every order (spec §9): 60 BDT. */
export const SHIPPING_POISHA = 60_00;
/** How checkout is limited (its declared limit, common/limits.ts). */
export const CHECKOUT_LIMIT = 'a verified email or mobile number; at most OPEN_UNPAID_ORDERS_PER_PATIENT unpaid orders (those waiting for a prescription check or payment after approval whatever their age), each holding stock until paid, abandoned or expired; a prescription-only medicine within what its prescription has left; mail only to the patient';

export interface QuoteLine {
  medicineId: string;
  medicine: MedicineView | null;
  quantity: number;
  unitPricePoisha: number;
  lineTotalPoisha: number;
  /** The catalogue can deliver this quantity now. */
  available: boolean;
  /** Units the prescription named with the quote still allows (null: not prescription-only, or no prescription named). */
  prescriptionAllows: number | null;
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
  /** Empty while the order waits for its prescription check (status PrescriptionCheck): it is paid after approval. */
  paymentUrl: string;
  tranId: string;
}

/** An approved order not paid for this long is given up and its stock released. */
export const APPROVED_UNPAID_HOURS = 48;
/**
 * A photo order no pharmacist decided within this long is cancelled (stock released, patient told):
 * it holds stock without payment, so it may not hold it for ever. A pharmacy answers within a day.
 */
export const PRESCRIPTION_CHECK_HOURS = 24;

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
    private readonly dispensing: DispensingService,
    /** The medicines table is medicines': stock is taken and given back through it. */
    private readonly medicines: Pick<MedicineService, 'takeStock' | 'giveBackStock'>,
    private readonly files?: MedicalFileService,
    /** The medical-read lines of pharmacists' reads are written here, for both doors. */
    private readonly audit?: AuditService,
  ) {
    payments.onCompleted('order', (em, p) => this.paymentCompleted(em, p));
    payments.onFailed('order', (em, p) => this.paymentClosed(em, p, 'PAYMENT_FAILED'));
    payments.onCancelled('order', (em, p) => this.paymentClosed(em, p, p.failureReason === 'ABANDONED' ? 'PAYMENT_ABANDONED' : 'PAYMENT_CANCELLED'));
  }

  /**
   * Today's prices and stock for a cart, so the cart can flag what changed; nothing is reserved. With
   * a prescription (of a patient the caller acts for), what it still allows of each prescription-only
   * medicine, so the cart offers what is left before checkout refuses more.
   */
  async quote(em: EntityManager, input: OrderLineInput[], prescription?: { actor: AuthUser | null; id: string }): Promise<CartQuoteResult> {
    if (input.length > MAX_CART_LINES) throw badInput(`At most ${MAX_CART_LINES} different medicines in one cart`, { items: 'Too many lines' }, 'TOO_MANY_LINES', { max: MAX_CART_LINES });
    const lines = mergeLines(input);
    const medicines = await medicineViewsByIds(em, lines.map((l) => l.medicineId).filter(isUuid), { activeOnly: true });
    const byId = new Map(medicines.map((m) => [m.id, m]));
    let allows = new Map<string, number>();
    if (prescription) {
      if (!prescription.actor) throw notFound('Prescription');
      const source = await this.dispensing.sourceFor(em, prescription.actor, prescription.id);
      allows = await this.dispensing.unitsLeft(em, source, medicines.filter((m) => m.prescriptionRequired));
    }
    const out = lines.map((l): QuoteLine => {
      const m = byId.get(l.medicineId) ?? null;
      const unit = m?.pricePoisha ?? 0;
      return {
        medicineId: l.medicineId, medicine: m, quantity: l.quantity, unitPricePoisha: unit, lineTotalPoisha: unit * l.quantity, available: !!m && m.stock >= l.quantity,
        prescriptionAllows: m ? allows.get(m.id) ?? null : null,
      };
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
  async place(em: EntityManager, actor: AuthUser, input: CreateOrderInput, payer: Payer, prescriptionPhoto?: Buffer): Promise<PlacedOrder> {
    const lines = mergeLines(input.orderItems);
    if (!lines.length) throw badInput('Your Cart is Currently Empty', undefined, 'EMPTY_CART');
    await assertContactVerified(em, actor.id);
    const s = input.shippingInfo;
    const phone = normalizeBdPhone(s.phone);
    const provider = input.paymentMethod ?? PaymentProvider.Bkash;
    const member = input.familyMemberId ? await familyMemberOf(em, actor.id, input.familyMemberId) : null;
    // Someone else's prescription is "not found", as a made-up id (and nothing is stored for it).
    const source: PrescriptionSource | null = input.prescriptionId ? await this.dispensing.sourceFor(em, actor, input.prescriptionId) : null;
    // A photo is stored (privately, outside the transaction, last before it) only for a cart that needs one and names no
    // prescription; the order keeps its key. A refused order removes it again (discardPhotoOnRefusal).
    const proof: PrescriptionProof = input.prescriptionId ? { kind: 'named', prescriptionId: input.prescriptionId }
      : prescriptionPhoto && this.files && (await medicineViewsByIds(em, lines.map((l) => l.medicineId).filter(isUuid))).some((m) => m.prescriptionRequired)
        ? { kind: 'photo', imageUrl: await this.files.storeImage(prescriptionPhoto, 'prescriptions') } : { kind: 'none' };
    const orderId = randomUUID();
    const { order, payment } = await em.transactional(async (tx) => {
      await this.assertUnderOpenOrderCap(tx, actor.id);
      const medicines = await tx.find(Medicine, { id: { $in: lines.map((l) => l.medicineId) } });
      const byId = new Map(medicines.map((m) => [m.id, m]));
      for (const l of lines) {
        const m = byId.get(l.medicineId);
        if (!m || !m.isActive) throw notFound('Medicine', 'MEDICINE_NOT_FOUND');
      }
      const needing = lines.map((l) => byId.get(l.medicineId)!).filter((m) => m.prescriptionRequired);
      assertPrescriptionGiven(needing, proof);
      // What the prescription still allows is held now, in this transaction (dispensed once paid).
      if (source) {
        await this.dispensing.hold(tx, source, orderId, lines.filter((l) => byId.get(l.medicineId)!.prescriptionRequired)
          .map((l) => ({ medicine: byId.get(l.medicineId)!, units: l.quantity })));
      }
      // A photo waits for a pharmacist; the payment opens after approval (payForOrder).
      const check = needing.length > 0 && proof.kind === 'photo';
      // Rows are reserved in id order so that two carts sharing medicines lock them in the same
      // order and cannot deadlock.
      // The stock each reservation left (read under the row's lock, so exact however many checkouts race).
      const stockAfter = new Map<string, number>();
      for (const l of [...lines].sort((a, b) => a.medicineId.localeCompare(b.medicineId))) {
        const left = await this.medicines.takeStock(tx, l.medicineId, l.quantity);
        if (left === null) {
          const m = byId.get(l.medicineId)!;
          throw conflict(`${m.name} is out of stock`, 'OUT_OF_STOCK', { medicine: m.name });
        }
        stockAfter.set(l.medicineId, left);
      }
      const itemsPoisha = lines.reduce((sum, l) => sum + byId.get(l.medicineId)!.pricePoisha * l.quantity, 0);
      const order = tx.create(Order, {
        id: orderId, user: actor.id, status: check ? OrderStatus.PrescriptionCheck : OrderStatus.Processing, paymentStatus: OrderPaymentStatus.Pending, paymentMethod: provider,
        paymentTranId: '', itemsPoisha, shippingPoisha: SHIPPING_POISHA, totalPoisha: itemsPoisha + SHIPPING_POISHA,
        shippingName: s.name.trim(), shippingPhoneE164: phone, shippingAddress: s.address.trim(), shippingCity: s.city.trim(),
        prescriptionRequired: needing.length > 0,
        prescriptionId: needing.length && source?.kind === 'nirog' ? source.id : null,
        paperPrescriptionId: needing.length && source?.kind === 'paper' ? source.id : null,
        prescriptionImageUrl: check && proof.kind === 'photo' ? proof.imageUrl : null,
        familyMember: member,
      });
      for (const l of lines) {
        const m = byId.get(l.medicineId)!;
        tx.create(OrderItem, {
          order, medicine: m, name: m.name, strength: m.strength, unit: m.unit, imageUrl: m.imageUrl ?? null,
          unitPricePoisha: m.pricePoisha, quantity: l.quantity, lineTotalPoisha: m.pricePoisha * l.quantity,
        });
      }
      const payment = check ? null : this.payments.create(tx, {
        purpose: PaymentPurpose.Order, purposeId: order.id, userId: actor.id, amountPoisha: order.totalPoisha, provider,
      });
      if (payment) order.paymentTranId = payment.tranId;
      await tx.flush();
      await this.events.publish(tx, { type: 'order.placed', orderId: order.id, userId: actor.id });
      for (const l of lines) {
        const after = stockAfter.get(l.medicineId)!;
        if (crossesLowStock(after + l.quantity, after)) await this.events.publish(tx, { type: 'medicine.stockLow', medicineId: l.medicineId, stock: after });
      }
      return { order, payment };
    }).catch(this.discardPhotoOnRefusal(em, actor, proof));
    if (!payment) return { order: (await orderView(em, order.id))!, paymentUrl: '', tranId: '' };
    return this.openCheckout(em, order.id, payment, phone, actor, payer);
  }

  /**
   * A refused order leaves no file behind: the photo stored for it is removed, and the refusal passed
   * on as it was. A commit cut off by an outage may still have landed, so the photo goes only when no
   * order of the patient names it; when that cannot be asked (the database is away) it stays, logged.
   */
  private discardPhotoOnRefusal(em: EntityManager, actor: AuthUser, proof: PrescriptionProof) {
    return async (err: unknown): Promise<never> => {
      if (proof.kind === 'photo' && this.files) {
        const named = await em.fork().count(Order, { user: actor.id, prescriptionImageUrl: proof.imageUrl }).catch(() => null);
        if (named === 0) await this.files.discard(proof.imageUrl);
        else if (named === null) this.log.warn({ key: proof.imageUrl }, 'checkout failed and its outcome is unknown: its prescription photo is kept');
      }
      throw err;
    };
  }

  private async openCheckout(em: EntityManager, orderId: string, payment: Payment, phone: string, actor: AuthUser, payer: Payer): Promise<PlacedOrder> {
    const paymentUrl = await this.payments.startCheckout(em, payment, { payerReference: localPhone(phone) ?? actor.id, payer });
    await em.nativeUpdate(Order, { id: orderId }, { paymentUrl });
    return { order: (await orderView(em, orderId))!, paymentUrl, tranId: payment.tranId };
  }

  /**
   * The patient pays an order approved after its prescription check (My orders → Pay now). One
   * payment per order: the conditional update that names it wins once, however often it is asked.
   */
  async payForOrder(em: EntityManager, actor: AuthUser, id: string, provider: PaymentProvider | null | undefined, payer: Payer): Promise<PlacedOrder> {
    const current = isUuid(id) ? await orderView(em, id) : null;
    if (!current || current.userId !== actor.id) throw notFound('Order');
    if (current.paymentStatus === OrderPaymentStatus.Paid) throw conflict('This order is already paid', 'ALREADY_PAID');
    if (current.openPaymentUrl && current.paymentTranId) {
      // The checkout already open: the payer lands back where they asked from this time.
      await this.payments.returnTo(em, current.paymentTranId, payer.origin);
      return { order: current, paymentUrl: current.openPaymentUrl, tranId: current.paymentTranId };
    }
    if (!current.awaitingPayment) throw conflict('This order cannot be paid now', 'NOT_PAYABLE');
    const method = provider ?? current.paymentMethod;
    const payment = await em.transactional(async (tx) => {
      const p = this.payments.create(tx, { purpose: PaymentPurpose.Order, purposeId: id, userId: actor.id, amountPoisha: current.totalPoisha, provider: method });
      await tx.flush();
      const named = await tx.nativeUpdate(Order, { id, paymentTranId: '', status: OrderStatus.Processing, paymentStatus: OrderPaymentStatus.Pending },
        { paymentTranId: p.tranId, paymentMethod: method, updatedAt: new Date() });
      if (!named) throw conflict('The order changed meanwhile; reload and try again', 'CHANGED_MEANWHILE');
      return p;
    });
    return this.openCheckout(em, id, payment, `+88${current.shippingPhone}`, actor, payer);
  }

  /**
   * An unpaid order holds its stock until it is paid, abandoned (PAYMENT_ABANDON_MINUTES) or expired,
   * so one patient may keep only a few open at once: every order whose payment is open and recent, and
   * every order waiting for a pharmacist or for payment after approval, whatever its age (those hold
   * stock with no payment open; they expire after PRESCRIPTION_CHECK_HOURS and APPROVED_UNPAID_HOURS).
   * The patient's row is locked first: concurrent checkouts of one patient are counted one after the
   * other, never past the cap.
   */
  private async assertUnderOpenOrderCap(tx: EntityManager, userId: string): Promise<void> {
    const cap = this.config.limits.openUnpaidOrdersPerPatient;
    await tx.execute('select id from users where id = ? for update', [userId]);
    const open = await tx.count(Order, {
      user: userId, paymentStatus: OrderPaymentStatus.Pending, status: { $ne: OrderStatus.Cancelled },
      $or: [
        { createdAt: { $gt: new Date(Date.now() - this.config.payments.abandonAfterMinutes * 60_000) } },
        { status: OrderStatus.PrescriptionCheck },
        { status: OrderStatus.Processing, paymentTranId: '' },
      ],
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
      // The money arrived after the order was given up (an abandoned Nagad session paid late): it goes back by itself.
      this.log.warn({ orderId: order.id, tranId: payment.tranId }, 'payment completed for a cancelled order: refunding it');
      await this.payments.refunds.request(em, { paymentId: payment.id, cause: `order-paid-after-cancel:${payment.id}`, reason: RefundReason.OrderCancelled });
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
      await this.medicines.giveBackStock(em, item.medicine.id, item.quantity);
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

  /**
   * The pharmacists' queue (and every order that went out with a photo). A pharmacist reading
   * patients' prescriptions is on record (one line per page read), as a doctor's read of a record is.
   */
  async prescriptionOrders(em: EntityManager, actor: AuthUser, args: { page: number; pageSize: number; waiting: boolean }): Promise<PageResult<OrderView>> {
    const page = await prescriptionOrderViews(em, args);
    if (actor.role === Role.Pharmacist) {
      await this.audit?.recordMedicalRead(em, actor, 'Order', null, null, { list: 'prescription checks', page: page.page, ids: page.items.map((o) => o.id) });
    }
    return page;
  }

  /** Any order by id, for a caller whose access was decided already (an app with orders:read, like adminOrders). */
  async anyById(em: EntityManager, id: string): Promise<OrderView> {
    const order = isUuid(id) ? await orderView(em, id) : null;
    if (!order) throw notFound('Order');
    return order;
  }

  /** An order the actor may see ("not found" otherwise, like a made-up id); nothing is recorded. */
  private async visibleOrder(em: EntityManager, actor: AuthUser, id: string): Promise<OrderView> {
    const order = isUuid(id) ? await orderView(em, id) : null;
    if (!order || !canViewOrder(actor, order)) throw notFound('Order');
    return order;
  }

  /** An order read to be shown to the actor; `details` go on its audit line (a live read says so). */
  async byId(em: EntityManager, actor: AuthUser, id: string, details?: Record<string, unknown>): Promise<OrderView> {
    const order = await this.visibleOrder(em, actor, id);
    // A pharmacist reading a patient's order (and its prescription) is on record, whichever door asked.
    if (actor.role === Role.Pharmacist) await this.audit?.recordMedicalRead(em, actor, 'Order', order.id, order.userId, details);
    return order;
  }

  /**
   * Moves along the transition map; atomic, so two admins cannot both move the same order. Out of
   * PrescriptionCheck is the pharmacist's decision alone (reviewPrescription): every other door (an
   * admin's status move, an app with orders:write, REST) is refused. A paid order that is cancelled is
   * refunded in the same transaction (one refund per order, whoever cancels it and however often),
   * sent to the provider once it commits; what it drew on its prescription is given back (the ledger
   * follows the order's events).
   */
  async changeStatus(em: EntityManager, id: string, to: OrderStatus, review?: {
    actor: AuthUser; note?: string | null; decision?: (tx: EntityManager, order: Order) => Promise<Partial<Order>>;
  }): Promise<OrderView> {
    await em.transactional(async (tx) => {
      const order = isUuid(id) ? await tx.findOne(Order, { id }) : null;
      if (!order) throw notFound('Order');
      const from = order.status;
      const deciding = !!review?.decision;
      // A prescription decision is made once, on an order still waiting for it, and only that way.
      if (from === OrderStatus.PrescriptionCheck && !deciding && canMoveOrder(from, to)) {
        throw conflict('A pharmacist decides an order waiting for its prescription check (reviewOrderPrescription)', 'PRESCRIPTION_CHECK_PENDING');
      }
      if (!canMoveOrder(from, to) || (deciding && from !== OrderStatus.PrescriptionCheck)) {
        throw conflict(`An order that is ${from} cannot become ${to}`, 'ILLEGAL_TRANSITION', { from, to });
      }
      if (to === OrderStatus.Confirmed && order.paymentStatus !== OrderPaymentStatus.Paid) {
        throw conflict('The order is not paid yet', 'NOT_PAID');
      }
      const now = new Date();
      const set: Partial<Order> = { status: to, updatedAt: now };
      if (to === OrderStatus.Confirmed) set.confirmedAt = now;
      if (to === OrderStatus.Delivered) set.deliveredAt = now;
      const rejected = from === OrderStatus.PrescriptionCheck && to === OrderStatus.Cancelled;
      if (from === OrderStatus.PrescriptionCheck) {
        Object.assign(set, { prescriptionReviewedAt: now, prescriptionNote: review?.note?.trim() || null, prescriptionReviewedBy: review?.actor.id ?? null });
      }
      if (to === OrderStatus.Cancelled) Object.assign(set, { cancelledAt: now, cancelReason: rejected ? 'PRESCRIPTION_REJECTED' : 'CANCELLED_BY_ADMIN' });
      const changed = await tx.nativeUpdate(Order, { id: order.id, status: from }, set);
      if (!changed) throw conflict('The order was changed meanwhile; reload and try again', 'CHANGED_MEANWHILE');
      if (review?.decision) {
        const more = await review.decision(tx, order);
        if (Object.keys(more).length) await tx.nativeUpdate(Order, { id: order.id }, more);
      }
      if (to === OrderStatus.Cancelled) {
        await this.releaseStock(tx, order.id);
        const paid = order.paymentStatus === OrderPaymentStatus.Paid && order.paymentTranId
          ? await tx.findOne(Payment, { tranId: order.paymentTranId }) : null;
        if (paid) {
          await this.payments.refunds.request(tx, {
            paymentId: paid.id, cause: `order-cancelled:${order.id}`, reason: rejected ? RefundReason.PrescriptionRejected : RefundReason.OrderCancelled,
          });
        }
      }
      await this.events.publish(tx, { type: 'order.statusChanged', orderId: order.id, userId: order.user.id, from, to });
    });
    if (to === OrderStatus.Cancelled) await this.payments.refunds.sendDue(em, { purposeId: id });
    return (await orderView(em, id))!;
  }

  /**
   * A pharmacist's (or admin's) decision on an order's photo of a prescription. Rejecting says why
   * (the note reaches the patient). Approving records what the paper allows (each medicine, its
   * quantity in the catalogue's units, refills, and until when it is valid): it becomes a paper
   * prescription with a ledger, the order's prescription-only lines are held on it, and the patient
   * may pay; a reading that does not cover the order is refused (reject it with a note instead). An
   * order the caller may not see (a pharmacist and an order without a prescription) is "not found",
   * like a made-up id.
   */
  async reviewPrescription(em: EntityManager, actor: AuthUser, id: string, approve: boolean, note?: string | null,
    paper?: { lines?: PaperReading['lines'] | null; validUntil?: string | null } | null): Promise<OrderView> {
    await this.visibleOrder(em, actor, id);
    if (!approve) {
      if (!note?.trim()) throw badInput('Say why the prescription is not accepted: the patient reads it', { note: 'Required' }, 'MISSING_FIELDS');
      return this.changeStatus(em, id, OrderStatus.Cancelled, { actor, note, decision: async () => ({}) });
    }
    if (!paper?.lines?.length || !paper.validUntil) {
      throw badInput('Record what the prescription allows: each medicine, its quantity and refills, and until when it is valid',
        { ...(paper?.lines?.length ? {} : { lines: 'Required' }), ...(paper?.validUntil ? {} : { validUntil: 'Required' }) }, 'MISSING_FIELDS');
    }
    const day = assertCalendarDate(paper.validUntil, 'validUntil', 'Not a real date');
    const today = dhakaToday();
    if (day < today) throw badInput('The prescription must still be valid today', { validUntil: 'In the past' }, 'DATE_IN_PAST');
    if (daysBetween(today, day) > MAX_VALID_DAYS) throw badInput('A prescription is valid for a year at most', { validUntil: 'Too far' }, 'DATE_TOO_FAR', { days: MAX_VALID_DAYS });
    // Valid through the whole of that day in Dhaka.
    const reading: PaperReading = { lines: paper.lines, validUntil: new Date(`${day}T23:59:59.999+06:00`), note };
    return this.changeStatus(em, id, OrderStatus.Processing, {
      actor, note,
      decision: async (tx, order) => {
        const items = await tx.find(OrderItem, { order: order.id }, { populate: ['medicine'] });
        const needing = items.filter((i) => i.medicine.getEntity().prescriptionRequired);
        const named = await tx.find(Medicine, { id: { $in: reading.lines.map((l) => l.medicineId).filter(isUuid) }, prescriptionRequired: true });
        const paper = await this.dispensing.recordPaper(tx, actor, { id: order.id, userId: order.user.id, familyMemberId: order.familyMember?.id ?? null },
          reading, needing.map((i) => ({ medicine: i.medicine.getEntity(), units: i.quantity })), named);
        return { paperPrescriptionId: paper.id };
      },
    });
  }

  /**
   * Orders approved after their prescription check and not paid within APPROVED_UNPAID_HOURS, and
   * photo orders no pharmacist decided within PRESCRIPTION_CHECK_HOURS, are cancelled and their stock
   * released, once each (conditional update); the patient is told (the order's event). Run by the jobs
   * (one replica).
   */
  async expireStaleOrders(em: EntityManager, now = new Date()): Promise<number> {
    const approvedBefore = new Date(now.getTime() - APPROVED_UNPAID_HOURS * 3600_000);
    const placedBefore = new Date(now.getTime() - PRESCRIPTION_CHECK_HOURS * 3600_000);
    const stale = [
      ...(await em.find(Order, {
        status: OrderStatus.Processing, paymentStatus: OrderPaymentStatus.Pending, paymentTranId: '', prescriptionReviewedAt: { $lt: approvedBefore },
      }, { fields: ['id', 'user', 'status'], limit: 200 })).map((o) => ({ o, reason: 'PAYMENT_NOT_MADE' })),
      ...(await em.find(Order, { status: OrderStatus.PrescriptionCheck, createdAt: { $lt: placedBefore } }, { fields: ['id', 'user', 'status'], limit: 200 }))
        .map((o) => ({ o, reason: 'PRESCRIPTION_NOT_CHECKED' })),
    ];
    let expired = 0;
    for (const { o, reason } of stale) {
      const from = o.status;
      await em.transactional(async (tx) => {
        const changed = await tx.nativeUpdate(Order, { id: o.id, status: from, paymentTranId: '', paymentStatus: OrderPaymentStatus.Pending },
          { status: OrderStatus.Cancelled, cancelledAt: now, cancelReason: reason, updatedAt: now });
        if (!changed) return;
        await this.releaseStock(tx, o.id);
        await this.events.publish(tx, { type: 'order.statusChanged', orderId: o.id, userId: o.user.id, from, to: OrderStatus.Cancelled });
        expired++;
      });
    }
    return expired;
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
