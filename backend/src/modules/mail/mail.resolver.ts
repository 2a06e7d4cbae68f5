import { Arg, Args, Ctx, ID, Mutation, Query, Resolver } from 'type-graphql';
import type { Context } from '../../common/context.js';
import { Allow, Public } from '../../common/access.js';
import { Role } from '../../common/roles.js';
import { Language, User } from '../accounts/index.js';
import { MailMessage } from './mail.entity.js';
import { SmsMessage } from './sms.entity.js';
import { MailDelivery, MailMessagePage, OutboxArgs, SmsMessagePage } from './mail.inputs.js';

@Resolver()
export class MailResolver {
  @Query(() => MailMessagePage, { description: 'Every mail Nirog queued, newest first' })
  @Allow(Role.Admin)
  mailOutbox(@Args() args: OutboxArgs, @Ctx() ctx: Context) {
    return ctx.services.mail.adminList(ctx.em, args);
  }

  @Query(() => SmsMessagePage, { description: 'Every SMS Nirog queued, newest first' })
  @Allow(Role.Admin)
  smsOutbox(@Args() args: OutboxArgs, @Ctx() ctx: Context) {
    return ctx.services.sms.list(ctx.em, args);
  }

  @Query(() => [SmsMessage], { nullable: true, description: "Development only: the SMS sandbox's texts to a number from the last 15 minutes, newest first, standing in for the phone on the code screens. Null with a real SMS gateway and in production" })
  @Public()
  smsSandbox(@Arg('phone') phone: string, @Ctx() ctx: Context) {
    return ctx.services.sms.sandboxTexts(ctx.em, phone);
  }

  @Query(() => MailMessagePage, { description: "The caller's own mail; only in development without a mail server" })
  @Allow()
  myMailbox(@Args() args: OutboxArgs, @Ctx() ctx: Context) {
    return ctx.services.mail.myInbox(ctx.em, ctx.user!, args);
  }

  @Query(() => MailDelivery)
  @Allow()
  mailDelivery(@Ctx() ctx: Context): MailDelivery {
    return { smtpConfigured: ctx.services.mail.smtpConfigured, devInbox: ctx.services.config.mail.devInbox };
  }

  @Mutation(() => MailMessage, { description: 'Queues a failed mail again' })
  @Allow(Role.Admin)
  retryMail(@Arg('id', () => ID) id: string, @Ctx() ctx: Context) {
    return ctx.services.mail.retry(ctx.em, id);
  }

  @Mutation(() => User, { description: 'The language of mail and SMS for the caller' })
  @Allow()
  async updateLanguage(@Arg('language', () => Language) language: Language, @Ctx() ctx: Context): Promise<User> {
    const user = await ctx.services.accounts.me(ctx.em, ctx.user!);
    user.language = language;
    await ctx.em.flush();
    return user;
  }
}
