import type { EntityManager } from '@mikro-orm/sql';
import { Extensions, Field, ID, Int, ObjectType } from 'type-graphql';
import { selectCount, selectRows, SqlParams, toDate } from '../../common/sql.js';
import { createdOrderSql, ListOrder, pageOf, type PageResult } from '../../common/pagination.js';
import { localPhone } from '../../common/phone.js';
import { MedicineUnit } from '../medicines/index.js';
import { PaymentProvider, REFUNDS_JSON_SQL, REFUNDS_LIST_SIZE, RefundView, refundViewsFromJson } from '../payments/index.js';
import { OrderPaymentStatus, OrderStatus } from './order.entity.js';
import { mayViewPrescriptionPhoto, nextOrderStatuses } from './order.policy.js';
import { isPrivateKey, type MedicalFileService } from '../medical-files/index.js';
import type { AuthUser } from '../../common/roles.js';
import { careRecipient, CareRecipient, type FamilyRelation } from '../family/index.js';
import { DispensingLineView, ORDER_DISPENSING_JSON_SQL, orderDispensingFromJson, PAPER_PRESCRIPTION_JSON_SQL, paperPrescriptionFromJson, PaperPrescriptionView } from '../prescriptions/index.js';

/** One line of an order as it was bought (a snapshot: later catalogue changes do not rewrite it). */
@ObjectType('OrderItem')
export class OrderLineView {
  @Field(() => ID)
  id!: string;

  @Field()
  createdAt!: Date;

  @Field()
  name!: string;

  @Field({ description: 'The strength as it was sold, e.g. 500 mg (empty on orders placed before it was kept)' })
  strength!: string;

  @Field(() => MedicineUnit)
  unit!: MedicineUnit;

  @Field(() => String, { nullable: true })
  imageUrl!: string | null;

  @Field(() => Int)
  unitPricePoisha!: number;

  @Field(() => Int)
  quantity!: number;

  @Field(() => Int)
  lineTotalPoisha!: number;

  @Field(() => DispensingLineView, { nullable: true, description: 'The prescription line it draws on (what that line allows, dispensed and left); null for a medicine sold without prescription, or a photo not checked yet' })
  prescriptionLine!: DispensingLineView | null;

  @Field(() => ID, { description: 'The medicine of the catalogue it was' })
  medicineId!: string;

  @Field({ description: 'The medicine is sold only with a prescription (as the catalogue says now)' })
  prescriptionRequired!: boolean;
}

/**
 * The order read model: a patient's orders, an order's page, the admin table and both doors read
 * this, through one statement shape and one mapper (toOrderView), one GraphQL type (`Order`) and one
 * REST mapper (order.rest.ts toSpecOrder). It carries what screens must not decide themselves: the
 * statuses an admin may move it to next (`nextStatuses`, from the workflow in order.policy.ts). The
 * Order entity is for writes only.
 */
@ObjectType('Order')
export class OrderView {
  @Field(() => ID)
  id!: string;

  @Field()
  createdAt!: Date;

  @Field(() => OrderStatus)
  status!: OrderStatus;

  @Field(() => [OrderStatus], { description: 'The statuses an admin may move the order to now (empty once it is final)' })
  nextStatuses!: OrderStatus[];

  @Field(() => OrderPaymentStatus)
  paymentStatus!: OrderPaymentStatus;

  @Field(() => PaymentProvider)
  paymentMethod!: PaymentProvider;

  /** The transaction id of the order's payment (the success page's :tranId). */
  @Field()
  paymentTranId!: string;

  @Field(() => Int)
  itemsPoisha!: number;

  @Field(() => Int)
  shippingPoisha!: number;

  @Field(() => Int)
  totalPoisha!: number;

  @Field()
  shippingName!: string;

  @Field({ description: 'With the leading 0' })
  shippingPhone!: string;

  @Field()
  shippingAddress!: string;

  @Field()
  shippingCity!: string;

  @Field(() => [OrderLineView])
  items!: OrderLineView[];

  @Field(() => Date, { nullable: true })
  paidAt!: Date | null;

  @Field(() => Date, { nullable: true })
  confirmedAt!: Date | null;

  @Field(() => Date, { nullable: true })
  deliveredAt!: Date | null;

