import type { EntityManager } from '@mikro-orm/sql';
import { Field, ID, ObjectType } from 'type-graphql';
import { containsPattern, selectCount, selectRows, SqlParams, toDate } from '../../common/sql.js';
import { pageOf, type PageResult } from '../../common/pagination.js';

/**
 * The audit log's read model: one line of the log with the account that acted (its name and email as
 * the account has them now), so the screen says who acted instead of an id. One statement for the
 * page (the account joined in) and one for the total, whatever the page size. The AuditEntry entity
 * is for writes only.
 */
@ObjectType('AuditEntry')
export class AuditEntryView {
  @Field(() => ID)
  id!: string;

  @Field()
  createdAt!: Date;

  @Field(() => ID, { nullable: true })
  actorId!: string | null;

  @Field(() => String, { nullable: true })
  actorRole!: string | null;

  @Field(() => String, { nullable: true, description: 'The name of the account that acted (null for a visitor or a removed account)' })
  actorName!: string | null;

  @Field(() => String, { nullable: true, description: 'The email of the account that acted' })
  actorEmail!: string | null;

  /** e.g. `approveDoctor` (GraphQL), `PUT /admin/doctor/:id/approve` (REST), `read:prescription`. */
  @Field()
  action!: string;

  @Field(() => String, { nullable: true })
  entityType!: string | null;

  @Field(() => String, { nullable: true })
  entityId!: string | null;

  @Field(() => String, { nullable: true })
  ip!: string | null;

  @Field(() => String, { nullable: true })
  requestId!: string | null;

  /** The request's arguments with secrets and files removed, as JSON text. */
  @Field(() => String, { nullable: true })
  details!: string | null;
}

interface AuditRow {
  id: string; created_at: Date | string; actor_id: string | null; actor_role: string | null; actor_name: string | null; actor_email: string | null;
  action: string; entity_type: string | null; entity_id: string | null; ip: string | null; request_id: string | null; details: string | null;
}

const toAuditEntryView = (r: AuditRow): AuditEntryView => ({
  id: r.id, createdAt: toDate(r.created_at), actorId: r.actor_id, actorRole: r.actor_role, actorName: r.actor_name, actorEmail: r.actor_email,
  action: r.action, entityType: r.entity_type, entityId: r.entity_id, ip: r.ip, requestId: r.request_id, details: r.details,
});

export interface AuditListArgs {
  page: number; pageSize: number; actorId?: string | null; action?: string | null; entityType?: string | null; entityId?: string | null;
  from?: Date | null; to?: Date | null;
}

/** A page of the log, newest first, and its total: two statements. */
export async function auditEntryViews(em: EntityManager, args: AuditListArgs): Promise<PageResult<AuditEntryView>> {
  const p = new SqlParams();
  const where: string[] = [];
  if (args.actorId) where.push(`a.actor_id = ${p.add(args.actorId)}`);
  if (args.action) where.push(`a.action ilike ${p.add(containsPattern(args.action))}`);
  if (args.entityType) where.push(`a.entity_type = ${p.add(args.entityType)}`);
  if (args.entityId) where.push(`a.entity_id = ${p.add(args.entityId)}`);
  if (args.from) where.push(`a.created_at >= ${p.add(args.from)}`);
  if (args.to) where.push(`a.created_at <= ${p.add(args.to)}`);
  const filter = where.length ? `where ${where.join(' and ')}` : '';
  const page = p.clone();
  const pageSql = `select a.id, a.created_at, a.actor_id, a.actor_role, u.name as actor_name, u.email as actor_email, a.action, a.entity_type,
      a.entity_id, a.ip, a.request_id, a.details
    from audit_log a left join users u on u.id = a.actor_id ${filter}
    order by a.created_at desc, a.id desc ${page.window(args)}`;
  const [rows, total] = await Promise.all([
    selectRows<AuditRow>(em, pageSql, page),
    selectCount(em, `select count(*) as count from audit_log a ${filter}`, p),
  ]);
  return pageOf(rows.map(toAuditEntryView), total, args);
}
