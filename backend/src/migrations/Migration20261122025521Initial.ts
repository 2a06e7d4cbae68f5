import { Migration } from '@mikro-orm/migrations';

export class Migration20261122025521Initial extends Migration {
  override async up(): Promise<void> {
    this.addSql("create table \"users\" (\"id\" uuid not null, \"created_at\" timestamptz not null default now(), \"updated_at\" timestamptz not null default now(), \"name\" varchar(100) not null, \"email\" varchar(254) not null, \"password_hash\" varchar(200) not null, \"role\" text not null default 'user', \"avatar_url\" varchar(500) null, \"gender\" text null, \"phone_e164\" varchar(20) null, \"birthdate\" date null, \"language\" text not null default 'en', \"email_verified_at\" timestamptz null, \"deleted_at\" timestamptz null, primary key (\"id\"))");
    this.addSql("alter table \"users\" add constraint \"users_email_unique\" unique (\"email\")");
    this.addSql("create index \"users_role_created_at_index\" on \"users\" (\"role\", \"created_at\")");
    this.addSql("create table \"auth_sessions\" (\"id\" uuid not null, \"created_at\" timestamptz not null default now(), \"updated_at\" timestamptz not null default now(), \"user_id\" uuid not null, \"generation\" int not null default 0, \"secret_hash\" varchar(64) not null, \"expires_at\" timestamptz not null, \"revoked_at\" timestamptz null, \"ip\" varchar(64) null, primary key (\"id\"))");
    this.addSql("create index \"auth_sessions_user_id_index\" on \"auth_sessions\" (\"user_id\")");
    this.addSql("create table \"doctors\" (\"id\" uuid not null, \"created_at\" timestamptz not null default now(), \"updated_at\" timestamptz not null default now(), \"user_id\" uuid not null, \"title\" text not null, \"degree\" varchar(200) not null, \"specialities\" text[] not null, \"work\" varchar(200) not null, \"experience_years\" int not null, \"fee_poisha\" int not null, \"location\" varchar(200) not null, \"description\" text not null default '', \"nid_no\" varchar(20) not null, \"bmdc_no\" varchar(20) not null, \"type\" text not null, \"meeting_url\" varchar(500) null, \"is_online\" boolean not null default false, \"status\" text not null default 'pending', \"approved_at\" timestamptz null, \"rating_half_stars_total\" int not null default 0, \"review_count\" int not null default 0, primary key (\"id\"))");
    this.addSql("alter table \"doctors\" add constraint \"doctors_user_id_unique\" unique (\"user_id\")");
    this.addSql("alter table \"doctors\" add constraint \"doctors_bmdc_no_unique\" unique (\"bmdc_no\")");
    this.addSql("create index \"doctors_specialities_index\" on \"doctors\" using gin (\"specialities\")");
    this.addSql("create index \"doctors_status_fee_poisha_index\" on \"doctors\" (\"status\", \"fee_poisha\")");
    this.addSql("create index \"doctors_status_is_online_index\" on \"doctors\" (\"status\", \"is_online\")");
    this.addSql("alter table \"users\" add constraint \"users_role_check\" check (\"role\" in ('user', 'doctor', 'admin'))");
    this.addSql("alter table \"users\" add constraint \"users_gender_check\" check (\"gender\" in ('Male', 'Female'))");
    this.addSql("alter table \"users\" add constraint \"users_language_check\" check (\"language\" in ('en', 'bn'))");
    this.addSql("alter table \"auth_sessions\" add constraint \"auth_sessions_user_id_foreign\" foreign key (\"user_id\") references \"users\" (\"id\") on delete cascade");
    this.addSql("alter table \"doctors\" add constraint \"doctors_user_id_foreign\" foreign key (\"user_id\") references \"users\" (\"id\") on delete cascade");
    this.addSql("alter table \"doctors\" add constraint \"doctors_title_check\" check (\"title\" in ('Dr.', 'Prof. Dr.', 'Ass.Prof. Dr.', 'Assoc.Prof. Dr.'))");
    this.addSql("alter table \"doctors\" add constraint \"doctors_type_check\" check (\"type\" in ('Medical', 'Dental'))");
    this.addSql("alter table \"doctors\" add constraint \"doctors_status_check\" check (\"status\" in ('pending', 'approved', 'rejected'))");
  }
}
