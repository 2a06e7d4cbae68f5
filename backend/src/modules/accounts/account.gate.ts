import type { EntityManager } from '@mikro-orm/sql';
import type { AppError } from '../../common/errors.js';

/**
 * What the module of a role says about that role's accounts, registered with accounts
 * (`AccountService.gate`, from services.ts) as payments' purposes register their completion hooks:
 * accounts imports none of those modules, and each keeps its own rule. Doctors register that only an
 * approved doctor signs in and acts, and that a doctor who logs in is online.
 */
export interface AccountGate {
  /** The role's own table, one row per account (`user_id`): read with the session in authenticate's one statement. */
  readonly table: string;
  /** Its column that says whether the account may act (a doctor's status). */
  readonly standingColumn: string;
  /** Why a session of an account in this standing may not act (checked at every request and refresh), or null. */
  sessionRefusal(standing: string | null): AppError | null;
  /** Why a password login in this standing is refused (pending, rejected), or null to let it in. */
  loginRefusal(standing: string | null): AppError | null;
  /** A login let in, before its session is written, in the login's unit of work. */
  loggedIn(em: EntityManager, userId: string): Promise<void>;
  loggedOut(em: EntityManager, userId: string): Promise<void>;
  /** In the transaction that anonymises the account. */
  deleted(em: EntityManager, userId: string): Promise<void>;
}
