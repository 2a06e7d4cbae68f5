import { Entity, Enum, Index, Property } from '@mikro-orm/decorators/legacy';
import { Field, Float, Int, ObjectType } from 'type-graphql';
import { BaseEntity } from '../../common/base.entity.js';
import { localPhone } from '../../common/phone.js';
import { Gender } from '../accounts/index.js';
import { NurseLocation } from './nurse.enums.js';

/** A home-care nurse. Nurses do not log in: admins keep their profiles, patients hire them. */
@ObjectType()
@Entity({ tableName: 'nurses' })
// The public list filters by location among live nurses, newest first.
@Index({ properties: ['deletedAt', 'location', 'createdAt'] })
@Index({ properties: ['deletedAt', 'createdAt'] })
export class Nurse extends BaseEntity<'description' | 'imageUrls' | 'ratingHalfStarsTotal' | 'reviewCount' | 'rating' | 'phone' | 'fees'> {
  @Field()
  @Property({ length: 100 })
  name!: string;

  @Field()
  @Property({ length: 200 })
  degree!: string;

  /** Hospital or agency the nurse works with. */
  @Field()
  @Property({ length: 200 })
  work!: string;

  /** Fee per visit in poisha; both doors show it through nurse.read.ts. */
  @Property()
  feePoisha!: number;

  get fees(): number {
    return this.feePoisha / 100;
  }

  /** +8801XXXXXXXXX */
  @Property({ length: 20 })
  phoneE164!: string;

  get phone(): string {
    return localPhone(this.phoneE164)!;
  }

  /** The agency's work address for this nurse (nurses do not log in); shown through nurse.read.ts. */
  @Property({ length: 254 })
  @Index()
  email!: string;

  @Field(() => Gender)
  @Enum({ items: () => Gender })
  gender!: Gender;

  @Field(() => NurseLocation)
  @Enum({ items: () => NurseLocation })
  location!: NurseLocation;

  @Field()
  @Property({ type: 'text' })
  description: string = '';

  @Field(() => [String])
  @Property({ type: 'text[]' })
  imageUrls: string[] = [];

  /** Sum of all review ratings in half stars (4.5 stars = 9): the average stays exact. */
  @Property({ default: 0 })
  ratingHalfStarsTotal: number = 0;

  @Field(() => Int)
  @Property({ default: 0 })
  reviewCount: number = 0;

  @Field(() => Float, { description: 'Average rating out of 5, to one decimal; 0 with no reviews' })
  get rating(): number {
    return this.reviewCount ? Math.round((this.ratingHalfStarsTotal / 2 / this.reviewCount) * 10) / 10 : 0;
  }

  /**
   * Deleted nurses are hidden and cannot be hired or reviewed, but the row stays: finished hires
   * and reviews in patients' histories still point at it.
   */
  @Property({ type: 'timestamptz', nullable: true })
  deletedAt?: Date | null;
}