  @Field(() => Date, { nullable: true })
  cancelledAt!: Date | null;

  @Field(() => String, { nullable: true })
  cancelReason!: string | null;

  @Field()
  customerName!: string;

  @Field()
  customerEmail!: string;

  @Field({ description: 'A line is a prescription-only medicine: the order went out with a Nirog prescription or a photo a pharmacist checks' })
  prescriptionRequired!: boolean;

  @Field(() => ID, { nullable: true, description: 'The Nirog prescription that lists its prescription-only medicines' })
  prescriptionId!: string | null;

  @Field(() => PaperPrescriptionView, { nullable: true, description: 'The paper prescription it draws on: read by a pharmacist from its photo, or an earlier one named at checkout' })
  paperPrescription!: PaperPrescriptionView | null;

  @Field(() => Date, { nullable: true, description: 'When a pharmacist approved or rejected its uploaded prescription' })
  prescriptionReviewedAt!: Date | null;

  @Field(() => String, { nullable: true, description: "The pharmacist's note (why it was rejected)" })
  prescriptionNote!: string | null;

  /** One per cause (cancelled, paid after cancelling): a few at most, counted so by the query cost. */
  @Field(() => [RefundView], { description: 'Money returned for this order (a cancelled or rejected paid order), with its state' })
  @Extensions({ listSize: REFUNDS_LIST_SIZE })
  refunds!: RefundView[];

  @Field(() => CareRecipient, { description: 'Who the medicine is for: the account holder or one of their family members' })
  careFor!: CareRecipient;

  /** The patient who placed it (not published; the resolver compares it with the caller). */
  userId!: string;
  /** The payment page while the order awaits payment; the resolver shows it to its patient only. */
  openPaymentUrl!: string | null;
  /** Approved after its prescription check and not paid yet: its patient pays from My orders (payForOrder). */
  awaitingPayment!: boolean;
  /**
   * The photo of its prescription: its key in the private store (medical-files), never published;
   * its viewers get a link (prescriptionPhotoFor).
   */
  prescriptionImage!: string | null;
  /** What each medicine drew on its prescription (by medicine id), for the lines. */
  dispensing!: Map<string, DispensingLineView>;
}

export interface PhotoLink { url: string; expiresAt: Date }
const photoLinks = new WeakMap<OrderView, { viewerId: string; link: PhotoLink }>();

/**
 * The link to an order's prescription photo for this viewer (its patient, pharmacists, admins:
 * mayViewPrescriptionPhoto), or null. Both doors publish this and nothing else of the file: GraphQL's
 * prescriptionImageUrl and prescriptionImageExpiresAt (one link per order and viewer in a request),
 * REST's prescriptionImage.
 */
export function prescriptionPhotoFor(files: MedicalFileService, viewer: AuthUser | null, o: OrderView): PhotoLink | null {
  if (!viewer || !isPrivateKey(o.prescriptionImage) || !mayViewPrescriptionPhoto(viewer, o)) return null;
  const made = photoLinks.get(o);
  if (made?.viewerId === viewer.id) return made.link;
  const link = files.linkFor(o.prescriptionImage, viewer, { type: 'Order', id: o.id, patientId: o.userId });
  photoLinks.set(o, { viewerId: viewer.id, link });
  return link;
}

/**
 * The payment of an order as one viewer may act on it: its open payment page and whether it may be
 * paid now are its patient's alone (anyone else, pharmacists and admins included, gets null/false).
 */
export function orderPaymentFor(viewer: AuthUser | null, o: OrderView): { paymentUrl: string | null; canPay: boolean } {
  const own = !!viewer && viewer.id === o.userId;
  return { paymentUrl: own ? o.openPaymentUrl : null, canPay: own && o.awaitingPayment };
}

