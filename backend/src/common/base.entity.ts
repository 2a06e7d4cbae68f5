import { randomUUID } from 'node:crypto';
import { OptionalProps } from '@mikro-orm/core';
import { PrimaryKey, Property } from '@mikro-orm/decorators/legacy';
import { Field, ID, ObjectType } from 'type-graphql';

/** id, createdAt, updatedAt for every table. Ids are random UUIDs so they cannot be guessed. */

// Decorated so that type-graphql copies id and createdAt into every subtype; it is never emitted itself.
@ObjectType()
export abstract class BaseEntity<Optional extends string = never> {
  /** Properties em.create() may omit: defaults, generated values and getters. */
  [OptionalProps]?: 'id' | 'createdAt' | 'updatedAt' | Optional;

  @Field(() => ID)
  @PrimaryKey({ type: 'uuid' })
  id: string = randomUUID();

  @Field()
  @Property({ type: 'timestamptz', defaultRaw: 'now()' })
  createdAt: Date = new Date();

  @Property({ type: 'timestamptz', defaultRaw: 'now()', onUpdate: () => new Date() })
  updatedAt: Date = new Date();
}
