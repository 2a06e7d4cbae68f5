import { Migration } from '@mikro-orm/migrations';

export class Migration20261122030642Care extends Migration {
  override async up(): Promise<void> {
    this.addSql("create table \"ambulance_services\" (\"id\" uuid not null, \"created_at\" timestamptz not null default now(), \"updated_at\" timestamptz not null default now(), \"name\" varchar(150) not null, \"area\" text not null, \"phone_e164\" varchar(20) not null, \"type\" text not null, \"available24h\" boolean not null default true, primary key (\"id\"))");
    this.addSql("alter table \"ambulance_services\" add constraint \"ambulance_services_name_unique\" unique (\"name\")");
    this.addSql("create index \"ambulance_services_area_name_index\" on \"ambulance_services\" (\"area\", \"name\")");
    this.addSql("create table \"insurance_articles\" (\"id\" uuid not null, \"created_at\" timestamptz not null default now(), \"updated_at\" timestamptz not null default now(), \"slug\" varchar(120) not null, \"title\" varchar(200) not null, \"summary\" text not null, \"body\" text not null, \"image_url\" varchar(500) null, \"sort_order\" int not null default 0, primary key (\"id\"))");
    this.addSql("alter table \"insurance_articles\" add constraint \"insurance_articles_slug_unique\" unique (\"slug\")");
    this.addSql("create index \"insurance_articles_sort_order_index\" on \"insurance_articles\" (\"sort_order\")");
    this.addSql("create table \"nurses\" (\"id\" uuid not null, \"created_at\" timestamptz not null default now(), \"updated_at\" timestamptz not null default now(), \"name\" varchar(100) not null, \"degree\" varchar(200) not null, \"work\" varchar(200) not null, \"fee_poisha\" int not null, \"phone_e164\" varchar(20) not null, \"email\" varchar(254) not null, \"gender\" text not null, \"location\" text not null, \"description\" text not null default '', \"image_urls\" text[] not null, \"rating_half_stars_total\" int not null default 0, \"review_count\" int not null default 0, \"deleted_at\" timestamptz null, primary key (\"id\"))");
    this.addSql("create index \"nurses_email_index\" on \"nurses\" (\"email\")");
    this.addSql("create index \"nurses_deleted_at_created_at_index\" on \"nurses\" (\"deleted_at\", \"created_at\")");
    this.addSql("create index \"nurses_deleted_at_location_created_at_index\" on \"nurses\" (\"deleted_at\", \"location\", \"created_at\")");
    this.addSql("create table \"partners\" (\"id\" uuid not null, \"created_at\" timestamptz not null default now(), \"updated_at\" timestamptz not null default now(), \"name\" varchar(150) not null, \"logo_url\" varchar(500) null, \"website\" varchar(500) null, \"sort_order\" int not null default 0, primary key (\"id\"))");
    this.addSql("alter table \"partners\" add constraint \"partners_name_unique\" unique (\"name\")");
    this.addSql("create index \"partners_sort_order_index\" on \"partners\" (\"sort_order\")");
    this.addSql("create table \"nurse_reviews\" (\"id\" uuid not null, \"created_at\" timestamptz not null default now(), \"updated_at\" timestamptz not null default now(), \"nurse_id\" uuid not null, \"user_id\" uuid not null, \"half_stars\" smallint not null, \"comment\" text not null, primary key (\"id\"))");
    this.addSql("create index \"nurse_reviews_user_id_index\" on \"nurse_reviews\" (\"user_id\")");
    this.addSql("create index \"nurse_reviews_nurse_id_created_at_index\" on \"nurse_reviews\" (\"nurse_id\", \"created_at\")");
    this.addSql("alter table \"nurse_reviews\" add constraint \"nurse_reviews_nurse_id_user_id_unique\" unique (\"nurse_id\", \"user_id\")");
    this.addSql("create table \"nurse_hires\" (\"id\" uuid not null, \"created_at\" timestamptz not null default now(), \"updated_at\" timestamptz not null default now(), \"nurse_id\" uuid not null, \"user_id\" uuid not null, \"nurse_name\" varchar(100) not null, \"nurse_image_url\" varchar(500) null, \"fee_poisha\" int not null, \"patient_gender\" text not null, \"phone_e164\" varchar(20) not null, \"date\" date not null, \"status\" text not null default 'Processing', \"status_changed_at\" timestamptz null, primary key (\"id\"))");
    this.addSql("create index \"nurse_hires_nurse_id_user_id_status_index\" on \"nurse_hires\" (\"nurse_id\", \"user_id\", \"status\")");
    this.addSql("create index \"nurse_hires_created_at_index\" on \"nurse_hires\" (\"created_at\")");
    this.addSql("create index \"nurse_hires_status_created_at_index\" on \"nurse_hires\" (\"status\", \"created_at\")");
    this.addSql("create index \"nurse_hires_user_id_created_at_index\" on \"nurse_hires\" (\"user_id\", \"created_at\")");
    this.addSql("create table \"insurance_applications\" (\"id\" uuid not null, \"created_at\" timestamptz not null default now(), \"updated_at\" timestamptz not null default now(), \"name\" varchar(100) not null, \"email\" varchar(254) not null, \"phone_e164\" varchar(20) not null, \"gender\" text not null, \"user_id\" uuid null, primary key (\"id\"))");
    this.addSql("create index \"insurance_applications_user_id_index\" on \"insurance_applications\" (\"user_id\")");
    this.addSql("create index \"insurance_applications_created_at_index\" on \"insurance_applications\" (\"created_at\")");
    this.addSql("create table \"contact_messages\" (\"id\" uuid not null, \"created_at\" timestamptz not null default now(), \"updated_at\" timestamptz not null default now(), \"name\" varchar(100) not null, \"email\" varchar(254) not null, \"subject\" varchar(200) null, \"message\" text not null, \"user_id\" uuid null, primary key (\"id\"))");
    this.addSql("create index \"contact_messages_user_id_index\" on \"contact_messages\" (\"user_id\")");
    this.addSql("create index \"contact_messages_created_at_index\" on \"contact_messages\" (\"created_at\")");
    this.addSql("create table \"blood_requests\" (\"id\" uuid not null, \"created_at\" timestamptz not null default now(), \"updated_at\" timestamptz not null default now(), \"name\" varchar(100) not null, \"phone_e164\" varchar(20) not null, \"email\" varchar(254) not null, \"group\" text not null, \"area\" text null, \"user_id\" uuid null, \"access_token_hash\" varchar(64) not null, primary key (\"id\"))");
    this.addSql("create index \"blood_requests_user_id_index\" on \"blood_requests\" (\"user_id\")");
    this.addSql("create index \"blood_requests_created_at_index\" on \"blood_requests\" (\"created_at\")");
    this.addSql("create table \"blood_donors\" (\"id\" uuid not null, \"created_at\" timestamptz not null default now(), \"updated_at\" timestamptz not null default now(), \"user_id\" uuid not null, \"group\" text not null, \"area\" text not null, \"last_donation_date\" date null, \"phone_e164\" varchar(20) not null, \"available\" boolean not null default true, primary key (\"id\"))");
    this.addSql("alter table \"blood_donors\" add constraint \"blood_donors_user_id_unique\" unique (\"user_id\")");
    this.addSql("create index \"blood_donors_group_area_last_donation_date_index\" on \"blood_donors\" (\"group\", \"area\", \"last_donation_date\")");
    this.addSql("alter table \"ambulance_services\" add constraint \"ambulance_services_area_check\" check (\"area\" in ('Uttara', 'Dhanmondi', 'Mirpur', 'Banani', 'Gulshan', 'Mohammadpur', 'Motijheel', 'Badda', 'Bashundhara', 'Old Dhaka'))");
    this.addSql("alter table \"ambulance_services\" add constraint \"ambulance_services_type_check\" check (\"type\" in ('AC', 'Non-AC', 'ICU', 'Freezer'))");
    this.addSql("alter table \"nurses\" add constraint \"nurses_gender_check\" check (\"gender\" in ('Male', 'Female'))");
    this.addSql("alter table \"nurses\" add constraint \"nurses_location_check\" check (\"location\" in ('Uttara', 'Dhanmondi', 'Mirpur', 'Banani', 'Gulshan'))");
    this.addSql("alter table \"nurse_reviews\" add constraint \"nurse_reviews_nurse_id_foreign\" foreign key (\"nurse_id\") references \"nurses\" (\"id\") on delete cascade");
    this.addSql("alter table \"nurse_reviews\" add constraint \"nurse_reviews_user_id_foreign\" foreign key (\"user_id\") references \"users\" (\"id\") on delete cascade");
    this.addSql("alter table \"nurse_hires\" add constraint \"nurse_hires_nurse_id_foreign\" foreign key (\"nurse_id\") references \"nurses\" (\"id\") on delete restrict");
    this.addSql("alter table \"nurse_hires\" add constraint \"nurse_hires_user_id_foreign\" foreign key (\"user_id\") references \"users\" (\"id\") on delete restrict");
    this.addSql("alter table \"nurse_hires\" add constraint \"nurse_hires_patient_gender_check\" check (\"patient_gender\" in ('Male', 'Female'))");
    this.addSql("alter table \"nurse_hires\" add constraint \"nurse_hires_status_check\" check (\"status\" in ('Processing', 'Confirmed', 'Completed', 'Cancelled'))");
    this.addSql("alter table \"insurance_applications\" add constraint \"insurance_applications_user_id_foreign\" foreign key (\"user_id\") references \"users\" (\"id\") on delete set null");
    this.addSql("alter table \"insurance_applications\" add constraint \"insurance_applications_gender_check\" check (\"gender\" in ('Male', 'Female'))");
    this.addSql("alter table \"contact_messages\" add constraint \"contact_messages_user_id_foreign\" foreign key (\"user_id\") references \"users\" (\"id\") on delete set null");
    this.addSql("alter table \"blood_requests\" add constraint \"blood_requests_user_id_foreign\" foreign key (\"user_id\") references \"users\" (\"id\") on delete set null");
    this.addSql("alter table \"blood_requests\" add constraint \"blood_requests_group_check\" check (\"group\" in ('A+', 'A-', 'B+', 'B-', 'O+', 'O-', 'AB+', 'AB-'))");
    this.addSql("alter table \"blood_requests\" add constraint \"blood_requests_area_check\" check (\"area\" in ('Uttara', 'Dhanmondi', 'Mirpur', 'Banani', 'Gulshan', 'Mohammadpur', 'Motijheel', 'Badda', 'Bashundhara', 'Old Dhaka'))");
    this.addSql("alter table \"blood_donors\" add constraint \"blood_donors_user_id_foreign\" foreign key (\"user_id\") references \"users\" (\"id\") on delete cascade");
    this.addSql("alter table \"blood_donors\" add constraint \"blood_donors_group_check\" check (\"group\" in ('A+', 'A-', 'B+', 'B-', 'O+', 'O-', 'AB+', 'AB-'))");
    this.addSql("alter table \"blood_donors\" add constraint \"blood_donors_area_check\" check (\"area\" in ('Uttara', 'Dhanmondi', 'Mirpur', 'Banani', 'Gulshan', 'Mohammadpur', 'Motijheel', 'Badda', 'Bashundhara', 'Old Dhaka'))");
  }
}
