import type { RouteFn } from '../../common/rest.js';
import { parseInput } from '../../common/input.js';
import { badInput } from '../../common/errors.js';
import { Role } from '../../common/roles.js';
import { Language } from '../accounts/index.js';
import { toSpecUser } from '../accounts/index.js';
import { OutboxArgs } from './mail.inputs.js';

export function registerMailRoutes(route: RouteFn): void {
  route('get', '/admin/mail/outbox', [Role.Admin], async (ctx, req) => {
    const page = await ctx.services.mail.adminList(ctx.em, await parseInput(OutboxArgs, req.query));
    return { success: true, mails: page.items, resultPerPage: page.pageSize, mailCount: page.total, page: page.page };
  });

  route('get', '/admin/sms/outbox', [Role.Admin], async (ctx, req) => {
    const page = await ctx.services.sms.list(ctx.em, await parseInput(OutboxArgs, req.query));
    return { success: true, messages: page.items, resultPerPage: page.pageSize, smsCount: page.total, page: page.page };
  });

  route('put', '/admin/mail/:id/retry', [Role.Admin], async (ctx, req) =>
    ({ success: true, mail: await ctx.services.mail.retry(ctx.em, String(req.params.id)) }));

  route('get', '/my/mailbox', 'authenticated', async (ctx, req) => {
    const page = await ctx.services.mail.myInbox(ctx.em, ctx.user!, await parseInput(OutboxArgs, req.query));
    return { success: true, mails: page.items, resultPerPage: page.pageSize, mailCount: page.total, page: page.page };
  });

  route('put', '/update/language', 'authenticated', async (ctx, req) => {
    const language = (req.body as { language?: unknown })?.language;
    if (language !== Language.en && language !== Language.bn) throw badInput('language must be en or bn', { language: 'Invalid choice' });
    const user = await ctx.services.accounts.me(ctx.em, ctx.user!);
    user.language = language;
    await ctx.em.flush();
    return { success: true, user: toSpecUser(user, ctx.user) };
  });
}
