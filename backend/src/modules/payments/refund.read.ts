import type { EntityManager } from '@mikro-orm/sql';
import { ArgsType, Field, ID, Int, ObjectType } from 'type-graphql';
import { IsEnum, IsOptional } from 'class-validator';
import { selectCount, selectRows, SqlParams, toDate } from '../../common/sql.js';
import { AdminPageArgs, createdOrderSql, pageOf, type PageResult } from '../../common/pagination.js';
import { PaymentProvider, PaymentPurpose } from './payment.entity.js';
import { RefundReason, RefundStatus } from './refund.entity.js';

/**
 * The refund read model: an order's and a booking's refunds (their patient sees amount and state),
 * and the admin table of refunds (with who was refunded). One mapper for both: the orders and
 * appointments reads fold a purpose's refunds into their own statement as JSON (REFUNDS_JSON_SQL),
 * so a list of orders stays one statement per page.
 */
@ObjectType('Refund')
export class RefundView {
  @Field(() => ID)
  id!: string;

  @Field()
  createdAt!: Date;

  @Field(() => PaymentPurpose)
  purpose!: PaymentPurpose;

  @Field(() => ID, { description: 'The order or appointment refunded' })
  purposeId!: string;

  @Field(() => PaymentProvider)
  provider!: PaymentProvider;

  @Field(() => RefundReason)
  reason!: RefundReason;

  @Field(() => Int)
  amountPoisha!: number;

  @Field(() => RefundStatus)
  status!: RefundStatus;

  @Field(() => Date, { nullable: true })
  completedAt!: Date | null;

  @Field(() => String, { nullable: true, description: "The provider's refund transaction (bKash refundTrxID, Nagad cancelTrxId)" })
  providerRefundId!: string | null;

  @Field(() => String, { nullable: true, description: "Why it failed (the provider's code): then it is returned by hand" })
  failureReason!: string | null;

  @Field({ description: 'Our transaction id of the payment refunded' })
  paymentTranId!: string;

  @Field(() => String, { nullable: true, description: 'Admins: who is refunded' })
  customerName!: string | null;

  @Field(() => String, { nullable: true })
  customerEmail!: string | null;
}

type When = Date | string;
interface RefundRow {
  id: string; createdAt: When; purpose: PaymentPurpose; purposeId: string; provider: PaymentProvider; reason: RefundReason;
  amountPoisha: number; status: RefundStatus; completedAt: When | null; providerRefundId: string | null; failureReason: string | null;
  paymentTranId: string; customerName?: string | null; customerEmail?: string | null;
}

/** The one mapper (rows from the admin list and the JSON folded into orders and appointments alike). */
export const toRefundView = (r: RefundRow): RefundView => Object.assign(new RefundView(), {
  id: r.id, createdAt: toDate(r.createdAt), purpose: r.purpose, purposeId: r.purposeId, provider: r.provider, reason: r.reason,
  amountPoisha: Number(r.amountPoisha), status: r.status, completedAt: r.completedAt ? toDate(r.completedAt) : null,
  providerRefundId: r.providerRefundId ?? null, failureReason: r.failureReason ?? null, paymentTranId: r.paymentTranId,
  customerName: r.customerName ?? null, customerEmail: r.customerEmail ?? null,
});

const FIELDS = `r.id as "id", r.created_at as "createdAt", r.purpose as "purpose", r.purpose_id as "purposeId", r.provider as "provider",
  r.reason as "reason", r.amount_poisha as "amountPoisha", r.status as "status", r.completed_at as "completedAt",
  r.provider_refund_id as "providerRefundId", r.failure_reason as "failureReason", p.tran_id as "paymentTranId"`;

/**
 * A SQL expression: the refunds of the record whose id is `idExpr` (an order's or appointment's), as
 * a JSON array, oldest first. Goes into the record's own select (a correlated subquery on the
 * indexed purpose_id): no statement of its own.
 */
export function REFUNDS_JSON_SQL(idExpr: string): string {
  return `(select coalesce(json_agg(json_build_object('id', r.id, 'createdAt', r.created_at, 'purpose', r.purpose, 'purposeId', r.purpose_id,
    'provider', r.provider, 'reason', r.reason, 'amountPoisha', r.amount_poisha, 'status', r.status, 'completedAt', r.completed_at,
    'providerRefundId', r.provider_refund_id, 'failureReason', r.failure_reason, 'paymentTranId', p.tran_id) order by r.created_at, r.id), '[]'::json)
    from payment_refunds r join payments p on p.id = r.payment_id where r.purpose_id = ${idExpr})`;
}

/** The most refunds one order or booking has: one per cause (cancelled, never started, paid late or twice). */
export const REFUNDS_LIST_SIZE = 3;

/** The JSON of REFUNDS_JSON_SQL (text or parsed, as the driver gives it) → read models. */
export function refundViewsFromJson(value: unknown): RefundView[] {
  const rows = typeof value === 'string' ? JSON.parse(value) as RefundRow[] : Array.isArray(value) ? value as RefundRow[] : [];
  return rows.map(toRefundView);
}

@ArgsType()
export class AdminRefundArgs extends AdminPageArgs {
  @Field(() => RefundStatus, { nullable: true })
  @IsOptional()
  @IsEnum(RefundStatus)
  status?: RefundStatus | null;

  @Field(() => RefundReason, { nullable: true })
  @IsOptional()
  @IsEnum(RefundReason)
  reason?: RefundReason | null;
}

/** The admin table: newest (or oldest) first, by state and reason; page and count, two statements. */
export async function adminRefundViews(em: EntityManager, args: AdminRefundArgs): Promise<PageResult<RefundView>> {
  const p = new SqlParams();
  const where: string[] = [];
  if (args.status) where.push(`r.status = ${p.add(args.status)}`);
  if (args.reason) where.push(`r.reason = ${p.add(args.reason)}`);
  const filter = where.length ? `where ${where.join(' and ')}` : '';
  const page = p.clone();
  const [rows, total] = await Promise.all([
    selectRows<RefundRow>(em, `select ${FIELDS}, u.name as "customerName", u.email as "customerEmail"
      from payment_refunds r join payments p on p.id = r.payment_id join users u on u.id = r.user_id ${filter}
      order by ${createdOrderSql(args.sort, 'r.')} ${page.window(args)}`, page),
    selectCount(em, `select count(*) as count from payment_refunds r ${filter}`, p),
  ]);
  return pageOf(rows.map(toRefundView), total, args);
}
