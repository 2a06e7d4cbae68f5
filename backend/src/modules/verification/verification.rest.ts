import type { Request } from 'express';
import type { RouteFn } from '../../common/rest.js';
import type { Context } from '../../common/context.js';
import { parseInput } from '../../common/input.js';
import { toSpecUser } from '../accounts/index.js';
import { ConfirmEmailInput, ForgotPasswordInput, ResetPasswordInput } from './verification.inputs.js';
import { ACTIVATED_MESSAGE, PASSWORD_UPDATED_MESSAGE, RESEND_LIMIT, RESET_LINK_LIMIT, RESET_SENT_MESSAGE } from './verification.service.js';

export function registerVerificationRoutes(route: RouteFn): void {
  route('post', '/activation', 'public', async (ctx, req) => {
    const body = (req.body ?? {}) as { activation_token?: unknown; token?: unknown };
    const token = body.activation_token ?? body.token;
    await ctx.services.verification.activate(ctx.em, typeof token === 'string' ? token : '');
    return { success: true, message: ACTIVATED_MESSAGE };
  }, { throttle: 'code-ip' });

  // The earlier Confirm Email form named its one field "password"; both names are read.
  route('post', '/confirm/email', 'authenticated', async (ctx, req) => {
    const body = (req.body ?? {}) as Record<string, unknown>;
    const input = await parseInput(ConfirmEmailInput, { code: body.code ?? body.password });
    const user = await ctx.services.verification.confirmCode(ctx.em, ctx.user!, input.code);
    return { success: true, message: 'Your email is verified', user: toSpecUser(user, ctx.user) };
  }, { throttle: 'code-ip' });

  route('post', '/confirm/email/resend', 'authenticated', async (ctx) => {
    await ctx.services.verification.resend(ctx.em, ctx.user!);
    return { success: true, message: 'Email send Succesfull' };
  }, { limitedIn: RESEND_LIMIT });

  const forgot = async (ctx: Context, req: Request) => {
    await ctx.services.verification.requestPasswordReset(ctx.em, (await parseInput(ForgotPasswordInput, req.body)).email);
    return { success: true, message: RESET_SENT_MESSAGE };
  };
  route('post', '/password/forgot', 'public', forgot, { throttle: 'reset-ip' });
  route('post', '/doctor/forgotPassword', 'public', forgot, { throttle: 'reset-ip' });

  const reset = async (ctx: Context, req: Request) => {
    await ctx.services.verification.resetPassword(ctx.em, String(req.params.token), await parseInput(ResetPasswordInput, req.body));
    return { success: true, message: PASSWORD_UPDATED_MESSAGE };
  };
  for (const method of ['post', 'put'] as const) {
    route(method, '/password/reset/:token', 'public', reset, { limitedIn: RESET_LINK_LIMIT });
    route(method, '/forgot/password/reset/:token', 'public', reset, { limitedIn: RESET_LINK_LIMIT });
  }
}
