import { Migration } from '@mikro-orm/migrations';

/**
 * Replicas agree on the integrators' key cache (modules/integrators/integrator.key-cache.ts) as they
 * do on the list caches (migration CacheNotify): a statement that revokes, rotates, expires or
 * removes a key, or revokes, removes or changes what an app's identity holds (name, scopes,
 * organisation), sends NOTIFY nirog_cache in its own transaction, whoever writes, and every process
 * clears its cached keys. The bucket's own updates (quota_*) name none of these columns, so the
 * requests' quota statements send nothing.
 */
export class Migration20261129100000IntegratorKeysNotify extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create trigger integrator_keys_cache_changed after update of "key_id", "secret_hash", "expires_at", "revoked_at", "app_id" or delete on "integrator_keys"
      for each statement execute function nirog_cache_changed()`);
    this.addSql(`create trigger integrator_apps_cache_changed after update of "name", "scopes", "organisation_kind", "organisation_name", "revoked_at" or delete on "integrator_apps"
      for each statement execute function nirog_cache_changed()`);
  }

  override async down(): Promise<void> {
    this.addSql('drop trigger if exists integrator_apps_cache_changed on "integrator_apps"');
    this.addSql('drop trigger if exists integrator_keys_cache_changed on "integrator_keys"');
  }
}
