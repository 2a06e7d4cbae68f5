import { Migration } from '@mikro-orm/migrations';

export class Migration20261122054009Dashboard extends Migration {
  override async up(): Promise<void> {
    this.addSql("create index \"medicines_stock_index\" on \"medicines\" (\"stock\")");
    this.addSql("create index \"orders_paid_at_index\" on \"orders\" (\"paid_at\")");
    this.addSql("create index \"doctors_created_at_index\" on \"doctors\" (\"created_at\")");
    this.addSql("create index \"appointments_paid_at_index\" on \"appointments\" (\"paid_at\")");
    this.addSql("create index \"appointments_created_at_index\" on \"appointments\" (\"created_at\")");
  }
}
