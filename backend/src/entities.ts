import { User } from './modules/accounts/user.entity.js';
import { Session } from './modules/accounts/session.entity.js';
import { Doctor } from './modules/doctors/doctor.entity.js';
import { Payment } from './modules/payments/payment.entity.js';
import { Medicine } from './modules/medicines/medicine.entity.js';
import { Order, OrderItem } from './modules/orders/order.entity.js';
import { SandboxTransaction } from './modules/payments/sandbox/sandbox-transaction.entity.js';

/** Every entity, listed explicitly (no folder scanning: the same list works for tsc output and tests). */
export const ENTITIES = [User, Session, Doctor, Payment, SandboxTransaction, Medicine, Order, OrderItem];
