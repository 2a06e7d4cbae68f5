import { Migration } from '@mikro-orm/migrations';

export class Migration20261124205952OrderLineStrength extends Migration {
  override async up(): Promise<void> {
    this.addSql("alter table \"order_items\" add \"strength\" varchar(60) not null default ''");
  }
}
