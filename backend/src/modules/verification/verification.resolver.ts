import { Arg, Ctx, Mutation, Resolver } from 'type-graphql';
import type { Context } from '../../common/context.js';
import { Throttle, LimitedIn } from '../../common/limits.js';
import { Allow, Public } from '../../common/access.js';
import { User } from '../accounts/index.js';
import { ConfirmEmailInput, ForgotPasswordInput, Notice, ResetPasswordInput, notice } from './verification.inputs.js';
import { ACTIVATED_MESSAGE, PASSWORD_UPDATED_MESSAGE, RESEND_LIMIT, RESET_LINK_LIMIT, RESET_SENT_MESSAGE } from './verification.service.js';

@Resolver()
export class VerificationResolver {
  @Mutation(() => Notice, { description: 'The activation link (/activation/:activation_token) verifies the email' })
  @Public()
  @Throttle('code-ip')
  async activateAccount(@Arg('token') token: string, @Ctx() ctx: Context): Promise<Notice> {
    await ctx.services.verification.activate(ctx.em, token);
    return notice(ACTIVATED_MESSAGE);
  }

  @Mutation(() => User, { description: "The 6 digit code from the verification mail; answers the caller's verified account" })
  @Allow()
  @Throttle('code-ip')
  confirmEmail(@Arg('input') input: ConfirmEmailInput, @Ctx() ctx: Context): Promise<User> {
    return ctx.services.verification.confirmCode(ctx.em, ctx.user!, input.code);
  }

  @Mutation(() => Notice, { description: 'A new link and code (once a minute, ten a day); the previous ones stop working' })
  @Allow()
  @LimitedIn(RESEND_LIMIT)
  async resendVerification(@Ctx() ctx: Context): Promise<Notice> {
    await ctx.services.verification.resend(ctx.em, ctx.user!);
    return notice('Email send Succesfull');
  }

  @Mutation(() => Notice, { description: 'Patients: mails a reset link if the address has an account; the answer is the same either way' })
  @Public()
  @Throttle('reset-ip')
  async forgotPassword(@Arg('input') input: ForgotPasswordInput, @Ctx() ctx: Context): Promise<Notice> {
    await ctx.services.verification.requestPasswordReset(ctx.em, input.email);
    return notice(RESET_SENT_MESSAGE);
  }

  @Mutation(() => Notice, { description: 'Doctors: as forgotPassword; the link leads to /forgot/password/reset/:token' })
  @Public()
  @Throttle('reset-ip')
  async doctorForgotPassword(@Arg('input') input: ForgotPasswordInput, @Ctx() ctx: Context): Promise<Notice> {
    await ctx.services.verification.requestPasswordReset(ctx.em, input.email);
    return notice(RESET_SENT_MESSAGE);
  }

  @Mutation(() => Notice, { description: 'Sets a new password with the mailed token; every session of the account ends' })
  @Public()
  @LimitedIn(RESET_LINK_LIMIT)
  async resetPassword(@Arg('token') token: string, @Arg('input') input: ResetPasswordInput, @Ctx() ctx: Context): Promise<Notice> {
    await ctx.services.verification.resetPassword(ctx.em, token, input);
    return notice(PASSWORD_UPDATED_MESSAGE);
  }

  @Mutation(() => Notice, { description: 'The doctor screen of resetPassword' })
  @Public()
  @LimitedIn(RESET_LINK_LIMIT)
  async doctorResetPassword(@Arg('token') token: string, @Arg('input') input: ResetPasswordInput, @Ctx() ctx: Context): Promise<Notice> {
    await ctx.services.verification.resetPassword(ctx.em, token, input);
    return notice(PASSWORD_UPDATED_MESSAGE);
  }
}
