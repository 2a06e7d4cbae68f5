import { Migration } from '@mikro-orm/migrations';

export class Migration20261122032006AuditLog extends Migration {
  override async up(): Promise<void> {
    this.addSql("create table \"audit_log\" (\"id\" uuid not null, \"created_at\" timestamptz not null default now(), \"actor_id\" uuid null, \"actor_role\" varchar(20) null, \"action\" varchar(120) not null, \"entity_type\" varchar(60) null, \"entity_id\" varchar(64) null, \"ip\" varchar(64) null, \"request_id\" varchar(64) null, \"details\" text null, primary key (\"id\"))");
    this.addSql("create index \"audit_log_action_created_at_index\" on \"audit_log\" (\"action\", \"created_at\")");
    this.addSql("create index \"audit_log_entity_type_entity_id_index\" on \"audit_log\" (\"entity_type\", \"entity_id\")");
    this.addSql("create index \"audit_log_actor_id_created_at_index\" on \"audit_log\" (\"actor_id\", \"created_at\")");
    this.addSql("create index \"audit_log_created_at_index\" on \"audit_log\" (\"created_at\")");
    this.addSql("create or replace function \"audit_log_audit_log_no_update_fn\"() returns trigger as $$ begin raise exception 'audit_log is append-only' using errcode = 'insufficient_privilege'; end; $$ language plpgsql");
    this.addSql("create trigger \"audit_log_no_update\" BEFORE UPDATE OR DELETE on \"audit_log\" for each ROW execute function \"audit_log_audit_log_no_update_fn\"()");
    this.addSql("create or replace function \"audit_log_audit_log_no_truncate_fn\"() returns trigger as $$ begin raise exception 'audit_log is append-only' using errcode = 'insufficient_privilege'; end; $$ language plpgsql");
    this.addSql("create trigger \"audit_log_no_truncate\" BEFORE TRUNCATE on \"audit_log\" for each STATEMENT execute function \"audit_log_audit_log_no_truncate_fn\"()");
  }
}
