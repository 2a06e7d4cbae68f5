import { Check, Entity, Enum, Index, OneToOne, Property } from '@mikro-orm/decorators/legacy';
import type { Ref } from '@mikro-orm/core';
import { Field, Int, ObjectType } from 'type-graphql';
import { BaseEntity } from '../../common/base.entity.js';
import { User } from '../accounts/user.entity.js';
import { DoctorStatus, DoctorTitle, DoctorType } from './doctor.enums.js';

/** Average rating out of 5, to one decimal; 0 with no reviews. */
export const averageRating = (d: { ratingHalfStarsTotal: number; reviewCount: number }): number =>
  d.reviewCount ? Math.round((d.ratingHalfStarsTotal / 2 / d.reviewCount) * 10) / 10 : 0;

/** A doctor's average rating in half stars (0 without reviews), as the list sorts by it. */
export const DOCTOR_AVERAGE_SQL = 'case when review_count = 0 then 0 else rating_half_stars_total::float / review_count end';

/**
 * A doctor's professional profile. Name, email, phone, gender and avatar live on the User (one
 * identity per email); the resolver exposes them on Doctor through the batched user reference.
 */
@ObjectType()
@Entity({ tableName: 'doctors' })
/** The dashboard's new-doctor counts. */
@Index({ properties: ['createdAt'] })
@Index({ properties: ['status', 'isOnline'] })
@Index({ properties: ['status', 'feePoisha'] })
// The list's orders (Recommended: online first, then average rating; Rating), walked in index order
// so a page of 20 reads about 20 rows instead of sorting every approved doctor (EXPLAIN at 100k doctors).
@Index({ name: 'doctors_recommended_index', expression: `create index "doctors_recommended_index" on "doctors" ("status", "is_online" desc, (${DOCTOR_AVERAGE_SQL}) desc, "review_count" desc, "id")` })
@Index({ name: 'doctors_rating_index', expression: `create index "doctors_rating_index" on "doctors" ("status", (${DOCTOR_AVERAGE_SQL}) desc, "review_count" desc, "id")` })
@Check({ name: 'doctors_hospital_slot_capacity_check', expression: 'hospital_slot_capacity >= 1 and hospital_slot_capacity <= 200' })
export class Doctor extends BaseEntity<'specialities' | 'description' | 'isOnline' | 'status' | 'ratingHalfStarsTotal' | 'reviewCount' | 'rating' | 'hospitalSlotCapacity'> {
  @OneToOne(() => User, { owner: true, ref: true, unique: true, deleteRule: 'cascade' })
  user!: Ref<User>;

  @Field(() => DoctorTitle)
  @Enum({ items: () => DoctorTitle })
  title!: DoctorTitle;

  @Field()
  @Property({ length: 200 })
  degree!: string;

  @Field(() => [String])
  @Property({ type: 'text[]' })
  @Index({ type: 'gin' })
  specialities: string[] = [];

  /** Hospital or chamber. */
  @Field()
  @Property({ length: 200 })
  work!: string;

  @Field(() => Int)
  @Property()
  experienceYears!: number;

  /** Consultation fee in poisha (1 BDT = 100 poisha); money is never a float. */
  @Field(() => Int, { description: 'Consultation fee in poisha (1 BDT = 100 poisha)' })
  @Property()
  feePoisha!: number;

  @Field()
  @Property({ length: 200 })
  location!: string;

  @Field()
  @Property({ type: 'text' })
  description: string = '';

  /** National ID: only the doctor and admins see it (field guard in the resolver). */
  @Property({ length: 20 })
  nidNo!: string;

  @Field()
  @Property({ length: 20, unique: true })
  bmdcNo!: string;

  @Field(() => DoctorType)
  @Enum({ items: () => DoctorType })
  type!: DoctorType;

  /** The doctor's own video meeting link; patients get a room link per consultation. */
  @Property({ length: 500, nullable: true })
  meetingUrl?: string | null;

  @Field()
  @Property({ default: false })
  isOnline: boolean = false;

  @Field(() => DoctorStatus)
  @Enum({ items: () => DoctorStatus, default: DoctorStatus.Pending })
  status: DoctorStatus = DoctorStatus.Pending;

  @Property({ type: 'timestamptz', nullable: true })
  approvedAt?: Date | null;

  /** Sum of all review ratings in half stars (4.5 stars = 9): the average stays exact. */
  @Property({ default: 0 })
  ratingHalfStarsTotal: number = 0;

  @Field(() => Int)
  @Property({ default: 0 })
  reviewCount: number = 0;

  /** Hospital visits one slot (Morning, Afternoon, Evening) of one day can take. */
  @Field(() => Int)
  @Property({ default: 10 })
  hospitalSlotCapacity: number = 10;

  /** Average rating out of 5, to one decimal; 0 with no reviews (the GraphQL field is DoctorResolver.rating). */
  get rating(): number {
    return averageRating(this);
  }
}
