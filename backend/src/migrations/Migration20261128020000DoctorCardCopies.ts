import { Migration } from '@mikro-orm/migrations';

/**
 * The doctor card reads the doctor's name, photo and gender without joining users (issue #22: at 100k
 * doctors the join was 80 of the public page's 103 buffers). The copies on doctors are the database's
 * own: a row trigger fills them from users whenever a doctor is written (a value written to them by
 * hand is replaced), and a row trigger on users passes a new name, photo or gender on to the doctor in
 * the same transaction. The users row stays the one place they are changed (accounts module).
 */
export class Migration20261128020000DoctorCardCopies extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table "doctors" add column "user_name" varchar(100) not null default '',
      add column "user_avatar_url" varchar(500) null, add column "user_gender" text null`);
    this.addSql(`create or replace function nirog_doctor_user_copies() returns trigger language plpgsql as $$
      begin
        select u.name, u.avatar_url, u.gender into new.user_name, new.user_avatar_url, new.user_gender from users u where u.id = new.user_id;
        return new;
      end $$`);
    this.addSql(`create trigger doctors_user_copies before insert or update of "user_id", "user_name", "user_avatar_url", "user_gender" on "doctors"
      for each row execute function nirog_doctor_user_copies()`);
    this.addSql(`create or replace function nirog_user_to_doctor() returns trigger language plpgsql as $$
      begin
        update doctors set user_name = new.name, user_avatar_url = new.avatar_url, user_gender = new.gender where user_id = new.id;
        return null;
      end $$`);
    this.addSql(`create trigger users_to_doctor after update of "name", "avatar_url", "gender" on "users" for each row
      when (old.name is distinct from new.name or old.avatar_url is distinct from new.avatar_url or old.gender is distinct from new.gender)
      execute function nirog_user_to_doctor()`);
    this.addSql('update "doctors" set "user_name" = "user_name"');
  }

  override async down(): Promise<void> {
    this.addSql('drop trigger if exists users_to_doctor on "users"');
    this.addSql('drop function if exists nirog_user_to_doctor()');
    this.addSql('drop trigger if exists doctors_user_copies on "doctors"');
    this.addSql('drop function if exists nirog_doctor_user_copies()');
    this.addSql('alter table "doctors" drop column "user_name", drop column "user_avatar_url", drop column "user_gender"');
  }
}
