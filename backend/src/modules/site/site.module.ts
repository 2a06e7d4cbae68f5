import type { EntityManager } from '@mikro-orm/sql';
import { Arg, Args, Ctx, Field, InputType, Mutation, ObjectType, Query, Resolver } from 'type-graphql';
import { IsEmail, IsNotEmpty, IsOptional, MaxLength } from 'class-validator';
import type { Context } from '../../common/context.js';
import { Allow, Public } from '../../common/access.js';
import { Role, type AuthUser } from '../../common/roles.js';
import { parseInput } from '../../common/input.js';
import type { RouteFn } from '../../common/rest.js';
import { PageArgs, Paginated, offsetOf, pageOf, type PageResult } from '../../common/pagination.js';
import { User } from '../accounts/user.entity.js';
import { ContactMessage, Partner } from './site.entity.js';
import { chatWidgetEnabled } from './chat-widget.js';

@ObjectType({ description: 'Public settings the web app needs at start' })
export class SiteSettings {
  @Field(() => String, { nullable: true, description: 'tawk or crisp; null when the chat widget is off' })
  chatWidgetProvider!: string | null;

  @Field(() => String, { nullable: true, description: "The provider's property or website id" })
  chatWidgetId!: string | null;
}

/** The information pages' small data: contact messages and the partners strip. */
@InputType()
export class ContactMessageInput {
  @Field()
  @IsNotEmpty({ message: 'Enter all Fields' })
  @MaxLength(100)
  name!: string;

  @Field()
  @IsEmail({}, { message: 'Enter a valid email address' })
  @MaxLength(254)
  email!: string;

  @Field(() => String, { nullable: true })
  @IsOptional()
  @MaxLength(200)
  subject?: string | null;

  @Field()
  @IsNotEmpty({ message: 'Enter all Fields' })
  @MaxLength(5000)
  message!: string;
}

@ObjectType()
export class ContactMessagePage extends Paginated(ContactMessage) {}

export class SiteService {
  partners(em: EntityManager): Promise<Partner[]> {
    return em.find(Partner, {}, { orderBy: { sortOrder: 'asc', id: 'asc' }, limit: 50 });
  }

  async sendContactMessage(em: EntityManager, actor: AuthUser | null, input: ContactMessageInput): Promise<ContactMessage> {
    const msg = em.create(ContactMessage, {
      name: input.name.trim(), email: input.email.trim().toLowerCase(), subject: input.subject?.trim() || null, message: input.message.trim(),
      user: actor ? em.getReference(User, actor.id) : null,
    });
    await em.flush();
    return msg;
  }

  async contactMessages(em: EntityManager, args: { page: number; pageSize: number }): Promise<PageResult<ContactMessage>> {
    const [items, total] = await em.findAndCount(ContactMessage, {}, { orderBy: { createdAt: 'desc', id: 'asc' }, limit: args.pageSize, offset: offsetOf(args) });
    return pageOf(items, total, args);
  }
}

@Resolver()
export class SiteResolver {
  @Query(() => SiteSettings)
  @Public()
  siteSettings(@Ctx() ctx: Context): SiteSettings {
    const config = ctx.services.config;
    const on = chatWidgetEnabled(config);
    return { chatWidgetProvider: on ? config.chatWidget.provider : null, chatWidgetId: on ? config.chatWidget.id! : null };
  }

  @Query(() => [Partner])
  @Public()
  partners(@Ctx() ctx: Context) {
    return ctx.services.site.partners(ctx.em);
  }

  @Mutation(() => ContactMessage)
  @Public()
  sendContactMessage(@Arg('input') input: ContactMessageInput, @Ctx() ctx: Context) {
    return ctx.services.site.sendContactMessage(ctx.em, ctx.user, input);
  }

  @Query(() => ContactMessagePage)
  @Allow(Role.Admin)
  contactMessages(@Args() args: PageArgs, @Ctx() ctx: Context) {
    return ctx.services.site.contactMessages(ctx.em, args);
  }
}

export function registerSiteRoutes(route: RouteFn): void {
  route('get', '/partners', 'public', async (ctx) => {
    const list = await ctx.services.site.partners(ctx.em);
    return { success: true, partners: list.map((p) => ({ _id: p.id, id: p.id, name: p.name, logo: { url: p.logoUrl ?? null }, website: p.website ?? null })) };
  });

  route('post', '/contact', 'public', async (ctx, req) => {
    const msg = await ctx.services.site.sendContactMessage(ctx.em, ctx.user, await parseInput(ContactMessageInput, req.body));
    return { success: true, id: msg.id, message: 'Send successfully' };
  });

  route('get', '/admin/contact/messages', [Role.Admin], async (ctx, req) => {
    const page = await ctx.services.site.contactMessages(ctx.em, await parseInput(PageArgs, req.query));
    return { success: true, messages: page.items.map((m) => ({ _id: m.id, name: m.name, email: m.email, subject: m.subject ?? null, message: m.message, createdAt: m.createdAt })), resultPerPage: page.pageSize, messageCount: page.total };
  });
}
