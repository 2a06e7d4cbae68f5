import { Check, Entity, Enum, Index, OneToOne, Property } from '@mikro-orm/decorators/legacy';
import type { Ref } from '@mikro-orm/core';
import { BaseEntity } from '../../common/base.entity.js';
import { User } from '../accounts/index.js';
import { DoctorStatus, DoctorTitle, DoctorType } from './doctor.enums.js';

/**
 * A doctor's average rating in half stars (0 without reviews), as the list sorts by it and its
 * indexes hold it (`alias` like 'd.' in a query; none in an index).
 */
export const doctorAverageSql = (alias = '') =>
  `case when ${alias}review_count = 0 then 0 else ${alias}rating_half_stars_total::float / ${alias}review_count end`;
const DOCTOR_AVERAGE_SQL = doctorAverageSql();

/**
 * A doctor's professional profile, for writes. Name, email, phone, gender and avatar live on the User
 * (one identity per email; the card's copies below follow it). Screens and both doors read doctors through the read model (doctor.read.ts).
 */
@Entity({ tableName: 'doctors' })
/** The dashboard's new-doctor counts. */
@Index({ properties: ['createdAt'] })
@Index({ properties: ['status', 'isOnline'] })
@Index({ properties: ['status', 'feePoisha'] })
// The list's orders (Recommended: online first, then average rating; Rating), walked in index order
// so a page of 20 reads about 20 rows instead of sorting every approved doctor (EXPLAIN at 100k doctors).
@Index({ name: 'doctors_recommended_index', expression: `create index "doctors_recommended_index" on "doctors" ("status", "is_online" desc, (${DOCTOR_AVERAGE_SQL}) desc, "review_count" desc, "id")` })
@Index({ name: 'doctors_rating_index', expression: `create index "doctors_rating_index" on "doctors" ("status", (${DOCTOR_AVERAGE_SQL}) desc, "review_count" desc, "id")` })
// Search (Migration20261129040000SearchAsBangladeshTypes): rows by exact word and by exact name key.
@Index({ name: 'doctors_search_words_index', expression: 'create index "doctors_search_words_index" on "doctors" using gin ("search_words")' })
@Index({ name: 'doctors_search_names_index', expression: 'create index "doctors_search_names_index" on "doctors" using gin ("search_names")' })
@Check({ name: 'doctors_hospital_slot_capacity_check', expression: 'hospital_slot_capacity >= 1 and hospital_slot_capacity <= 200' })
export class Doctor extends BaseEntity<'specialities' | 'description' | 'isOnline' | 'status' | 'ratingHalfStarsTotal' | 'reviewCount' | 'hospitalSlotCapacity'> {
  @OneToOne(() => User, { owner: true, ref: true, unique: true, deleteRule: 'cascade' })
  user!: Ref<User>;

  @Enum({ items: () => DoctorTitle })
  title!: DoctorTitle;

  @Property({ length: 200 })
  degree!: string;

  @Property({ type: 'text[]' })
  @Index({ type: 'gin' })
  specialities: string[] = [];

  /** Hospital or chamber. */
  @Property({ length: 200 })
  work!: string;

  @Property()
  experienceYears!: number;

  /** Consultation fee in poisha (1 BDT = 100 poisha); money is never a float. */
  @Property()
  feePoisha!: number;

  @Property({ length: 200 })
  location!: string;

  @Property({ type: 'text' })
  description: string = '';

  /** National ID: only the doctor and admins see it (field guard in the resolver). */
  @Property({ length: 20 })
  nidNo!: string;

  @Property({ length: 20, unique: true })
  bmdcNo!: string;

  @Enum({ items: () => DoctorType })
  type!: DoctorType;

  /** The doctor's own video meeting link; patients get a room link per consultation. */
  @Property({ length: 500, nullable: true })
  meetingUrl?: string | null;

  @Property({ default: false })
  isOnline: boolean = false;

  @Enum({ items: () => DoctorStatus, default: DoctorStatus.Pending })
  status: DoctorStatus = DoctorStatus.Pending;

  @Property({ type: 'timestamptz', nullable: true })
  approvedAt?: Date | null;

  /** Sum of all review ratings in half stars (4.5 stars = 9): the average stays exact. */
  @Property({ default: 0 })
  ratingHalfStarsTotal: number = 0;

  @Property({ default: 0 })
  reviewCount: number = 0;

  /** Hospital visits one slot (Morning, Afternoon, Evening) of one day can take. */
  @Property({ default: 10 })
  hospitalSlotCapacity: number = 10;

  /**
   * Copies of the account's name, photo and gender, so the doctor card reads doctors alone (no join
   * with users: issue #22). The database keeps them from the users row, in the same transaction
   * (triggers in Migration20261128020000DoctorCardCopies); a value set here is replaced, so nothing sets them.
   */
  @Property({ length: 100, default: '' })
  readonly userName?: string;

  @Property({ length: 500, nullable: true })
  readonly userAvatarUrl?: string | null;

  @Property({ type: 'text', nullable: true })
  readonly userGender?: string | null;

  /**
   * The search keys of the doctor's words (name, degree, workplace, area, specialities) and of the
   * name: kept by the database (generated columns over nirog_search_key), never loaded by the ORM.
   */
  @Property({ type: 'text[]', generated: '(nirog_search_words(array[user_name, degree, work, location] || specialities)) stored', lazy: true })
  readonly searchWords?: string[];

  @Property({ type: 'text[]', generated: '(array[nirog_search_key(user_name)]) stored', lazy: true })
  readonly searchNames?: string[];
}
