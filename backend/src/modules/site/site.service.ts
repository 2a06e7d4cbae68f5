import type { EntityManager } from '@mikro-orm/sql';
import type { AuthUser } from '../../common/roles.js';
import { offsetOf, pageOf, type PageResult } from '../../common/pagination.js';
import { User } from '../accounts/index.js';
import { ContactMessage, Partner } from './site.entity.js';
import type { ContactMessageInput } from './site.inputs.js';

/** The information pages' small data: the partners strip and contact messages. */
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
