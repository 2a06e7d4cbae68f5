import { Role, type AuthUser } from '../../common/roles.js';
import type { Order } from './order.entity.js';
import { OrderStatus } from './order.entity.js';

/** An order is seen by the patient who placed it and by admins. */
export function canViewOrder(user: AuthUser, order: Order): boolean {
  return user.role === Role.Admin || order.user.id === user.id;
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
