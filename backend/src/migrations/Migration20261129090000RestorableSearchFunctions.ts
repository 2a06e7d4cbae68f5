import { Migration } from '@mikro-orm/migrations';

/**
 * A backup must restore. pg_restore runs with an empty search_path, and loading the doctors and
 * medicines computes their generated search columns through nirog_search_words, whose SQL body
 * called nirog_search_key unqualified: "function nirog_search_key(text) does not exist", and the
 * restore stopped at the doctors table. Each search function now carries the search_path it was
 * created under (the one the migrations run with), so its body resolves the same names wherever it
 * runs: a restore, a script, a session with another path. Tested by `npm run test:reliability`
 * (backup: dump, restore into a fresh database, every table's rows and checksums equal).
 */
const FUNCTIONS = ['nirog_search_words(text[])', 'nirog_search_pairs(text[])', 'nirog_search_count(text, text[], int)'];

export class Migration20261129090000RestorableSearchFunctions extends Migration {
  override async up(): Promise<void> {
    for (const fn of FUNCTIONS) this.addSql(`alter function ${fn} set search_path from current`);
  }

  override async down(): Promise<void> {
    for (const fn of FUNCTIONS) this.addSql(`alter function ${fn} reset search_path`);
  }
}
