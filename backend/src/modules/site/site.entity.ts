import { Entity, Index, ManyToOne, Property } from '@mikro-orm/decorators/legacy';
import type { Ref } from '@mikro-orm/core';
import { Field, Int, ObjectType } from 'type-graphql';
import { BaseEntity } from '../../common/base.entity.js';
import { User } from '../accounts/index.js';

/** A message from /contact; admins read them. */
@ObjectType()
@Entity({ tableName: 'contact_messages' })
@Index({ properties: ['createdAt'] })
export class ContactMessage extends BaseEntity {
  @Field()
  @Property({ length: 100 })
  name!: string;

  @Field()
  @Property({ length: 254 })
  email!: string;

  @Field(() => String, { nullable: true })
  @Property({ length: 200, nullable: true })
  subject?: string | null;

  @Field()
  @Property({ type: 'text' })
  message!: string;

  @ManyToOne(() => User, { ref: true, nullable: true, deleteRule: 'set null', index: true })
  user?: Ref<User> | null;
}

/** A hospital, lab or insurer shown in the home page's partners strip (seeded). */
@ObjectType()
@Entity({ tableName: 'partners' })
@Index({ properties: ['sortOrder'] })
export class Partner extends BaseEntity<'logoUrl' | 'website' | 'sortOrder'> {
  @Field()
  @Property({ length: 150, unique: true })
  name!: string;

  @Field(() => String, { nullable: true })
  @Property({ length: 500, nullable: true })
  logoUrl?: string | null;

  @Field(() => String, { nullable: true })
  @Property({ length: 500, nullable: true })
  website?: string | null;

  @Field(() => Int)
  @Property({ default: 0 })
  sortOrder: number = 0;
}
