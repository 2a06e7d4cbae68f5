import { Arg, Ctx, Mutation, Resolver } from 'type-graphql';
import type { Context } from '../../common/context.js';
import { Throttle } from '../../common/limits.js';
import { Allow, Public } from '../../common/access.js';
import { AuthPayload, User } from '../accounts/index.js';
import { CodeSent, PhoneCodeInput, PhoneNumberInput, PhoneSignupInput, VerifyPhoneInput } from './verification.inputs.js';
import { Idempotent } from '../../common/idempotency.js';

/**
 * Phone-first accounts (phone-code.service.ts). Every request for a code is throttled per address
 * here and limited per number in the service; every code is tried at most 5 times.
 */
@Resolver()
export class PhoneResolver {
  @Mutation(() => CodeSent, { description: 'Signup with a mobile number: texts a 6-digit code (5 minutes) that makes the account. The answer is the same for every number' })
  @Public()
  @Throttle('sms-ip')
  sendSignupCode(@Arg('input') input: PhoneSignupInput, @Ctx() ctx: Context) {
    return ctx.services.phoneCodes.sendSignupCode(ctx.em, input);
  }

  @Mutation(() => CodeSent, { description: "Login with a mobile number: texts a code when a patient has verified it, else a text saying no patient account uses it. The answer, and a wrong code's, is the same for every number" })
  @Public()
  @Throttle('sms-ip')
  sendLoginCode(@Arg('input') input: PhoneNumberInput, @Ctx() ctx: Context) {
    return ctx.services.phoneCodes.sendLoginCode(ctx.em, input.phone, input.language);
  }

  @Mutation(() => AuthPayload, { description: 'The code from the SMS: logs in, making the account first when the code was a signup code' })
  @Public()
  @Throttle('code-ip')
  @Idempotent()
  loginWithCode(@Arg('input') input: PhoneCodeInput, @Ctx() ctx: Context) {
    return ctx.services.phoneCodes.loginWithCode(ctx.em, input, ctx.ip);
  }

  @Mutation(() => CodeSent, { description: "Adds or changes the caller's mobile number: texts a code to the new number (the answer is the same for a number another account holds)" })
  @Allow()
  @Throttle('sms-ip')
  sendPhoneCode(@Arg('input') input: PhoneNumberInput, @Ctx() ctx: Context) {
    return ctx.services.phoneCodes.sendVerifyCode(ctx.em, ctx.user!, input.phone);
  }

  @Mutation(() => User, { description: "The code sent by sendPhoneCode: the number becomes the caller's verified number; answers the account" })
  @Allow()
  @Throttle('code-ip')
  verifyPhone(@Arg('input') input: VerifyPhoneInput, @Ctx() ctx: Context) {
    return ctx.services.phoneCodes.verifyPhone(ctx.em, ctx.user!, input.code);
  }
}
