import { Role, type AuthUser } from '../../common/roles.js';
import { OrderPaymentStatus, OrderStatus } from './order.entity.js';

/** An order is seen by the patient who placed it and by admins. */
export function canViewOrder(user: AuthUser, order: { userId: string }): boolean {
  return user.role === Role.Admin || order.userId === user.id;
}

/**
 * The order workflow. Confirmed needs a paid order (checked in the service); Cancelled from any
 * state that is not final gives the stock back.
 */
export const ORDER_TRANSITIONS: Record<OrderStatus, readonly OrderStatus[]> = {
  [OrderStatus.Processing]: [OrderStatus.Confirmed, OrderStatus.Cancelled],
  [OrderStatus.Confirmed]: [OrderStatus.Delivered, OrderStatus.Cancelled],
  [OrderStatus.Delivered]: [],
  [OrderStatus.Cancelled]: [],
};

export const canMoveOrder = (from: OrderStatus, to: OrderStatus) => ORDER_TRANSITIONS[from].includes(to);

/** Where an admin may move an order now: the workflow, and Confirmed only once it is paid. */
export function nextOrderStatuses(status: OrderStatus, paymentStatus: OrderPaymentStatus): OrderStatus[] {
  return ORDER_TRANSITIONS[status].filter((to) => to !== OrderStatus.Confirmed || paymentStatus === OrderPaymentStatus.Paid);
}
