import { Migration } from '@mikro-orm/migrations';

/** Specialities get a Bangla title (issue 16); the demo set's are filled in where the row exists. */
export class Migration20261125120000SpecialityTitleBn extends Migration {
  override async up(): Promise<void> {
    this.addSql("alter table \"specialities\" add \"title_bn\" varchar(60) not null default ''");
    this.addSql(`update "specialities" as s set "title_bn" = v.title_bn from (values
      ('medicine', 'মেডিসিন'),
      ('cardiology', 'হৃদরোগ'),
      ('dermatology', 'চর্মরোগ'),
      ('dentistry', 'দন্তরোগ'),
      ('gynecology', 'স্ত্রীরোগ'),
      ('pediatrics', 'শিশুরোগ'),
      ('neurology', 'স্নায়ুরোগ'),
      ('orthopedics', 'হাড় ও জোড়া'),
      ('ent', 'নাক-কান-গলা'),
      ('ophthalmology', 'চক্ষুরোগ'),
      ('psychiatry', 'মানসিক রোগ'),
      ('gastroenterology', 'পেট ও পরিপাকতন্ত্র'),
      ('nephrology', 'কিডনি রোগ'),
      ('endocrinology', 'হরমোন ও ডায়াবেটিস'),
      ('urology', 'মূত্ররোগ')
    ) as v(slug, title_bn) where s.slug = v.slug`);
  }
}
