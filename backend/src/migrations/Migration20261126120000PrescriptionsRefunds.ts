import { Migration } from '@mikro-orm/migrations';

/**
 * Issue 20: prescription-only medicines (and doses per unit, to turn a prescription into units),
 * orders waiting for a pharmacist's prescription check, the pharmacist role, refunds recorded once
 * per cause within what was paid, the sandbox's refund ledger, and when a doctor started a consultation.
 */
export class Migration20261126120000PrescriptionsRefunds extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table "medicines" add "prescription_required" boolean not null default false, add "doses_per_unit" int null`);
    this.addSql(`update "medicines" set "doses_per_unit" = 10 where "unit" = 'strip'`);
    this.addSql(`update "medicines" set "doses_per_unit" = 1 where "unit" = 'pcs' and "form" in ('Tablet', 'Capsule', 'Suppository', 'Powder')`);

    this.addSql(`alter table "users" drop constraint "users_role_check"`);
    this.addSql(`alter table "users" add constraint "users_role_check" check ("role" in ('user', 'doctor', 'admin', 'pharmacist'))`);

    this.addSql(`alter table "payments" add "refunded_poisha" int not null default 0`);
    this.addSql(`alter table "payments" add constraint "payments_refunded_within_amount" check (refunded_poisha >= 0 and refunded_poisha <= amount_poisha)`);

    this.addSql(`alter table "orders" drop constraint "orders_status_check"`);
    this.addSql(`alter table "orders" add "prescription_required" boolean not null default false, add "prescription_id" uuid null, add "prescription_image_url" varchar(500) null, add "prescription_reviewed_by_id" uuid null, add "prescription_reviewed_at" timestamptz null, add "prescription_note" varchar(300) null`);
    this.addSql(`alter table "orders" add constraint "orders_prescription_reviewed_by_id_foreign" foreign key ("prescription_reviewed_by_id") references "users" ("id") on delete set null`);
    this.addSql(`create index "orders_prescription_photo_index" on "orders" ("created_at") where "prescription_image_url" is not null`);
    this.addSql(`alter table "orders" add constraint "orders_status_check" check ("status" in ('PrescriptionCheck', 'Processing', 'Confirmed', 'Delivered', 'Cancelled'))`);

    this.addSql(`alter table "appointments" add "started_at" timestamptz null`);
    this.addSql(`create index "appointments_unstarted_index" on "appointments" ("paid_at") where "status" = 'Confirmed' and "kind" = 'video' and "started_at" is null`);

    this.addSql(`create table "payment_refunds" ("id" uuid not null, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "payment_id" uuid not null, "purpose" text not null, "purpose_id" uuid not null, "user_id" uuid not null, "provider" text not null, "cause" varchar(120) not null, "reason" text not null, "amount_poisha" int not null, "status" text not null default 'requested', "provider_refund_id" varchar(100) null, "failure_reason" varchar(200) null, "attempts" int not null default 0, "next_attempt_at" timestamptz not null, "sending_since" timestamptz null, "completed_at" timestamptz null, primary key ("id"))`);
    this.addSql(`create index "payment_refunds_payment_id_index" on "payment_refunds" ("payment_id")`);
    this.addSql(`create index "payment_refunds_user_id_index" on "payment_refunds" ("user_id")`);
    this.addSql(`alter table "payment_refunds" add constraint "payment_refunds_cause_unique" unique ("cause")`);
    this.addSql(`create unique index "payment_refunds_one_sending_per_payment" on "payment_refunds" ("payment_id") where "status" = 'sending'`);
    this.addSql(`create index "payment_refunds_created_at_index" on "payment_refunds" ("created_at")`);
    this.addSql(`create index "payment_refunds_status_next_attempt_at_index" on "payment_refunds" ("status", "next_attempt_at")`);
    this.addSql(`create index "payment_refunds_purpose_id_index" on "payment_refunds" ("purpose_id")`);
    this.addSql(`alter table "payment_refunds" add constraint "payment_refunds_payment_id_foreign" foreign key ("payment_id") references "payments" ("id") on delete restrict`);
    this.addSql(`alter table "payment_refunds" add constraint "payment_refunds_user_id_foreign" foreign key ("user_id") references "users" ("id") on delete restrict`);
    this.addSql(`alter table "payment_refunds" add constraint "payment_refunds_amount_positive" check (amount_poisha > 0)`);
    this.addSql(`alter table "payment_refunds" add constraint "payment_refunds_purpose_check" check ("purpose" in ('order', 'consultation'))`);
    this.addSql(`alter table "payment_refunds" add constraint "payment_refunds_provider_check" check ("provider" in ('bkash', 'nagad'))`);
    this.addSql(`alter table "payment_refunds" add constraint "payment_refunds_reason_check" check ("reason" in ('order_cancelled', 'prescription_rejected', 'consultation_cancelled', 'doctor_no_show'))`);
    this.addSql(`alter table "payment_refunds" add constraint "payment_refunds_status_check" check ("status" in ('requested', 'sending', 'completed', 'failed'))`);

    this.addSql(`create table "payment_sandbox_refunds" ("id" uuid not null, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "transaction_id" uuid not null, "provider" text not null, "refund_trx_id" varchar(100) not null, "amount" varchar(20) not null, "reference" varchar(255) not null, "reason" varchar(255) not null default '', primary key ("id"))`);
    this.addSql(`create index "payment_sandbox_refunds_transaction_id_index" on "payment_sandbox_refunds" ("transaction_id")`);
    this.addSql(`alter table "payment_sandbox_refunds" add constraint "payment_sandbox_refunds_refund_trx_id_unique" unique ("refund_trx_id")`);
    this.addSql(`alter table "payment_sandbox_refunds" add constraint "payment_sandbox_refunds_provider_check" check ("provider" in ('bkash', 'nagad'))`);
  }
}
