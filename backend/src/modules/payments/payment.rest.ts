import type { RouteFn } from '../../common/rest.js';
import { CALLBACK_LIMIT } from './payment.service.js';
import { PaymentProvider, type Payment } from './payment.entity.js';
import { bdt, csvExport } from '../../common/csv-export.js';
import { AdminRefundArgs } from './refund.read.js';

/**
 * The payment method a body names, the earlier client's ways included: `paymentMethod`, `provider`,
 * or `paymentInfo` ('Bkash' / 'Nagad' as the shipping form's select sends it, or { method }).
 * 'Bkash', 'bkash', 'bKash' → bkash; 'Nagad' → nagad; nothing (or the select's placeholder
 * "Select Payment Method") → none, and the caller's default applies. Anything else is `unknown`,
 * for the caller to refuse: a method Nirog does not take is never paid some other way.
 */
export function paymentChoice(body: Record<string, unknown>): { provider: PaymentProvider | null; unknown: string | null } {
  const info = body.paymentInfo;
  const raw = body.paymentMethod ?? body.provider ?? (info && typeof info === 'object' ? (info as Record<string, unknown>).method : info);
  if (raw === undefined || raw === null) return { provider: null, unknown: null };
  const s = String(raw).trim().toLowerCase();
  if (s === PaymentProvider.Bkash || s === PaymentProvider.Nagad) return { provider: s as PaymentProvider, unknown: null };
  if (s === '' || s === 'select payment method') return { provider: null, unknown: null };
  return { provider: null, unknown: String(raw).slice(0, 50) };
}

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
    }, { limitedIn: CALLBACK_LIMIT });
  }

  route('get', '/payment/:tranId', 'authenticated', async (ctx, req) =>
    ({ success: true, payment: toSpecPayment(await ctx.services.payments.byTranId(ctx.em, ctx.user!, String(req.params.tranId))) }));

  csvExport(route, 'refunds', AdminRefundArgs, (ctx, args) => ctx.services.payments.refunds.adminList(ctx.em, args), [
    { header: 'id', value: (r) => r.id }, { header: 'requested', value: (r) => r.createdAt }, { header: 'customer', value: (r) => r.customerName },
    { header: 'email', value: (r) => r.customerEmail }, { header: 'for', value: (r) => r.purpose }, { header: 'record', value: (r) => r.purposeId },
    { header: 'reason', value: (r) => r.reason }, { header: 'amount (BDT)', value: (r) => bdt(r.amountPoisha) }, { header: 'provider', value: (r) => r.provider },
    { header: 'payment', value: (r) => r.paymentTranId }, { header: 'status', value: (r) => r.status }, { header: 'refund transaction', value: (r) => r.providerRefundId },
    { header: 'completed', value: (r) => r.completedAt }, { header: 'failure', value: (r) => r.failureReason },
  ]);
}
