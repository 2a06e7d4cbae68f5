import { Migration } from '@mikro-orm/migrations';

/**
 * Every request for an SMS code writes a code row, the requests that must not get a code included
 * (a login for a number no patient verified, a claim of a number another account holds): those rows
 * are decoys, tried and counted like a sent code and never accepted, so a wrong code answers the same
 * for every number (verification/phone-code.service.ts).
 */
export class Migration20261129020000PhoneCodeDecoys extends Migration {
  override async up(): Promise<void> {
    this.addSql('alter table "phone_codes" add column "decoy" boolean not null default false');
  }

  override async down(): Promise<void> {
    this.addSql('alter table "phone_codes" drop column "decoy"');
  }
}
