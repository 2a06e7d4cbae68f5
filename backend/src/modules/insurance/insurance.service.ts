import type { EntityManager } from '@mikro-orm/sql';
import type { AuthUser } from '../../common/roles.js';
import { normalizeBdPhone } from '../../common/phone.js';
import { offsetOf, pageOf, type PageResult, byCreated, ListOrder } from '../../common/pagination.js';
import { User } from '../accounts/index.js';
import { InsuranceApplication, InsuranceArticle } from './insurance.entity.js';
import type { InsuranceApplicationInput } from './insurance.inputs.js';

export class InsuranceService {
  articles(em: EntityManager, limit = 50): Promise<InsuranceArticle[]> {
    return em.find(InsuranceArticle, {}, { orderBy: { sortOrder: 'asc', id: 'asc' }, limit });
  }

  async apply(em: EntityManager, actor: AuthUser | null, input: InsuranceApplicationInput): Promise<InsuranceApplication> {
    const application = em.create(InsuranceApplication, {
      name: input.name.trim(), email: input.email.trim().toLowerCase(), phoneE164: normalizeBdPhone(input.phone), gender: input.gender,
      user: actor ? em.getReference(User, actor.id) : null,
    });
    await em.flush();
    return application;
  }

  async applications(em: EntityManager, args: { page: number; pageSize: number; sort?: ListOrder | null }): Promise<PageResult<InsuranceApplication>> {
    const [items, total] = await em.findAndCount(InsuranceApplication, {}, { orderBy: byCreated(args.sort), limit: args.pageSize, offset: offsetOf(args) });
    return pageOf(items, total, args);
  }
}
