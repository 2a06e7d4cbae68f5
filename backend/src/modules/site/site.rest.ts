import type { RouteFn } from '../../common/rest.js';
import { parseInput } from '../../common/input.js';
import { Role } from '../../common/roles.js';
import { PageArgs } from '../../common/pagination.js';
import { ContactMessageInput } from './site.inputs.js';

export function registerSiteRoutes(route: RouteFn): void {
  route('get', '/partners', 'public', async (ctx) => {
    const list = await ctx.services.site.partners(ctx.em);
    return { success: true, partners: list.map((p) => ({ _id: p.id, id: p.id, name: p.name, logo: { url: p.logoUrl ?? null }, website: p.website ?? null })) };
  });

  route('post', '/contact', 'public', async (ctx, req) => {
    const msg = await ctx.services.site.sendContactMessage(ctx.em, ctx.user, await parseInput(ContactMessageInput, req.body));
    return { success: true, id: msg.id, message: 'Send successfully' };
  }, { throttle: 'form-ip' });

  route('get', '/admin/contact/messages', [Role.Admin], async (ctx, req) => {
    const page = await ctx.services.site.contactMessages(ctx.em, await parseInput(PageArgs, req.query));
    return { success: true, messages: page.items.map((m) => ({ _id: m.id, name: m.name, email: m.email, subject: m.subject ?? null, message: m.message, createdAt: m.createdAt })), resultPerPage: page.pageSize, messageCount: page.total };
  });
}
