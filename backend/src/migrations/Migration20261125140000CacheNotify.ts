import { Migration } from '@mikro-orm/migrations';

/**
 * Replicas agree on the public list caches (common/list-cache.ts, common/coordination.ts): a write
 * that can change a public list's total or a medicine search's matches sends NOTIFY nirog_cache in
 * its own transaction (delivered at commit, dropped on rollback), whoever writes (the ORM, raw SQL,
 * a script), and every API process listening clears its caches. Statement-level, so a bulk update
 * sends one; stock and price changes do not (the page's rows are always read fresh).
 */
export class Migration20261125140000CacheNotify extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create or replace function nirog_cache_changed() returns trigger language plpgsql as $$
      begin
        perform pg_notify('nirog_cache', tg_table_name);
        return null;
      end $$`);
    this.addSql('create trigger doctors_cache_changed after insert or update or delete on "doctors" for each statement execute function nirog_cache_changed()');
    this.addSql('create trigger users_cache_changed after update of "name", "gender", "deleted_at" or delete on "users" for each statement execute function nirog_cache_changed()');
    this.addSql(`create trigger medicines_cache_changed after insert or delete or update of "name", "generic_name", "company", "is_active", "form" on "medicines"
      for each statement execute function nirog_cache_changed()`);
  }

  override async down(): Promise<void> {
    this.addSql('drop trigger if exists medicines_cache_changed on "medicines"');
    this.addSql('drop trigger if exists users_cache_changed on "users"');
    this.addSql('drop trigger if exists doctors_cache_changed on "doctors"');
    this.addSql('drop function if exists nirog_cache_changed()');
  }
}
