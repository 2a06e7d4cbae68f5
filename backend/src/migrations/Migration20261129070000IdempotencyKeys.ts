import { Migration } from '@mikro-orm/migrations';

/**
 * Idempotency keys (common/idempotency.ts): one row per caller and key, with the request's
 * fingerprint, the claim running it, whether its work committed, and the sealed answer. The unique
 * pair is what settles concurrent repeats on any replica; expires_at is what the hourly purge reads.
 */
export class Migration20261129070000IdempotencyKeys extends Migration {
  override async up(): Promise<void> {
    this.addSql('create table "idempotency_keys" ("id" uuid not null, "caller" varchar(80) not null, "key_hash" varchar(64) not null, "operation" varchar(200) not null, "fingerprint" varchar(64) not null, "owner" uuid not null, "lease_until" timestamptz not null, "committed_at" timestamptz null, "status" int null, "answer" bytea null, "created_at" timestamptz not null, "expires_at" timestamptz not null, primary key ("id"))');
    this.addSql('create index "idempotency_keys_expires_at_index" on "idempotency_keys" ("expires_at")');
    this.addSql('alter table "idempotency_keys" add constraint "idempotency_keys_caller_key_hash_unique" unique ("caller", "key_hash")');
  }

  override async down(): Promise<void> {
    this.addSql('drop table if exists "idempotency_keys"');
  }
}
