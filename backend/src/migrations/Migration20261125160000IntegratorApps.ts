import { Migration } from '@mikro-orm/migrations';

/** Integrator apps and their keys (issue 18): scopes, whom the app acts for, its cost bucket; keys hashed. */
export class Migration20261125160000IntegratorApps extends Migration {
  override async up(): Promise<void> {
    this.addSql("create table \"integrator_apps\" (\"id\" uuid not null, \"created_at\" timestamptz not null default now(), \"updated_at\" timestamptz not null default now(), \"name\" varchar(100) not null, \"contact_email\" varchar(254) not null, \"scopes\" text[] not null, \"organisation_kind\" text null, \"organisation_name\" varchar(200) null, \"revoked_at\" timestamptz null, \"quota_size\" int not null default 1000, \"quota_restore_rate\" int not null default 100, \"quota_available\" double precision not null default 1000, \"quota_updated_at\" timestamptz not null default now(), primary key (\"id\"))");
    this.addSql("create index \"integrator_apps_created_at_index\" on \"integrator_apps\" (\"created_at\")");
    this.addSql("create table \"integrator_keys\" (\"id\" uuid not null, \"created_at\" timestamptz not null default now(), \"updated_at\" timestamptz not null default now(), \"app_id\" uuid not null, \"key_id\" varchar(24) not null, \"prefix\" varchar(40) not null, \"secret_hash\" varchar(64) not null, \"expires_at\" timestamptz null, \"revoked_at\" timestamptz null, primary key (\"id\"))");
    this.addSql("create index \"integrator_keys_app_id_index\" on \"integrator_keys\" (\"app_id\")");
    this.addSql("alter table \"integrator_keys\" add constraint \"integrator_keys_key_id_unique\" unique (\"key_id\")");
    this.addSql("alter table \"integrator_apps\" add constraint \"integrator_apps_quota_check\" check (quota_size >= 1 and quota_restore_rate >= 1)");
    this.addSql("alter table \"integrator_apps\" add constraint \"integrator_apps_organisation_kind_check\" check (\"organisation_kind\" in ('hospital', 'pharmacy', 'insurer'))");
    this.addSql("alter table \"integrator_keys\" add constraint \"integrator_keys_app_id_foreign\" foreign key (\"app_id\") references \"integrator_apps\" (\"id\") on delete cascade");
  }
}
