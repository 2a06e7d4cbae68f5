import { Migration } from '@mikro-orm/migrations';

export class Migration20261122065845DashboardOrderStatus extends Migration {
  override async up(): Promise<void> {
    this.addSql("create index \"orders_status_live_index\" on \"orders\" (\"status\") where \"archived_at\" is null");
  }
}
