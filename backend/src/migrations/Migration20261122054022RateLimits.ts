import { Migration } from '@mikro-orm/migrations';

export class Migration20261122054022RateLimits extends Migration {
  override async up(): Promise<void> {
    this.addSql("create table \"rate_limit_buckets\" (\"key\" varchar(300) not null, \"window_start\" timestamptz not null, \"hits\" int not null, \"locked_until\" timestamptz null, \"updated_at\" timestamptz not null, primary key (\"key\"))");
    this.addSql("create index \"rate_limit_buckets_updated_at_index\" on \"rate_limit_buckets\" (\"updated_at\")");
  }
}
