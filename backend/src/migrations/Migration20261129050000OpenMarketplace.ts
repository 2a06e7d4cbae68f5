import { Migration } from '@mikro-orm/migrations';

/**
 * Opening a real marketplace: a refresh rotation's time (the token it replaced is answered again for
 * a few seconds), medicines' Bangla name (shared with the search work: `add column if not exists`),
 * catalogue imports (a checked file's rows and problems, then its progress and counts).
 */
export class Migration20261129050000OpenMarketplace extends Migration {
  override async up(): Promise<void> {
    this.addSql('alter table "auth_sessions" add column "rotated_at" timestamptz null');
    this.addSql(`alter table "medicines" add column if not exists "name_bn" varchar(120) not null default ''`);
    this.addSql(`create table "catalogue_imports" ("id" uuid not null, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(),
      "kind" text not null, "file_name" varchar(200) not null, "status" text not null default 'checked', "total_rows" int not null, "new_rows" int not null,
      "existing_rows" int not null, "problem_count" int not null, "problems" jsonb not null, "ignored_columns" jsonb not null, "rows" jsonb null,
      "processed_rows" int not null default 0, "created_rows" int not null default 0, "updated_rows" int not null default 0, "unchanged_rows" int not null default 0,
      "error" text null, "started_at" timestamptz null, "finished_at" timestamptz null, "created_by" uuid null, primary key ("id"))`);
    this.addSql('create index "catalogue_imports_created_at_index" on "catalogue_imports" ("created_at")');
    this.addSql(`alter table "catalogue_imports" add constraint "catalogue_imports_kind_check" check ("kind" in ('medicines', 'specialities'))`);
    this.addSql(`alter table "catalogue_imports" add constraint "catalogue_imports_status_check" check ("status" in ('checked', 'running', 'done', 'failed'))`);
  }
}
