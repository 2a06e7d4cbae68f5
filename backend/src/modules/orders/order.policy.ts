import { Role, type AuthUser } from '../../common/roles.js';
import type { LiveSignal } from '../../common/live.js';
import type { IntegratorIdentity } from '../../common/scopes.js';
import { OrderPaymentStatus, OrderStatus } from './order.entity.js';

/** An order is seen by the patient who placed it and by admins; pharmacists see the ones that went out with a prescription. */
export function canViewOrder(user: AuthUser, order: { userId: string; prescriptionRequired?: boolean }): boolean {
  return user.role === Role.Admin || order.userId === user.id || (user.role === Role.Pharmacist && !!order.prescriptionRequired);
}

/** Who checks uploaded prescriptions: pharmacists and admins. */
export const mayReviewPrescriptions = (user: AuthUser | null) => !!user && (user.role === Role.Pharmacist || user.role === Role.Admin);

/**
 * Who sees the photo of an order's prescription (a medical record): the patient who placed it, and
 * the pharmacists and admins who check it. Not an integrator app, whatever its scopes, nor a doctor.
 */
export const mayViewPrescriptionPhoto = (user: AuthUser | null, order: { userId: string; prescriptionRequired?: boolean }) =>
  !!user && canViewOrder(user, order) && (user.id === order.userId || mayReviewPrescriptions(user));

/**
 * The order workflow. An order with an uploaded prescription starts in PrescriptionCheck: approved
 * by a pharmacist's review it becomes Processing (then the patient pays), rejected (or not reviewed in
 * time) it is Cancelled. Confirmed needs a paid
 * order (checked in the service); Cancelled from any state that is not final gives the stock back,
 * and the money when it was paid.
 */
export const ORDER_TRANSITIONS: Record<OrderStatus, readonly OrderStatus[]> = {
  [OrderStatus.PrescriptionCheck]: [OrderStatus.Processing, OrderStatus.Cancelled],
  [OrderStatus.Processing]: [OrderStatus.Confirmed, OrderStatus.Cancelled],
  [OrderStatus.Confirmed]: [OrderStatus.Delivered, OrderStatus.Cancelled],
  [OrderStatus.Delivered]: [],
  [OrderStatus.Cancelled]: [],
};

export const canMoveOrder = (from: OrderStatus, to: OrderStatus) => ORDER_TRANSITIONS[from].includes(to);

/**
 * Where an admin may move an order now: the workflow, and Confirmed only once it is paid. None while
 * it waits for its prescription check: that is decided by a pharmacist's review alone.
 */
export function nextOrderStatuses(status: OrderStatus, paymentStatus: OrderPaymentStatus): OrderStatus[] {
  if (status === OrderStatus.PrescriptionCheck) return [];
  return ORDER_TRANSITIONS[status].filter((to) => to !== OrderStatus.Confirmed || paymentStatus === OrderPaymentStatus.Paid);
}

/** Who follows orders live: a person, or an app with orders:read (which reads every order, as adminOrders). */
export interface OrderViewer {
  user: AuthUser | null;
  integrator: IntegratorIdentity | null;
}

/**
 * An order in the viewer's own list, as its list query shows it: a patient's orders (myOrders), the
 * ones a pharmacist checks or has checked (canViewOrder), every one for admins and apps.
 */
export function inOrderListOf(viewer: OrderViewer, order: { userId: string; prescriptionRequired?: boolean }): boolean {
  if (viewer.integrator) return true;
  const user = viewer.user;
  if (!user) return false;
  return user.role === Role.User ? order.userId === user.id : canViewOrder(user, order);
}

/** From a live signal's ids alone: may it be about an order of the viewer's list? Never wider than inOrderListOf. */
export function mayConcernOrders(viewer: OrderViewer, signal: LiveSignal): boolean {
  if (signal.kind !== 'order') return false;
  if (viewer.integrator) return true;
  const user = viewer.user;
  if (!user) return false;
  return user.role === Role.User ? signal.userId === user.id : user.role === Role.Admin || user.role === Role.Pharmacist;
}
