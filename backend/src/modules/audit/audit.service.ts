import type { EntityManager } from '@mikro-orm/sql';
import { containsPattern } from '../../common/sql.js';
import type { Logger } from '../../common/logger.js';
import type { AuthUser } from '../../common/roles.js';
import { offsetOf, pageOf, type PageResult } from '../../common/pagination.js';
import { AuditEntry } from './audit.entity.js';
import { requestContext } from '../../common/request-context.js';

export interface AuditInput {
  actor: AuthUser | null;
  action: string;
  entityType?: string | null;
  entityId?: string | null;
  ip?: string | null;
  requestId?: string | null;
  details?: unknown;
}

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
        actorId: input.actor?.id ?? null,
        actorRole: input.actor?.role ?? null,
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
  async recordMedicalRead(em: EntityManager, actor: AuthUser, entityType: string, entityId: string | null, patientId: string | null, details?: unknown): Promise<void> {
    if (patientId && actor.id === patientId) return;
    await this.record(em, { actor, action: `read:${entityType.toLowerCase()}`, entityType, entityId, details });
  }

  async list(em: EntityManager, args: {
    page: number; pageSize: number; actorId?: string | null; action?: string | null; entityType?: string | null; entityId?: string | null;
    from?: Date | null; to?: Date | null;
  }): Promise<PageResult<AuditEntry>> {
    const where: Record<string, unknown> = {};
    if (args.actorId) where.actorId = args.actorId;
    if (args.action) where.action = { $ilike: containsPattern(args.action) };
    if (args.entityType) where.entityType = args.entityType;
    if (args.entityId) where.entityId = args.entityId;
    if (args.from || args.to) where.createdAt = { ...(args.from ? { $gte: args.from } : {}), ...(args.to ? { $lte: args.to } : {}) };
    const [items, total] = await em.findAndCount(AuditEntry, where, {
      orderBy: { createdAt: 'desc', id: 'desc' }, limit: args.pageSize, offset: offsetOf(args),
    });
    return pageOf(items, total, args);
  }
}
