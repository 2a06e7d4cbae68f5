import { Migration } from '@mikro-orm/migrations';

export class Migration20261122035110BloodRequestThrottle extends Migration {
  override async up(): Promise<void> {
    this.addSql("alter table \"blood_requests\" add \"ip\" varchar(64) null");
    this.addSql("create index \"blood_requests_ip_created_at_index\" on \"blood_requests\" (\"ip\", \"created_at\")");
  }
}
