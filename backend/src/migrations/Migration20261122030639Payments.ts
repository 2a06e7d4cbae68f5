import { Migration } from '@mikro-orm/migrations';

export class Migration20261122030639Payments extends Migration {
  override async up(): Promise<void> {
    this.addSql("create table \"payment_sandbox_transactions\" (\"id\" uuid not null, \"created_at\" timestamptz not null default now(), \"updated_at\" timestamptz not null default now(), \"provider\" text not null, \"reference\" varchar(100) not null, \"merchant_order_id\" varchar(100) not null, \"amount\" varchar(20) null, \"currency\" varchar(3) not null default 'BDT', \"callback_url\" text null, \"payer_reference\" varchar(100) null, \"challenge\" varchar(100) null, \"decision\" varchar(20) null, \"status\" varchar(20) not null, \"executed\" boolean not null default false, \"trx_id\" varchar(100) null, \"completed_at\" timestamptz null, \"scenario\" varchar(40) null, primary key (\"id\"))");
    this.addSql("alter table \"payment_sandbox_transactions\" add constraint \"payment_sandbox_transactions_reference_unique\" unique (\"reference\")");
    this.addSql("create index \"payment_sandbox_transactions_provider_merchant_order_id_index\" on \"payment_sandbox_transactions\" (\"provider\", \"merchant_order_id\")");
    this.addSql("create table \"payments\" (\"id\" uuid not null, \"created_at\" timestamptz not null default now(), \"updated_at\" timestamptz not null default now(), \"tran_id\" varchar(30) not null, \"purpose\" text not null, \"purpose_id\" uuid not null, \"user_id\" uuid not null, \"amount_poisha\" int not null, \"currency\" varchar(3) not null default 'BDT', \"provider\" text not null, \"status\" text not null default 'initiated', \"provider_payment_id\" varchar(100) null, \"provider_trx_id\" varchar(100) null, \"redirect_url\" text null, \"failure_reason\" varchar(200) null, \"completed_at\" timestamptz null, \"closed_at\" timestamptz null, primary key (\"id\"))");
    this.addSql("alter table \"payments\" add constraint \"payments_tran_id_unique\" unique (\"tran_id\")");
    this.addSql("create index \"payments_user_id_index\" on \"payments\" (\"user_id\")");
    this.addSql("alter table \"payments\" add constraint \"payments_provider_payment_id_unique\" unique (\"provider_payment_id\")");
    this.addSql("create index \"payments_status_created_at_index\" on \"payments\" (\"status\", \"created_at\")");
    this.addSql("create index \"payments_purpose_purpose_id_index\" on \"payments\" (\"purpose\", \"purpose_id\")");
    this.addSql("alter table \"payment_sandbox_transactions\" add constraint \"payment_sandbox_transactions_provider_check\" check (\"provider\" in ('bkash', 'nagad'))");
    this.addSql("alter table \"payments\" add constraint \"payments_user_id_foreign\" foreign key (\"user_id\") references \"users\" (\"id\") on delete restrict");
    this.addSql("alter table \"payments\" add constraint \"payments_amount_positive\" check (amount_poisha > 0)");
    this.addSql("alter table \"payments\" add constraint \"payments_purpose_check\" check (\"purpose\" in ('order', 'consultation'))");
    this.addSql("alter table \"payments\" add constraint \"payments_provider_check\" check (\"provider\" in ('bkash', 'nagad'))");
    this.addSql("alter table \"payments\" add constraint \"payments_status_check\" check (\"status\" in ('initiated', 'completed', 'failed', 'cancelled'))");
  }
}
