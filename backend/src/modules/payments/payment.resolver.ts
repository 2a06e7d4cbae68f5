import { Arg, Ctx, Query, Resolver } from 'type-graphql';
import type { Context } from '../../common/context.js';
import { Allow } from '../../common/access.js';
import { Payment } from './payment.entity.js';

@Resolver(() => Payment)
export class PaymentResolver {
  @Query(() => Payment, { description: 'A payment by our transaction id (the success and failure pages); the payer and admins only' })
  @Allow()
  payment(@Arg('tranId') tranId: string, @Ctx() ctx: Context): Promise<Payment> {
    return ctx.services.payments.byTranId(ctx.em, ctx.user!, tranId);
  }
}
