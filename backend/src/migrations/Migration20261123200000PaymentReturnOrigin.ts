import { Migration } from '@mikro-orm/migrations';

/** Where the payer's browser lands after paying, when it came from a configured other origin (CORS_ORIGINS). */
export class Migration20261123200000PaymentReturnOrigin extends Migration {
  override async up(): Promise<void> {
    this.addSql('alter table "payments" add column "return_origin" varchar(200) null;');
  }
}
