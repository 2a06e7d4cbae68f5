import { Migration } from '@mikro-orm/migrations';

export class Migration20261122055831DoctorListIndexes extends Migration {
  override async up(): Promise<void> {
    this.addSql("create index \"doctors_rating_index\" on \"doctors\" (\"status\", (case when review_count = 0 then 0 else rating_half_stars_total::float / review_count end) desc, \"review_count\" desc, \"id\")");
    this.addSql("create index \"doctors_recommended_index\" on \"doctors\" (\"status\", \"is_online\" desc, (case when review_count = 0 then 0 else rating_half_stars_total::float / review_count end) desc, \"review_count\" desc, \"id\")");
  }
}
