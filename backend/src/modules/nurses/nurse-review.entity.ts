import { Entity, ManyToOne, Property, Unique, Index } from '@mikro-orm/decorators/legacy';
import type { Ref } from '@mikro-orm/core';
import { Field, Float, ObjectType } from 'type-graphql';
import { BaseEntity } from '../../common/base.entity.js';
import { User } from '../accounts/index.js';
import { Nurse } from './nurse.entity.js';

/** One review per patient per nurse (the unique constraint settles double submits). */
@ObjectType()
@Entity({ tableName: 'nurse_reviews' })
@Unique({ properties: ['nurse', 'user'] })
@Index({ properties: ['nurse', 'createdAt'] })
export class NurseReview extends BaseEntity<'rating'> {
  @ManyToOne(() => Nurse, { ref: true, deleteRule: 'cascade' })
  nurse!: Ref<Nurse>;

  @ManyToOne(() => User, { ref: true, deleteRule: 'cascade', index: true })
  user!: Ref<User>;

  /** 1..10 half stars; the API speaks stars (0.5..5). */
  @Property({ type: 'smallint' })
  halfStars!: number;

  @Field(() => Float, { description: '0.5 to 5 stars, in halves' })
  get rating(): number {
    return this.halfStars / 2;
  }

  @Field()
  @Property({ type: 'text' })
  comment!: string;
}
