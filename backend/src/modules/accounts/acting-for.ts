import type { EntityManager } from '@mikro-orm/sql';
import { Role, type AuthUser } from '../../common/roles.js';

/**
 * The patients an account may act for: whose prescriptions it may order medicines with (and, later,
 * book for). The one place that answers it, so that every rule asks the same question. Today a
 * patient acts for themself; family profiles (issue 19) add the members they manage here.
 */
export async function patientsActingFor(_em: EntityManager, actor: AuthUser): Promise<string[]> {
  return actor.role === Role.User ? [actor.id] : [];
}

/** Whether the account may act for this patient (patientsActingFor). */
export async function mayActFor(em: EntityManager, actor: AuthUser, patientId: string): Promise<boolean> {
  return (await patientsActingFor(em, actor)).includes(patientId);
}
