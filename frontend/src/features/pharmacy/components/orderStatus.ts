import type { OrderStatus, RefundStatus } from '@/gql/graphql';

/** The colour of an order's status tag (My orders, the admin table, the pharmacists' queue). */
export const STATUS_COLOR: Record<OrderStatus, string> = { PrescriptionCheck: 'purple', Processing: 'blue', Confirmed: 'cyan', Delivered: 'green', Cancelled: 'red' };

/** The colour of a refund's state. */
export const REFUND_COLOR: Record<RefundStatus, string> = { Requested: 'gold', Sending: 'gold', Completed: 'green', Failed: 'red' };
