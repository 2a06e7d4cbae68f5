import { Migration } from '@mikro-orm/migrations';

/**
 * A doctor's photo (users.avatar_url) is on every doctor's card, and the answer cache
 * (common/answer-cache.ts) keeps whole cards, not only totals: a new photo now sends NOTIFY
 * nirog_cache as a new name does, so every replica drops the answers that show the old one.
 */
export class Migration20261127100000CacheNotifyAvatars extends Migration {
  override async up(): Promise<void> {
    this.addSql('drop trigger if exists users_cache_changed on "users"');
    this.addSql('create trigger users_cache_changed after update of "name", "gender", "avatar_url", "deleted_at" or delete on "users" for each statement execute function nirog_cache_changed()');
  }

  override async down(): Promise<void> {
    this.addSql('drop trigger if exists users_cache_changed on "users"');
    this.addSql('create trigger users_cache_changed after update of "name", "gender", "deleted_at" or delete on "users" for each statement execute function nirog_cache_changed()');
  }
}
