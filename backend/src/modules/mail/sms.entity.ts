import { Entity, Enum, Index, ManyToOne, Property } from '@mikro-orm/decorators/legacy';
import type { Ref } from '@mikro-orm/core';
import { Field, Int, ObjectType } from 'type-graphql';
import { BaseEntity } from '../../common/base.entity.js';
import { Language, User } from '../accounts/index.js';
import { OutboxStatus } from './mail.entity.js';

/** The SMS outbox: the same queue discipline as mail, delivered through the configured SMS gateway. */
@ObjectType()
@Entity({ tableName: 'sms_outbox' })
@Index({ properties: ['status', 'nextAttemptAt'] })
@Index({ properties: ['createdAt'] })
export class SmsMessage extends BaseEntity<'status' | 'attempts' | 'nextAttemptAt' | 'lastError' | 'sentAt' | 'providerRef' | 'user'> {
  @Property({ length: 200, unique: true, hidden: true })
  dedupeKey!: string;

  @ManyToOne(() => User, { ref: true, nullable: true, deleteRule: 'set null', index: true })
  user?: Ref<User> | null;

  /** +8801XXXXXXXXX only (checked when queued). */
  @Field()
  @Property({ length: 20 })
  toPhone!: string;

  @Field(() => Language)
  @Enum({ items: () => Language })
  language!: Language;

  @Field()
  @Property({ length: 60 })
  template!: string;

  @Field()
  @Property({ length: 800 })
  body!: string;

  @Field(() => OutboxStatus)
  @Enum({ items: () => OutboxStatus, default: OutboxStatus.Pending })
  status: OutboxStatus = OutboxStatus.Pending;

  @Field(() => Int)
  @Property({ default: 0 })
  attempts: number = 0;

  @Field()
  @Property({ type: 'timestamptz', defaultRaw: 'now()' })
  nextAttemptAt: Date = new Date();

  @Field(() => String, { nullable: true })
  @Property({ type: 'text', nullable: true })
  lastError?: string | null;

  @Field(() => String, { nullable: true, description: "The gateway's message id" })
  @Property({ length: 100, nullable: true })
  providerRef?: string | null;

  @Field(() => Date, { nullable: true })
  @Property({ type: 'timestamptz', nullable: true })
  sentAt?: Date | null;
}
