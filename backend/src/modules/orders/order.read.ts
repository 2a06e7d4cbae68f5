import { Reference, type OptionalProps } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/sql';
import type { AuthUser } from '../../common/roles.js';
import { selectCount, selectRows, SqlParams, toDate } from '../../common/sql.js';
import { offsetOf, pageOf, type PageArgs, type PageResult } from '../../common/pagination.js';
import type { User } from '../accounts/user.entity.js';
import type { MedicineUnit } from '../medicines/medicine.entity.js';
import type { PaymentProvider } from '../payments/payment.entity.js';
import type { Order, OrderItem, OrderPaymentStatus, OrderStatus } from './order.entity.js';

/** An order line as a patient's history reads it: plain data (see common/sql.ts). */
export type OrderItemCard = Omit<OrderItem, 'order' | 'medicine' | typeof OptionalProps> & { medicine: { id: string } };

/** An order with its lines and its customer's name and email as plain data; GraphQL and REST accept it beside the entity. */
export type OrderCard = Omit<Order, 'user' | 'items' | typeof OptionalProps> & {
  user: { id: string; name: string; email: string };
  items: OrderItemCard[];
};

/** The order's lines, from an entity's loaded collection or a card's array. */
export const linesOf = (o: Order | OrderCard): readonly (OrderItem | OrderItemCard)[] => (Array.isArray(o.items) ? o.items : (o as Order).items.getItems());

/** The customer: an entity's batched user reference, or the card's joined row. */
export async function customerOf(o: Order | OrderCard): Promise<{ name: string; email: string }> {
  return Reference.isReference<User>(o.user) ? (await o.user.load())! : o.user;
}

/** The same, for an order whose user is already loaded (REST mappers). */
export const loadedCustomerOf = (o: Order | OrderCard): { id: string; name: string; email: string } =>
  (Reference.isReference<User>(o.user) ? o.user.getEntity() : o.user);

type When = Date | string;
interface OrderRow {
  id: string; user_id: string; status: OrderStatus; payment_status: OrderPaymentStatus; payment_method: PaymentProvider;
  payment_tran_id: string; payment_url: string | null; items_poisha: number; shipping_poisha: number; total_poisha: number;
  shipping_name: string; shipping_phone_e164: string; shipping_address: string; shipping_city: string;
  paid_at: When | null; confirmed_at: When | null; delivered_at: When | null; cancelled_at: When | null; cancel_reason: string | null;
  stock_released: boolean; archived_at: When | null; created_at: When; updated_at: When;
  u_name: string; u_email: string;
  i_id: string | null; i_medicine_id: string; i_name: string; i_unit: MedicineUnit; i_image_url: string | null;
  i_unit_price_poisha: number; i_quantity: number; i_line_total_poisha: number; i_created_at: When; i_updated_at: When;
}

const dateOrNull = (v: When | null) => (v === null ? null : toDate(v));

function toCard(r: OrderRow): OrderCard {
  return {
    id: r.id, user: { id: r.user_id, name: r.u_name, email: r.u_email }, status: r.status, paymentStatus: r.payment_status,
    paymentMethod: r.payment_method, paymentTranId: r.payment_tran_id, paymentUrl: r.payment_url, itemsPoisha: r.items_poisha,
    shippingPoisha: r.shipping_poisha, totalPoisha: r.total_poisha, shippingName: r.shipping_name, shippingPhoneE164: r.shipping_phone_e164,
    shippingAddress: r.shipping_address, shippingCity: r.shipping_city, paidAt: dateOrNull(r.paid_at), confirmedAt: dateOrNull(r.confirmed_at),
    deliveredAt: dateOrNull(r.delivered_at), cancelledAt: dateOrNull(r.cancelled_at), cancelReason: r.cancel_reason,
    stockReleased: r.stock_released, archivedAt: dateOrNull(r.archived_at), createdAt: toDate(r.created_at), updatedAt: toDate(r.updated_at),
    items: [],
  };
}

const toLine = (r: OrderRow): OrderItemCard => ({
  id: r.i_id!, medicine: { id: r.i_medicine_id }, name: r.i_name, unit: r.i_unit, imageUrl: r.i_image_url, unitPricePoisha: r.i_unit_price_poisha,
  quantity: r.i_quantity, lineTotalPoisha: r.i_line_total_poisha, createdAt: toDate(r.i_created_at), updatedAt: toDate(r.i_updated_at),
});

/**
 * A patient's orders, newest first, each with its lines: one statement for the page (limited in a
 * subquery, lines joined) and one for the count, side by side; `orders (user_id, created_at)` serves both.
 */
export async function patientOrders(em: EntityManager, actor: AuthUser, args: PageArgs): Promise<PageResult<OrderCard>> {
  const count = new SqlParams();
  const countSql = `select count(*) as count from orders where user_id = ${count.add(actor.id)}`;
  const p = new SqlParams();
  const pageSql = `select o.*, u.name as u_name, u.email as u_email, i.id as i_id, i.medicine_id as i_medicine_id, i.name as i_name,
      i.unit as i_unit, i.image_url as i_image_url, i.unit_price_poisha as i_unit_price_poisha, i.quantity as i_quantity,
      i.line_total_poisha as i_line_total_poisha, i.created_at as i_created_at, i.updated_at as i_updated_at
    from (select * from orders where user_id = ${p.add(actor.id)} order by created_at desc, id asc limit ${p.add(args.pageSize)} offset ${p.add(offsetOf(args))}) o
    join users u on u.id = o.user_id
    left join order_items i on i.order_id = o.id
    order by o.created_at desc, o.id asc, i.id asc`;
  const [rows, total] = await Promise.all([selectRows<OrderRow>(em, pageSql, p), selectCount(em, countSql, count)]);
  const orders: OrderCard[] = [];
  let current: OrderCard | undefined;
  for (const row of rows) {
    if (current?.id !== row.id) orders.push((current = toCard(row)));
    if (row.i_id) current.items.push(toLine(row));
  }
  return pageOf(orders, total, args);
}