type When = Date | string;
interface OrderRow {
  id: string; user_id: string; status: OrderStatus; payment_status: OrderPaymentStatus; payment_method: PaymentProvider;
  payment_tran_id: string; payment_url: string | null; items_poisha: number; shipping_poisha: number; total_poisha: number;
  shipping_name: string; shipping_phone_e164: string; shipping_address: string; shipping_city: string;
  paid_at: When | null; confirmed_at: When | null; delivered_at: When | null; cancelled_at: When | null; cancel_reason: string | null;
  created_at: When; u_name: string; u_email: string; prescription_required: boolean; prescription_id: string | null;
  prescription_image_url: string | null; prescription_reviewed_at: When | null; prescription_note: string | null; refunds: unknown;
  dispensing: unknown; paper: unknown;
  family_member_id: string | null; f_name: string | null; f_relation: FamilyRelation | null;
  i_id: string | null; i_medicine_id: string; i_name: string; i_strength: string; i_unit: MedicineUnit; i_image_url: string | null;
  i_unit_price_poisha: number; i_quantity: number; i_line_total_poisha: number; i_created_at: When; i_rx: boolean | null;
}

const dateOrNull = (v: When | null) => (v === null ? null : toDate(v));

/** The one mapper: an orders ⋈ users row → the read model (lines are added row by row). */
function toOrderView(r: OrderRow): OrderView {
  const open = r.status === OrderStatus.Processing && r.payment_status === OrderPaymentStatus.Pending;
  return Object.assign(new OrderView(), {
    id: r.id, createdAt: toDate(r.created_at), status: r.status,
    nextStatuses: nextOrderStatuses(r.status, r.payment_status), paymentStatus: r.payment_status, paymentMethod: r.payment_method,
    paymentTranId: r.payment_tran_id, itemsPoisha: r.items_poisha, shippingPoisha: r.shipping_poisha, totalPoisha: r.total_poisha,
    shippingName: r.shipping_name, shippingPhone: localPhone(r.shipping_phone_e164) ?? '', shippingAddress: r.shipping_address,
    shippingCity: r.shipping_city, items: [], paidAt: dateOrNull(r.paid_at), confirmedAt: dateOrNull(r.confirmed_at),
    deliveredAt: dateOrNull(r.delivered_at), cancelledAt: dateOrNull(r.cancelled_at), cancelReason: r.cancel_reason,
    customerName: r.u_name, customerEmail: r.u_email, userId: r.user_id, openPaymentUrl: open ? r.payment_url : null,
    awaitingPayment: open && !r.payment_tran_id, prescriptionRequired: r.prescription_required, prescriptionId: r.prescription_id,
    prescriptionImage: r.prescription_image_url, prescriptionReviewedAt: dateOrNull(r.prescription_reviewed_at),
    prescriptionNote: r.prescription_note, refunds: refundViewsFromJson(r.refunds),
    dispensing: orderDispensingFromJson(r.dispensing), paperPrescription: paperPrescriptionFromJson(r.paper),
    careFor: careRecipient({ familyMemberId: r.family_member_id, name: r.f_name ?? r.u_name, relation: r.f_relation, accountName: r.u_name }),
  });
}

const toLineView = (r: OrderRow, order: OrderView): OrderLineView => Object.assign(new OrderLineView(), {
  prescriptionLine: order.dispensing.get(r.i_medicine_id) ?? null,
  id: r.i_id!, createdAt: toDate(r.i_created_at), name: r.i_name, strength: r.i_strength, unit: r.i_unit, imageUrl: r.i_image_url,
  unitPricePoisha: r.i_unit_price_poisha, quantity: r.i_quantity, lineTotalPoisha: r.i_line_total_poisha, medicineId: r.i_medicine_id,
  prescriptionRequired: !!r.i_rx,
});

/**
 * Orders with their lines and customer in one statement: `picked` selects the orders (a page of
 * them, in order), lines are joined afterwards so a page of 20 orders stays 20 orders.
 */
