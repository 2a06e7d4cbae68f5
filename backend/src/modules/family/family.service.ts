import type { EntityManager } from '@mikro-orm/sql';
import type { AuthUser } from '../../common/roles.js';
import { badInput, conflict, notFound } from '../../common/errors.js';
import { assertCalendarDate, dhakaToday } from '../../common/dhaka-date.js';
import { isUuid } from '../../common/ids.js';
import { normalizeBdPhone } from '../../common/phone.js';
import { FamilyMember } from './family-member.entity.js';
import type { FamilyMemberInput } from './family.inputs.js';

/** Family members one account may keep (removed ones do not count). */
export const MAX_FAMILY_MEMBERS = 20;
/** How adding family members is limited (its declared limit, common/limits.ts). */
export const FAMILY_LIMIT = `at most ${MAX_FAMILY_MEMBERS} family members per account; nothing is sent to anyone`;

/**
 * The owner's own family member with this id (a removed one too when `removed`: the filters of past
 * care), for booking, hiring and ordering for them. Anyone else's is NOT_FOUND, so ids cannot be probed.
 */
export async function familyMemberOf(em: EntityManager, ownerId: string, id: string, opts: { removed?: boolean } = {}): Promise<FamilyMember> {
  const member = isUuid(id) ? await em.findOne(FamilyMember, { id, owner: ownerId, ...(opts.removed ? {} : { removedAt: null }) }) : null;
  if (!member) throw notFound('Family member');
  return member;
}

/**
 * The people an account holder cares for. Every read and write is the owner's own: another
 * account's member is "not found", so ids cannot be probed.
 */
export class FamilyService {
  async list(em: EntityManager, actor: AuthUser): Promise<FamilyMember[]> {
    return em.find(FamilyMember, { owner: actor.id, removedAt: null }, { orderBy: { createdAt: 'asc', id: 'asc' } });
  }


  private details(input: FamilyMemberInput) {
    const birthdate = assertCalendarDate(input.birthdate, 'birthdate');
    if (birthdate > dhakaToday() || birthdate < '1900-01-01') {
      throw badInput('Enter a real birthdate in the past', { birthdate: 'Invalid birthdate' }, 'INVALID_DATE');
    }
    const phone = input.phone?.trim() ? normalizeBdPhone(input.phone) : null;
    return { name: input.name.trim(), relation: input.relation, birthdate, gender: input.gender, phoneE164: phone };
  }

  /** The cap is counted with the owner's row locked, so concurrent adds never pass it. */
  async add(em: EntityManager, actor: AuthUser, input: FamilyMemberInput): Promise<FamilyMember> {
    const details = this.details(input);
    return em.transactional(async (tx) => {
      await tx.execute('select id from users where id = ? for update', [actor.id]);
      const count = await tx.count(FamilyMember, { owner: actor.id, removedAt: null });
      if (count >= MAX_FAMILY_MEMBERS) {
        throw conflict(`An account can keep at most ${MAX_FAMILY_MEMBERS} family members`, 'FAMILY_LIMIT', { max: MAX_FAMILY_MEMBERS });
      }
      const member = tx.create(FamilyMember, { owner: actor.id, ...details });
      await tx.flush();
      return member;
    });
  }

  /** Past bookings keep the name, age and gender they were made with; new ones use the new details. */
  async update(em: EntityManager, actor: AuthUser, id: string, input: FamilyMemberInput): Promise<FamilyMember> {
    const member = await familyMemberOf(em, actor.id, id);
    Object.assign(member, this.details(input));
    await em.flush();
    return member;
  }

  async remove(em: EntityManager, actor: AuthUser, id: string): Promise<void> {
    const member = await familyMemberOf(em, actor.id, id);
    await em.nativeUpdate(FamilyMember, { id: member.id, removedAt: null }, { removedAt: new Date() });
  }
}
