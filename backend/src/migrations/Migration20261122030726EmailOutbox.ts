import { Migration } from '@mikro-orm/migrations';

export class Migration20261122030726EmailOutbox extends Migration {
  override async up(): Promise<void> {
    this.addSql("create table \"scheduled_notifications\" (\"id\" uuid not null, \"created_at\" timestamptz not null default now(), \"updated_at\" timestamptz not null default now(), \"kind\" text not null, \"subject_key\" varchar(100) not null, \"due_at\" timestamptz not null, \"user_id\" uuid not null, \"payload\" jsonb null, \"status\" text not null default 'scheduled', \"fired_at\" timestamptz null, primary key (\"id\"))");
    this.addSql("create index \"scheduled_notifications_status_due_at_index\" on \"scheduled_notifications\" (\"status\", \"due_at\")");
    this.addSql("alter table \"scheduled_notifications\" add constraint \"scheduled_notifications_kind_subject_key_user_id_unique\" unique (\"kind\", \"subject_key\", \"user_id\")");
    this.addSql("create table \"sms_outbox\" (\"id\" uuid not null, \"created_at\" timestamptz not null default now(), \"updated_at\" timestamptz not null default now(), \"dedupe_key\" varchar(200) not null, \"user_id\" uuid null, \"to_phone\" varchar(20) not null, \"language\" text not null, \"template\" varchar(60) not null, \"body\" varchar(800) not null, \"status\" text not null default 'pending', \"attempts\" int not null default 0, \"next_attempt_at\" timestamptz not null default now(), \"last_error\" text null, \"provider_ref\" varchar(100) null, \"sent_at\" timestamptz null, primary key (\"id\"))");
    this.addSql("alter table \"sms_outbox\" add constraint \"sms_outbox_dedupe_key_unique\" unique (\"dedupe_key\")");
    this.addSql("create index \"sms_outbox_user_id_index\" on \"sms_outbox\" (\"user_id\")");
    this.addSql("create index \"sms_outbox_created_at_index\" on \"sms_outbox\" (\"created_at\")");
    this.addSql("create index \"sms_outbox_status_next_attempt_at_index\" on \"sms_outbox\" (\"status\", \"next_attempt_at\")");
    this.addSql("create table \"mail_outbox\" (\"id\" uuid not null, \"created_at\" timestamptz not null default now(), \"updated_at\" timestamptz not null default now(), \"dedupe_key\" varchar(200) not null, \"user_id\" uuid null, \"to_email\" varchar(254) not null, \"language\" text not null, \"template\" varchar(60) not null, \"subject\" varchar(300) not null, \"text\" text not null, \"html\" text not null, \"status\" text not null default 'pending', \"attempts\" int not null default 0, \"next_attempt_at\" timestamptz not null default now(), \"last_error\" text null, \"sent_at\" timestamptz null, primary key (\"id\"))");
    this.addSql("alter table \"mail_outbox\" add constraint \"mail_outbox_dedupe_key_unique\" unique (\"dedupe_key\")");
    this.addSql("create index \"mail_outbox_user_id_index\" on \"mail_outbox\" (\"user_id\")");
    this.addSql("create index \"mail_outbox_created_at_index\" on \"mail_outbox\" (\"created_at\")");
    this.addSql("create index \"mail_outbox_status_next_attempt_at_index\" on \"mail_outbox\" (\"status\", \"next_attempt_at\")");
    this.addSql("create table \"account_tokens\" (\"id\" uuid not null, \"created_at\" timestamptz not null default now(), \"updated_at\" timestamptz not null default now(), \"user_id\" uuid not null, \"purpose\" text not null, \"token_hash\" varchar(64) not null, \"expires_at\" timestamptz not null, \"used_at\" timestamptz null, \"attempts\" int not null default 0, primary key (\"id\"))");
    this.addSql("alter table \"account_tokens\" add constraint \"account_tokens_token_hash_unique\" unique (\"token_hash\")");
    this.addSql("create index \"account_tokens_user_id_purpose_created_at_index\" on \"account_tokens\" (\"user_id\", \"purpose\", \"created_at\")");
    this.addSql("alter table \"scheduled_notifications\" add constraint \"scheduled_notifications_kind_check\" check (\"kind\" in ('consultation.startsSoon'))");
    this.addSql("alter table \"scheduled_notifications\" add constraint \"scheduled_notifications_status_check\" check (\"status\" in ('scheduled', 'done', 'cancelled'))");
    this.addSql("alter table \"sms_outbox\" add constraint \"sms_outbox_user_id_foreign\" foreign key (\"user_id\") references \"users\" (\"id\") on delete set null");
    this.addSql("alter table \"sms_outbox\" add constraint \"sms_outbox_language_check\" check (\"language\" in ('en', 'bn'))");
    this.addSql("alter table \"sms_outbox\" add constraint \"sms_outbox_status_check\" check (\"status\" in ('pending', 'sending', 'sent', 'failed', 'captured'))");
    this.addSql("alter table \"mail_outbox\" add constraint \"mail_outbox_user_id_foreign\" foreign key (\"user_id\") references \"users\" (\"id\") on delete set null");
    this.addSql("alter table \"mail_outbox\" add constraint \"mail_outbox_language_check\" check (\"language\" in ('en', 'bn'))");
    this.addSql("alter table \"mail_outbox\" add constraint \"mail_outbox_status_check\" check (\"status\" in ('pending', 'sending', 'sent', 'failed', 'captured'))");
    this.addSql("alter table \"account_tokens\" add constraint \"account_tokens_user_id_foreign\" foreign key (\"user_id\") references \"users\" (\"id\") on delete cascade");
    this.addSql("alter table \"account_tokens\" add constraint \"account_tokens_purpose_check\" check (\"purpose\" in ('email_link', 'email_code', 'password_reset'))");
  }
}
