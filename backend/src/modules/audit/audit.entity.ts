import { randomUUID } from 'node:crypto';
import { Entity, Index, PrimaryKey, Property } from '@mikro-orm/decorators/legacy';
import { OptionalProps } from '@mikro-orm/core';

const APPEND_ONLY = "raise exception 'audit_log is append-only' using errcode = 'insufficient_privilege';";

/**
 * One line of the append-only audit log: who did what to which record, when and from where. A
 * database trigger refuses UPDATE, DELETE and TRUNCATE on the table, so not even a bug in Nirog
 * can rewrite history; the app has no operation that tries. (The TRUNCATE trigger lives in the
 * migration only: MikroORM does not introspect statement-level TRUNCATE triggers.) For writes only:
 * screens read the log through audit.read.ts.
 */
@Entity({
  tableName: 'audit_log',
  triggers: [
    { name: 'audit_log_no_update', timing: 'before', events: ['update', 'delete'], forEach: 'row', body: APPEND_ONLY },
  ],
})
@Index({ properties: ['createdAt'] })
@Index({ properties: ['actorId', 'createdAt'] })
@Index({ properties: ['entityType', 'entityId'] })
@Index({ properties: ['action', 'createdAt'] })
export class AuditEntry {
  [OptionalProps]?: 'id' | 'createdAt';

  @PrimaryKey({ type: 'uuid' })
  id: string = randomUUID();

  @Property({ type: 'timestamptz', defaultRaw: 'now()' })
  createdAt: Date = new Date();

  @Property({ type: 'uuid', nullable: true })
  actorId?: string | null;

  @Property({ length: 20, nullable: true })
  actorRole?: string | null;

  /** e.g. `approveDoctor` (GraphQL), `PUT /admin/doctor/:id/approve` (REST), `read:prescription`. */
  @Property({ length: 120 })
  action!: string;

  @Property({ length: 60, nullable: true })
  entityType?: string | null;

  @Property({ length: 64, nullable: true })
  entityId?: string | null;

  @Property({ length: 64, nullable: true })
  ip?: string | null;

  @Property({ length: 64, nullable: true })
  requestId?: string | null;

  /** The request's arguments with secrets and files removed, as JSON text. */
  @Property({ type: 'text', nullable: true })
  details?: string | null;
}
