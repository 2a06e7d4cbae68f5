import { Migration } from '@mikro-orm/migrations';

/**
 * Phone-first accounts, SMS delivery reports and family profiles (issue 19): users may have no email;
 * a verified mobile number is unique among verified ones; SMS codes kept hashed; the family members
 * an account cares for, and who each appointment, prescription, nurse hire and order is for.
 */
export class Migration20261126100000PhoneAndFamily extends Migration {
  override async up(): Promise<void> {
    this.addSql("alter table \"users\" add \"phone_verified_at\" timestamptz null");
    this.addSql("alter table \"users\" alter column \"email\" drop not null");
    this.addSql("create unique index \"users_verified_phone_unique\" on \"users\" (\"phone_e164\") where \"phone_verified_at\" is not null");

    this.addSql("create table \"phone_codes\" (\"id\" uuid not null, \"created_at\" timestamptz not null default now(), \"updated_at\" timestamptz not null default now(), \"phone_e164\" varchar(20) not null, \"purpose\" text not null, \"user_id\" uuid null, \"name\" varchar(100) null, \"language\" text null, \"code_hash\" varchar(64) not null, \"expires_at\" timestamptz not null, \"used_at\" timestamptz null, \"attempts\" int not null default 0, primary key (\"id\"))");
    this.addSql("create index \"phone_codes_user_id_purpose_created_at_index\" on \"phone_codes\" (\"user_id\", \"purpose\", \"created_at\")");
    this.addSql("create index \"phone_codes_phone_e164_created_at_index\" on \"phone_codes\" (\"phone_e164\", \"created_at\")");
    this.addSql("alter table \"phone_codes\" add constraint \"phone_codes_user_id_foreign\" foreign key (\"user_id\") references \"users\" (\"id\") on delete cascade");
    this.addSql("alter table \"phone_codes\" add constraint \"phone_codes_purpose_check\" check (\"purpose\" in ('signup', 'login', 'verify'))");
    this.addSql("alter table \"phone_codes\" add constraint \"phone_codes_language_check\" check (\"language\" in ('en', 'bn'))");

    this.addSql("alter table \"sms_outbox\" add \"delivery_status\" text null, add \"delivery_checked_at\" timestamptz null");
    this.addSql("alter table \"sms_outbox\" add constraint \"sms_outbox_delivery_status_check\" check (\"delivery_status\" in ('pending', 'delivered', 'failed'))");

    this.addSql("create table \"family_members\" (\"id\" uuid not null, \"created_at\" timestamptz not null default now(), \"updated_at\" timestamptz not null default now(), \"owner_id\" uuid not null, \"name\" varchar(100) not null, \"relation\" text not null, \"birthdate\" date not null, \"gender\" text not null, \"phone_e164\" varchar(20) null, \"removed_at\" timestamptz null, primary key (\"id\"))");
    this.addSql("create index \"family_members_owner_id_created_at_index\" on \"family_members\" (\"owner_id\", \"created_at\")");
    this.addSql("alter table \"family_members\" add constraint \"family_members_owner_id_foreign\" foreign key (\"owner_id\") references \"users\" (\"id\") on delete cascade");
    this.addSql("alter table \"family_members\" add constraint \"family_members_relation_check\" check (\"relation\" in ('Father', 'Mother', 'Spouse', 'Son', 'Daughter', 'Brother', 'Sister', 'Grandfather', 'Grandmother', 'Grandchild', 'Other'))");
    this.addSql("alter table \"family_members\" add constraint \"family_members_gender_check\" check (\"gender\" in ('Male', 'Female'))");

    this.addSql("alter table \"appointments\" add \"family_member_id\" uuid null, add \"patient_relation\" text null");
    this.addSql("alter table \"appointments\" add constraint \"appointments_family_member_id_foreign\" foreign key (\"family_member_id\") references \"family_members\" (\"id\") on delete restrict");
    this.addSql("create index \"appointments_family_member_id_created_at_index\" on \"appointments\" (\"family_member_id\", \"created_at\")");
    this.addSql("alter table \"appointments\" add constraint \"appointments_patient_relation_check\" check (\"patient_relation\" in ('Father', 'Mother', 'Spouse', 'Son', 'Daughter', 'Brother', 'Sister', 'Grandfather', 'Grandmother', 'Grandchild', 'Other'))");

    this.addSql("alter table \"prescriptions\" add \"family_member_id\" uuid null");
    this.addSql("alter table \"prescriptions\" add constraint \"prescriptions_family_member_id_foreign\" foreign key (\"family_member_id\") references \"family_members\" (\"id\") on delete restrict");
    this.addSql("create index \"prescriptions_family_member_id_created_at_index\" on \"prescriptions\" (\"family_member_id\", \"created_at\")");

    this.addSql("alter table \"nurse_hires\" add \"family_member_id\" uuid null");
    this.addSql("alter table \"nurse_hires\" add constraint \"nurse_hires_family_member_id_foreign\" foreign key (\"family_member_id\") references \"family_members\" (\"id\") on delete restrict");
    this.addSql("create index \"nurse_hires_family_member_id_created_at_index\" on \"nurse_hires\" (\"family_member_id\", \"created_at\")");

    this.addSql("alter table \"orders\" add \"family_member_id\" uuid null");
    this.addSql("alter table \"orders\" add constraint \"orders_family_member_id_foreign\" foreign key (\"family_member_id\") references \"family_members\" (\"id\") on delete restrict");
    this.addSql("create index \"orders_family_member_id_created_at_index\" on \"orders\" (\"family_member_id\", \"created_at\")");
  }
}
