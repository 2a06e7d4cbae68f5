import type { RouteFn } from '../../common/rest.js';
import { PaymentProvider, type Payment } from './payment.entity.js';

export function toSpecPayment(p: Payment) {
  return {
    _id: p.id,
    tranId: p.tranId,
    purpose: p.purpose,
    purposeId: p.purposeId,
    amount: p.amountPoisha / 100,
    amountPoisha: p.amountPoisha,
    currency: p.currency,
    provider: p.provider,
    status: p.status,
    trxId: p.providerTrxId ?? null,
    paidAt: p.completedAt ?? null,
  };
}

export function registerPaymentRoutes(route: RouteFn): void {
  // The browser's return from bKash or Nagad. Public (the provider sends it), never trusted: the
  // service asks the provider before recording anything, then the browser lands on our page.
  for (const provider of [PaymentProvider.Bkash, PaymentProvider.Nagad]) {
    route('get', `/payments/${provider}/callback`, 'public', async (ctx, req, res) => {
      const { redirectUrl } = await ctx.services.payments.handleCallback(ctx.em, provider, req.query as Record<string, unknown>);
      res.setHeader('Cache-Control', 'no-store');
      res.redirect(303, redirectUrl);
    });
  }

  route('get', '/payment/:tranId', 'authenticated', async (ctx, req) =>
    ({ success: true, payment: toSpecPayment(await ctx.services.payments.byTranId(ctx.em, ctx.user!, String(req.params.tranId))) }));
}
