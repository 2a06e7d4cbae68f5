import { Migration } from '@mikro-orm/migrations';

/**
 * The dispensing ledger: what each prescription line allows (course × refills, until a date), what
 * unpaid orders hold of it and what paid orders took; paper prescriptions a pharmacist reads from a
 * photo; the paper prescription an order draws on. A Nirog prescription's line is written here when
 * an order first draws on it (what it allows follows from the prescription, which never changes), so
 * nothing is backfilled: orders placed before the ledger (none in production: it comes before launch)
 * are not counted against their prescriptions.
 */
export class Migration20261129000000DispensingLedger extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create table "paper_prescriptions" ("id" uuid not null, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(),
      "patient_id" uuid not null, "family_member_id" uuid null, "order_id" uuid not null, "reviewed_by_id" uuid not null, "valid_until" timestamptz not null,
      "note" varchar(300) null, primary key ("id"))`);
    this.addSql(`create index "paper_prescriptions_order_id_index" on "paper_prescriptions" ("order_id")`);
    this.addSql(`create index "paper_prescriptions_patient_id_created_at_index" on "paper_prescriptions" ("patient_id", "created_at")`);
    this.addSql(`alter table "paper_prescriptions" add constraint "paper_prescriptions_patient_id_foreign" foreign key ("patient_id") references "users" ("id") on delete restrict`);
    this.addSql(`alter table "paper_prescriptions" add constraint "paper_prescriptions_family_member_id_foreign" foreign key ("family_member_id") references "family_members" ("id") on delete restrict`);
    this.addSql(`alter table "paper_prescriptions" add constraint "paper_prescriptions_reviewed_by_id_foreign" foreign key ("reviewed_by_id") references "users" ("id") on delete restrict`);

    this.addSql(`create table "dispensing_lines" ("id" uuid not null, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(),
      "prescription_id" uuid null, "paper_prescription_id" uuid null, "line_no" smallint not null, "medname" varchar(200) not null, "medicine_id" uuid null,
      "measure" text not null, "course" int not null, "refills" smallint not null, "allowed" int not null, "held" int not null default 0,
      "dispensed" int not null default 0, "valid_until" timestamptz not null, primary key ("id"))`);
    this.addSql(`alter table "dispensing_lines" add constraint "dispensing_lines_paper_prescription_id_line_no_unique" unique ("paper_prescription_id", "line_no")`);
    this.addSql(`alter table "dispensing_lines" add constraint "dispensing_lines_prescription_id_line_no_unique" unique ("prescription_id", "line_no")`);
    this.addSql(`alter table "dispensing_lines" add constraint "dispensing_lines_prescription_id_foreign" foreign key ("prescription_id") references "prescriptions" ("id") on delete cascade`);
    this.addSql(`alter table "dispensing_lines" add constraint "dispensing_lines_paper_prescription_id_foreign" foreign key ("paper_prescription_id") references "paper_prescriptions" ("id") on delete cascade`);
    this.addSql(`alter table "dispensing_lines" add constraint "dispensing_lines_medicine_id_foreign" foreign key ("medicine_id") references "medicines" ("id") on delete restrict`);
    this.addSql(`alter table "dispensing_lines" add constraint "dispensing_lines_counts" check (course > 0 and refills >= 0 and refills <= 5 and allowed = course * (1 + refills))`);
    this.addSql(`alter table "dispensing_lines" add constraint "dispensing_lines_one_source" check ((prescription_id is null) <> (paper_prescription_id is null))`);
    this.addSql(`alter table "dispensing_lines" add constraint "dispensing_lines_within_allowed" check (held >= 0 and dispensed >= 0 and held + dispensed <= allowed)`);
    this.addSql(`alter table "dispensing_lines" add constraint "dispensing_lines_measure_check" check ("measure" in ('dose', 'pack'))`);

    this.addSql(`create table "dispensings" ("id" uuid not null, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(),
      "line_id" uuid not null, "order_id" uuid not null, "medicine_id" uuid not null, "units" int not null, "amount" int not null,
      "state" text not null default 'held', primary key ("id"))`);
    this.addSql(`create index "dispensings_line_id_index" on "dispensings" ("line_id")`);
    this.addSql(`create index "dispensings_order_id_index" on "dispensings" ("order_id")`);
    this.addSql(`alter table "dispensings" add constraint "dispensings_line_id_foreign" foreign key ("line_id") references "dispensing_lines" ("id") on delete cascade`);
    this.addSql(`alter table "dispensings" add constraint "dispensings_medicine_id_foreign" foreign key ("medicine_id") references "medicines" ("id") on delete restrict`);
    this.addSql(`alter table "dispensings" add constraint "dispensings_positive" check (units > 0 and amount > 0)`);
    this.addSql(`alter table "dispensings" add constraint "dispensings_state_check" check ("state" in ('held', 'dispensed', 'released'))`);

    this.addSql(`alter table "orders" add "paper_prescription_id" uuid null`);
  }
}
