import { Role, type AuthUser } from '../../common/roles.js';
import type { Payment } from './payment.entity.js';

/** A payment is seen by the payer and by admins; nobody else learns that it exists. */
export function canViewPayment(user: AuthUser, payment: Payment): boolean {
  return user.role === Role.Admin || payment.user.id === user.id;
}
