import type { EntityManager } from '@mikro-orm/sql';
import type { Logger } from '../../common/logger.js';
import type { AuthUser } from '../../common/roles.js';
import type { PageResult } from '../../common/pagination.js';
import { AuditEntry } from './audit.entity.js';
import { auditEntryViews, type AuditEntryView, type AuditListArgs } from './audit.read.js';
import { requestContext } from '../../common/request-context.js';
import type { IntegratorIdentity } from '../../common/scopes.js';

export interface AuditInput {
  actor: Pick<AuthUser, 'id' | 'role'> | null;
  /** An integrator app acting with its key (then `actor` is null): logged as actor role `integrator`. */
  app?: IntegratorIdentity | null;
  action: string;
  entityType?: string | null;
  entityId?: string | null;
  ip?: string | null;
  requestId?: string | null;
  details?: unknown;
}

/**
 * The records whose reads by someone other than the patient are logged (`read:appointment`,
 * `read:prescription`, a pharmacist's `read:order`), and medical files, whose every read through a
 * link is logged (`read:medicalfile`).
 */
export const AUDITED_READS = ['Appointment', 'Prescription', 'Order', 'MedicalFile'] as const;
export type AuditedRead = (typeof AUDITED_READS)[number];
export const CSV_EXPORT_ACTION = 'csv.export';
/** An integrator app read personal data (orders, insurance applications, hospital visits): entityType names what. */
export const INTEGRATOR_READ_ACTION = 'integrator.read';
/** A catalogue file's rows were written (the counts in details; actor none for the command line). */
export const CATALOGUE_IMPORTED_ACTION = 'catalogue.imported';
/** An admin made on the server (`npm run admin:create`). */
export const ADMIN_CREATED_ACTION = 'admin.created';

/**
 * The actions services write themselves; the others are the names of the operations admins run (a
 * GraphQL mutation's field name, a REST route's `METHOD /path`), written by audit.hooks.ts and rest.ts.
 * The admin screen words every one of them (a test checks it).
 */
export const SERVICE_AUDIT_ACTIONS: readonly string[] = [CSV_EXPORT_ACTION, INTEGRATOR_READ_ACTION, CATALOGUE_IMPORTED_ACTION, ADMIN_CREATED_ACTION, ...AUDITED_READS.map((e) => `read:${e.toLowerCase()}`)];

const SECRET_KEYS = /password|token|secret|otp|code$/i;

/** Arguments as they may be kept: no secrets, no file contents, long strings cut. */
export function redact(value: unknown, depth = 0): unknown {
  if (value === null || value === undefined) return value;
  if (depth > 4) return '…';
  if (typeof value === 'string') return value.length > 200 ? `${value.slice(0, 200)}…` : value;
  if (typeof value !== 'object') return value;
  if (typeof (value as { then?: unknown }).then === 'function' || Buffer.isBuffer(value)) return '[file]';
  if (Array.isArray(value)) return value.slice(0, 20).map((v) => redact(v, depth + 1));
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) out[k] = SECRET_KEYS.test(k) ? '[redacted]' : redact(v, depth + 1);
  return out;
}

export class AuditService {
  constructor(private readonly log: Logger) {}

  /** Appends one entry on its own connection, so the audit line does not depend on the caller's unit of work. */
  async record(em: EntityManager, input: AuditInput): Promise<void> {
    try {
      const fork = em.fork();
      const entry = fork.create(AuditEntry, {
        actorId: input.actor?.id ?? input.app?.appId ?? null,
        actorRole: input.actor?.role ?? (input.app ? 'integrator' : null),
        action: input.action.slice(0, 120),
        entityType: input.entityType?.slice(0, 60) ?? null,
        entityId: input.entityId?.slice(0, 64) ?? null,
        ip: (input.ip ?? requestContext.getStore()?.ip)?.slice(0, 64) ?? null,
        requestId: (input.requestId ?? requestContext.getStore()?.requestId)?.slice(0, 64) ?? null,
        details: input.details === undefined ? null : JSON.stringify(redact(input.details)),
      });
      // A single insert statement: no unit of work, no begin/commit round trips on hot read paths.
      await fork.insert(entry);
    } catch (err) {
      // The action already happened; losing its audit line is an incident to see in the logs.
      this.log.error({ err, action: input.action, entityId: input.entityId }, 'audit entry could not be written');
    }
  }

  /**
   * A read of a patient's medical record (a consultation, a prescription) by anyone but that
   * patient: the doctor, an admin. The patient reading their own record is not logged.
   */
  async recordMedicalRead(em: EntityManager, actor: Pick<AuthUser, 'id' | 'role'>, entityType: AuditedRead, entityId: string | null, patientId: string | null, details?: unknown): Promise<void> {
    if (patientId && actor.id === patientId) return;
    await this.record(em, { actor, action: `read:${entityType.toLowerCase()}`, entityType, entityId, details });
  }

  /**
   * An integrator app read personal data: one line per read, naming the records it was given (the
   * ids of a page), so a patient's data leaving through an app is always on record.
   */
  async recordIntegratorRead(em: EntityManager, app: IntegratorIdentity, entityType: string, ids: readonly string[], details?: Record<string, unknown>): Promise<void> {
    await this.record(em, {
      actor: null, app, action: INTEGRATOR_READ_ACTION, entityType, entityId: ids.length === 1 ? ids[0]! : null,
      details: { app: app.keyPrefix, count: ids.length, ids: ids.slice(0, 100), ...details },
    });
  }

  /** An admin took a table's rows out of Nirog as CSV. */
  async recordCsvExport(em: EntityManager, actor: AuthUser | null, table: string, details: unknown): Promise<void> {
    await this.record(em, { actor, action: CSV_EXPORT_ACTION, entityType: table, details });
  }

  /** A page of the log with who acted (audit.read.ts). */
  list(em: EntityManager, args: AuditListArgs): Promise<PageResult<AuditEntryView>> {
    return auditEntryViews(em, args);
  }
}
