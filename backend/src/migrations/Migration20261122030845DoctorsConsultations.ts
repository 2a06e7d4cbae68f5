import { Migration } from '@mikro-orm/migrations';

export class Migration20261122030845DoctorsConsultations extends Migration {
  override async up(): Promise<void> {
    this.addSql("create table \"specialities\" (\"id\" uuid not null, \"created_at\" timestamptz not null default now(), \"updated_at\" timestamptz not null default now(), \"title\" varchar(60) not null, \"slug\" varchar(60) not null, \"image_url\" varchar(500) null, \"sort_order\" int not null default 0, primary key (\"id\"))");
    this.addSql("alter table \"specialities\" add constraint \"specialities_title_unique\" unique (\"title\")");
    this.addSql("alter table \"specialities\" add constraint \"specialities_slug_unique\" unique (\"slug\")");
    this.addSql("create table \"hospital_slot_loads\" (\"id\" uuid not null, \"created_at\" timestamptz not null default now(), \"updated_at\" timestamptz not null default now(), \"doctor_id\" uuid not null, \"visit_date\" date not null, \"slot\" text not null, \"booked\" int not null, \"capacity\" int not null, primary key (\"id\"))");
    this.addSql("alter table \"hospital_slot_loads\" add constraint \"hospital_slot_loads_doctor_id_visit_date_slot_unique\" unique (\"doctor_id\", \"visit_date\", \"slot\")");
    this.addSql("create table \"doctor_reviews\" (\"id\" uuid not null, \"created_at\" timestamptz not null default now(), \"updated_at\" timestamptz not null default now(), \"doctor_id\" uuid not null, \"patient_id\" uuid not null, \"half_stars\" int not null, \"comment\" text not null, primary key (\"id\"))");
    this.addSql("create index \"doctor_reviews_doctor_id_created_at_index\" on \"doctor_reviews\" (\"doctor_id\", \"created_at\")");
    this.addSql("alter table \"doctor_reviews\" add constraint \"doctor_reviews_doctor_id_patient_id_unique\" unique (\"doctor_id\", \"patient_id\")");
    this.addSql("create table \"appointments\" (\"id\" uuid not null, \"created_at\" timestamptz not null default now(), \"updated_at\" timestamptz not null default now(), \"kind\" text not null, \"doctor_id\" uuid not null, \"patient_id\" uuid not null, \"status\" text not null default 'Processing', \"fee_poisha\" int not null, \"patient_name\" varchar(100) not null, \"patient_gender\" text null, \"age\" int null, \"weight\" varchar(20) null, \"height\" varchar(20) null, \"problem\" text null, \"phone_e164\" varchar(20) null, \"visit_date\" date null, \"slot\" text null, \"meeting_url\" varchar(500) null, \"payment_status\" text not null default 'unpaid', \"paid_at\" timestamptz null, \"payment_id\" varchar(64) null, \"hold_expires_at\" timestamptz null, \"cancel_reason\" varchar(40) null, primary key (\"id\"))");
    this.addSql("create index \"appointments_payment_status_hold_expires_at_index\" on \"appointments\" (\"payment_status\", \"hold_expires_at\")");
    this.addSql("create index \"appointments_status_created_at_index\" on \"appointments\" (\"status\", \"created_at\")");
    this.addSql("create index \"appointments_patient_id_created_at_index\" on \"appointments\" (\"patient_id\", \"created_at\")");
    this.addSql("create index \"appointments_doctor_id_created_at_index\" on \"appointments\" (\"doctor_id\", \"created_at\")");
    this.addSql("create table \"prescriptions\" (\"id\" uuid not null, \"created_at\" timestamptz not null default now(), \"updated_at\" timestamptz not null default now(), \"appointment_id\" uuid not null, \"doctor_id\" uuid not null, \"patient_id\" uuid not null, \"medicines\" jsonb not null, \"med_info\" text not null, \"doctor_advice\" text not null, \"follow_up\" text not null, \"patient_name\" varchar(100) not null, \"age\" int null, \"patient_gender\" text null, \"weight\" varchar(20) null, \"height\" varchar(20) null, \"problem\" text null, \"verification_code\" varchar(16) not null, primary key (\"id\"))");
    this.addSql("alter table \"prescriptions\" add constraint \"prescriptions_appointment_id_unique\" unique (\"appointment_id\")");
    this.addSql("alter table \"prescriptions\" add constraint \"prescriptions_verification_code_unique\" unique (\"verification_code\")");
    this.addSql("create index \"prescriptions_doctor_id_created_at_index\" on \"prescriptions\" (\"doctor_id\", \"created_at\")");
    this.addSql("create index \"prescriptions_patient_id_created_at_index\" on \"prescriptions\" (\"patient_id\", \"created_at\")");
    this.addSql("alter table \"doctors\" add \"hospital_slot_capacity\" int not null default 10");
    this.addSql("alter table \"doctors\" add constraint \"doctors_hospital_slot_capacity_check\" check (hospital_slot_capacity >= 1 and hospital_slot_capacity <= 200)");
    this.addSql("alter table \"hospital_slot_loads\" add constraint \"hospital_slot_loads_doctor_id_foreign\" foreign key (\"doctor_id\") references \"doctors\" (\"id\") on delete cascade");
    this.addSql("alter table \"hospital_slot_loads\" add constraint \"hospital_slot_loads_booked_check\" check (booked >= 0 and booked <= capacity)");
    this.addSql("alter table \"hospital_slot_loads\" add constraint \"hospital_slot_loads_slot_check\" check (\"slot\" in ('Morning', 'Afternoon', 'Evening'))");
    this.addSql("alter table \"doctor_reviews\" add constraint \"doctor_reviews_doctor_id_foreign\" foreign key (\"doctor_id\") references \"doctors\" (\"id\") on delete cascade");
    this.addSql("alter table \"doctor_reviews\" add constraint \"doctor_reviews_patient_id_foreign\" foreign key (\"patient_id\") references \"users\" (\"id\") on delete cascade");
    this.addSql("alter table \"doctor_reviews\" add constraint \"doctor_reviews_half_stars_check\" check (half_stars >= 1 and half_stars <= 10)");
    this.addSql("alter table \"appointments\" add constraint \"appointments_doctor_id_foreign\" foreign key (\"doctor_id\") references \"doctors\" (\"id\") on delete restrict");
    this.addSql("alter table \"appointments\" add constraint \"appointments_patient_id_foreign\" foreign key (\"patient_id\") references \"users\" (\"id\") on delete restrict");
    this.addSql("alter table \"appointments\" add constraint \"appointments_kind_check\" check (\"kind\" in ('video', 'hospital'))");
    this.addSql("alter table \"appointments\" add constraint \"appointments_status_check\" check (\"status\" in ('Processing', 'Confirmed', 'Finished', 'Cancelled'))");
    this.addSql("alter table \"appointments\" add constraint \"appointments_patient_gender_check\" check (\"patient_gender\" in ('Male', 'Female'))");
    this.addSql("alter table \"appointments\" add constraint \"appointments_slot_check\" check (\"slot\" in ('Morning', 'Afternoon', 'Evening'))");
    this.addSql("alter table \"appointments\" add constraint \"appointments_payment_status_check\" check (\"payment_status\" in ('unpaid', 'paid', 'at_hospital'))");
    this.addSql("alter table \"prescriptions\" add constraint \"prescriptions_appointment_id_foreign\" foreign key (\"appointment_id\") references \"appointments\" (\"id\") on delete cascade");
    this.addSql("alter table \"prescriptions\" add constraint \"prescriptions_doctor_id_foreign\" foreign key (\"doctor_id\") references \"doctors\" (\"id\") on delete restrict");
    this.addSql("alter table \"prescriptions\" add constraint \"prescriptions_patient_id_foreign\" foreign key (\"patient_id\") references \"users\" (\"id\") on delete restrict");
    this.addSql("alter table \"prescriptions\" add constraint \"prescriptions_medicines_check\" check (jsonb_array_length(medicines) <= 10)");
    this.addSql("alter table \"prescriptions\" add constraint \"prescriptions_patient_gender_check\" check (\"patient_gender\" in ('Male', 'Female'))");
  }
}
