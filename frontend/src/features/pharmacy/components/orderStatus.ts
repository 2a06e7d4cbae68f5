import type { OrderStatus } from '@/gql/graphql';

/** The colour of an order's status tag (My orders, the admin table). */
export const STATUS_COLOR: Record<OrderStatus, string> = { Processing: 'blue', Confirmed: 'cyan', Delivered: 'green', Cancelled: 'red' };
