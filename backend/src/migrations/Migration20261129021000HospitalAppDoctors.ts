import { Migration } from '@mikro-orm/migrations';

/**
 * A hospital's app reads the visits of the doctors an admin links to it (integrators module,
 * IntegratorAppDoctor), no longer those of every doctor whose self-declared work place matches the
 * app's organisation name. No link is made from the old match: that match is what a doctor could set
 * to anything, so a hospital app reads no visit until an admin links its doctors (docs/integrators.md).
 */
export class Migration20261129021000HospitalAppDoctors extends Migration {
  override async up(): Promise<void> {
    this.addSql('create table "integrator_app_doctors" ("id" uuid not null, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "app_id" uuid not null, "doctor_id" uuid not null, primary key ("id"))');
    this.addSql('create index "integrator_app_doctors_doctor_id_index" on "integrator_app_doctors" ("doctor_id")');
    this.addSql('alter table "integrator_app_doctors" add constraint "integrator_app_doctors_app_id_doctor_id_unique" unique ("app_id", "doctor_id")');
    this.addSql('alter table "integrator_app_doctors" add constraint "integrator_app_doctors_app_id_foreign" foreign key ("app_id") references "integrator_apps" ("id") on delete cascade');
    this.addSql('alter table "integrator_app_doctors" add constraint "integrator_app_doctors_doctor_id_foreign" foreign key ("doctor_id") references "doctors" ("id") on delete cascade');
  }

  override async down(): Promise<void> {
    this.addSql('drop table if exists "integrator_app_doctors"');
  }
}
