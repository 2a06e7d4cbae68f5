import { Migration } from '@mikro-orm/migrations';

/** Webhook subscriptions of integrator apps and the webhook outbox (one row per event and subscription) with every attempt (issue 18). */
export class Migration20261125170000Webhooks extends Migration {
  override async up(): Promise<void> {
    this.addSql("create table \"webhook_subscriptions\" (\"id\" uuid not null, \"created_at\" timestamptz not null default now(), \"updated_at\" timestamptz not null default now(), \"app_id\" uuid not null, \"url\" varchar(2000) not null, \"events\" text[] not null, \"secret_sealed\" text not null, \"deleted_at\" timestamptz null, primary key (\"id\"))");
    this.addSql("create index \"webhook_subscriptions_app_id_index\" on \"webhook_subscriptions\" (\"app_id\")");
    this.addSql("create table \"webhook_deliveries\" (\"id\" uuid not null, \"created_at\" timestamptz not null default now(), \"updated_at\" timestamptz not null default now(), \"dedupe_key\" varchar(200) not null, \"subscription_id\" uuid not null, \"app_id\" uuid not null, \"event_id\" uuid not null, \"event\" text not null, \"object_id\" uuid not null, \"payload\" text not null, \"url\" varchar(2000) not null, \"status\" text not null default 'pending', \"attempts\" int not null default 0, \"next_attempt_at\" timestamptz not null default now(), \"last_error\" text null, \"response_status\" int null, \"sent_at\" timestamptz null, primary key (\"id\"))");
    this.addSql("alter table \"webhook_deliveries\" add constraint \"webhook_deliveries_dedupe_key_unique\" unique (\"dedupe_key\")");
    this.addSql("create index \"webhook_deliveries_subscription_id_index\" on \"webhook_deliveries\" (\"subscription_id\")");
    this.addSql("create index \"webhook_deliveries_created_at_index\" on \"webhook_deliveries\" (\"created_at\")");
    this.addSql("create index \"webhook_deliveries_app_id_created_at_index\" on \"webhook_deliveries\" (\"app_id\", \"created_at\")");
    this.addSql("create index \"webhook_deliveries_status_next_attempt_at_index\" on \"webhook_deliveries\" (\"status\", \"next_attempt_at\")");
    this.addSql("alter table \"webhook_subscriptions\" add constraint \"webhook_subscriptions_app_id_foreign\" foreign key (\"app_id\") references \"integrator_apps\" (\"id\") on delete cascade");
    this.addSql("alter table \"webhook_deliveries\" add constraint \"webhook_deliveries_subscription_id_foreign\" foreign key (\"subscription_id\") references \"webhook_subscriptions\" (\"id\") on delete cascade");
    this.addSql("alter table \"webhook_deliveries\" add constraint \"webhook_deliveries_app_id_foreign\" foreign key (\"app_id\") references \"integrator_apps\" (\"id\") on delete cascade");
    this.addSql("create table \"webhook_attempts\" (\"id\" uuid not null, \"created_at\" timestamptz not null default now(), \"updated_at\" timestamptz not null default now(), \"delivery_id\" uuid not null, \"response_status\" int null, \"error\" text null, \"duration_ms\" int not null, primary key (\"id\"))");
    this.addSql("create index \"webhook_attempts_delivery_id_created_at_index\" on \"webhook_attempts\" (\"delivery_id\", \"created_at\")");
    this.addSql("alter table \"webhook_attempts\" add constraint \"webhook_attempts_delivery_id_foreign\" foreign key (\"delivery_id\") references \"webhook_deliveries\" (\"id\") on delete cascade");
    this.addSql("alter table \"webhook_deliveries\" add constraint \"webhook_deliveries_event_check\" check (\"event\" in ('order.placed', 'order.paid', 'order.statusChanged', 'appointment.booked', 'appointment.statusChanged', 'payment.refunded', 'doctor.approved', 'medicine.stockLow'))");
    this.addSql("alter table \"webhook_deliveries\" add constraint \"webhook_deliveries_status_check\" check (\"status\" in ('pending', 'sending', 'sent', 'failed', 'captured'))");
  }
}