async function selectOrderViews(em: EntityManager, picked: string, p: SqlParams, order: string): Promise<OrderView[]> {
  const sql = `select o.id, o.user_id, o.status, o.payment_status, o.payment_method, o.payment_tran_id, o.payment_url, o.items_poisha,
      o.shipping_poisha, o.total_poisha, o.shipping_name, o.shipping_phone_e164, o.shipping_address, o.shipping_city, o.paid_at,
      o.confirmed_at, o.delivered_at, o.cancelled_at, o.cancel_reason, o.created_at, u.name as u_name, coalesce(u.email, '') as u_email,
      o.prescription_required, o.prescription_id, o.prescription_image_url, o.prescription_reviewed_at, o.prescription_note, o.refunds,
      o.family_member_id, f.name as f_name, f.relation as f_relation, o.dispensing, o.paper,
      i.id as i_id, i.medicine_id as i_medicine_id, i.name as i_name, i.strength as i_strength, i.unit as i_unit, i.image_url as i_image_url,
      i.unit_price_poisha as i_unit_price_poisha, i.quantity as i_quantity, i.line_total_poisha as i_line_total_poisha,
      i.created_at as i_created_at, im.prescription_required as i_rx
    from (select po.*, ${REFUNDS_JSON_SQL('po.id')} as refunds, ${ORDER_DISPENSING_JSON_SQL('po.id')} as dispensing,
        ${PAPER_PRESCRIPTION_JSON_SQL('po.paper_prescription_id')} as paper from (${picked}) po) o
    join users u on u.id = o.user_id
    left join family_members f on f.id = o.family_member_id
    left join order_items i on i.order_id = o.id
    left join medicines im on im.id = i.medicine_id
    order by ${order}, i.created_at asc, i.id asc`;
  const orders: OrderView[] = [];
  let current: OrderView | undefined;
  for (const row of await selectRows<OrderRow>(em, sql, p)) {
    if (current?.id !== row.id) orders.push((current = toOrderView(row)));
    if (row.i_id) current.items.push(toLineView(row, current));
  }
  return orders;
}

/** One order, or null. */
export async function orderView(em: EntityManager, id: string): Promise<OrderView | null> {
  const p = new SqlParams();
  const [order] = await selectOrderViews(em, `select * from orders where id = ${p.add(id)}`, p, 'o.id');
  return order ?? null;
}

/**
 * A page of orders matching `where` and its total: two statements whatever the page size.
 * `order(alias)` is the page's order, written for the picked orders ('') and the outer query ('o.').
 */
async function pageOfOrders(
  em: EntityManager, where: string, p: SqlParams, order: (alias: string) => string, args: { page: number; pageSize: number },
): Promise<PageResult<OrderView>> {
  const page = p.clone();
  const picked = `select * from orders ${where} order by ${order('')} ${page.window(args)}`;
  const [items, total] = await Promise.all([
    selectOrderViews(em, picked, page, order('o.')),
    selectCount(em, `select count(*) as count from orders ${where}`, p),
  ]);
  return pageOf(items, total, args);
}

/**
 * A patient's orders, newest first; `orders (user_id, created_at)` serves page and count. With
 * `careFor`, only those for that family member (null: for the patient themselves).
 */
export function patientOrderViews(em: EntityManager, userId: string, args: { page: number; pageSize: number },
  careFor?: { familyMemberId: string | null }): Promise<PageResult<OrderView>> {
  const p = new SqlParams();
  const where = [`user_id = ${p.add(userId)}`];
  if (careFor) where.push(careFor.familyMemberId ? `family_member_id = ${p.add(careFor.familyMemberId)}` : 'family_member_id is null');
  return pageOfOrders(em, `where ${where.join(' and ')}`, p, (a) => createdOrderSql(ListOrder.newest, a), args);
}

/** The admin table: orders not archived, by status, newest or oldest first. */
export function adminOrderViews(em: EntityManager, args: {
  page: number; pageSize: number; status?: OrderStatus | null; paymentStatus?: OrderPaymentStatus | null; sort?: Parameters<typeof createdOrderSql>[0];
}): Promise<PageResult<OrderView>> {
  const p = new SqlParams();
  const where = ['archived_at is null'];
  if (args.status) where.push(`status = ${p.add(args.status)}`);
  if (args.paymentStatus) where.push(`payment_status = ${p.add(args.paymentStatus)}`);
  return pageOfOrders(em, `where ${where.join(' and ')}`, p, (a) => createdOrderSql(args.sort, a), args);
}

/** The pharmacists' queue: orders that went out with a photo of a prescription, the waiting ones (oldest first) or all (newest first). */
export function prescriptionOrderViews(em: EntityManager, args: { page: number; pageSize: number; waiting: boolean }): Promise<PageResult<OrderView>> {
  const p = new SqlParams();
  const where = args.waiting ? `where status = ${p.add(OrderStatus.PrescriptionCheck)}` : 'where prescription_image_url is not null';
  return pageOfOrders(em, where, p, (a) => createdOrderSql(args.waiting ? ListOrder.oldest : ListOrder.newest, a), args);
}
