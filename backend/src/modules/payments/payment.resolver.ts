import { Arg, Args, Ctx, ObjectType, Query, Resolver } from 'type-graphql';
import type { Context } from '../../common/context.js';
import { Allow } from '../../common/access.js';
import { Role } from '../../common/roles.js';
import { Paginated } from '../../common/pagination.js';
import { Payment } from './payment.entity.js';
import { AdminRefundArgs, RefundView } from './refund.read.js';

@ObjectType()
export class RefundPage extends Paginated(RefundView) {}

@Resolver(() => Payment)
export class PaymentResolver {
  @Query(() => Payment, { description: 'A payment by our transaction id (the success and failure pages); the payer and admins only' })
  @Allow()
  payment(@Arg('tranId') tranId: string, @Ctx() ctx: Context): Promise<Payment> {
    return ctx.services.payments.byTranId(ctx.em, ctx.user!, tranId);
  }

  @Query(() => RefundPage, { description: 'Admins: every refund, its state and who was refunded (filters as the table and its CSV)' })
  @Allow(Role.Admin)
  adminRefunds(@Args() args: AdminRefundArgs, @Ctx() ctx: Context) {
    return ctx.services.payments.refunds.adminList(ctx.em, args);
  }
}
