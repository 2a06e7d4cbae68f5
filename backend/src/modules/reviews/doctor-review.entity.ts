import { Check, Entity, Index, ManyToOne, Property, Unique } from '@mikro-orm/decorators/legacy';
import type { Ref } from '@mikro-orm/core';
import { Field, Float, ObjectType } from 'type-graphql';
import { BaseEntity } from '../../common/base.entity.js';
import { User } from '../accounts/index.js';
import { Doctor } from '../doctors/index.js';

/** One review per patient per doctor (the unique constraint settles double submits). */
@ObjectType()
@Entity({ tableName: 'doctor_reviews' })
@Unique({ properties: ['doctor', 'patient'] })
@Index({ properties: ['doctor', 'createdAt'] })
@Check({ name: 'doctor_reviews_half_stars_check', expression: 'half_stars >= 1 and half_stars <= 10' })
export class DoctorReview extends BaseEntity<'rating'> {
  @ManyToOne(() => Doctor, { ref: true, deleteRule: 'cascade' })
  doctor!: Ref<Doctor>;

  @ManyToOne(() => User, { ref: true, deleteRule: 'cascade' })
  patient!: Ref<User>;

  /** Rating in half stars (4.5 stars = 9), so the doctor's sum stays an exact integer. */
  @Property()
  halfStars!: number;

  @Field()
  @Property({ type: 'text' })
  comment!: string;

  @Field(() => Float, { description: 'Stars out of 5 in steps of 0.5' })
  get rating(): number {
    return this.halfStars / 2;
  }
}
