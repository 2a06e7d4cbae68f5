import { Entity, Enum, Index, ManyToOne, Property } from '@mikro-orm/decorators/legacy';
import type { Ref } from '@mikro-orm/core';
import { Field, Int, ObjectType } from 'type-graphql';
import { BaseEntity } from '../../common/base.entity.js';
import { localPhone } from '../../common/phone.js';
import { Gender, User } from '../accounts/index.js';

/** An explainer on the /insurance page and the home page (seeded; edited by the team). */
@ObjectType()
@Entity({ tableName: 'insurance_articles' })
@Index({ properties: ['sortOrder'] })
export class InsuranceArticle extends BaseEntity<'imageUrl' | 'sortOrder' | 'titleBn' | 'summaryBn' | 'bodyBn'> {
  @Field()
  @Property({ length: 120, unique: true })
  slug!: string;

  @Field()
  @Property({ length: 200 })
  title!: string;

  @Field()
  @Property({ type: 'text' })
  summary!: string;

  @Field()
  @Property({ type: 'text' })
  body!: string;

  /** The same article in Bangla; empty until written, and the page then shows the English. */
  @Field({ description: 'The title in Bangla (empty when not yet written)' })
  @Property({ length: 200, default: '' })
  titleBn: string = '';

  @Field({ description: 'The summary in Bangla (empty when not yet written)' })
  @Property({ type: 'text', default: '' })
  summaryBn: string = '';

  @Field({ description: 'The body in Bangla (empty when not yet written)' })
  @Property({ type: 'text', default: '' })
  bodyBn: string = '';

  @Field(() => String, { nullable: true })
  @Property({ length: 500, nullable: true })
  imageUrl?: string | null;

  @Field(() => Int)
  @Property({ default: 0 })
  sortOrder: number = 0;
}

/** The /insurance form ('Apply Insurance'); visitors may apply, admins read the list. */
@ObjectType()
@Entity({ tableName: 'insurance_applications' })
@Index({ properties: ['createdAt'] })
export class InsuranceApplication extends BaseEntity<'phone'> {
  @Field()
  @Property({ length: 100 })
  name!: string;

  @Field()
  @Property({ length: 254 })
  email!: string;

  @Property({ length: 20 })
  phoneE164!: string;

  @Field(() => String)
  get phone(): string {
    return localPhone(this.phoneE164)!;
  }

  @Field(() => Gender)
  @Enum({ items: () => Gender })
  gender!: Gender;

  @ManyToOne(() => User, { ref: true, nullable: true, deleteRule: 'set null', index: true })
  user?: Ref<User> | null;
}
