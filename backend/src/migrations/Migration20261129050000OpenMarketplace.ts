import { Migration } from '@mikro-orm/migrations';

/**
 * Opening a real marketplace: a refresh rotation's time (the token it replaced is answered again for
 * a few seconds), medicines' Bangla name (shared with the search work: `add column if not exists`).
 */
export class Migration20261129050000OpenMarketplace extends Migration {
  override async up(): Promise<void> {
    this.addSql('alter table "auth_sessions" add column "rotated_at" timestamptz null');
    this.addSql(`alter table "medicines" add column if not exists "name_bn" varchar(120) not null default ''`);
  }
}
