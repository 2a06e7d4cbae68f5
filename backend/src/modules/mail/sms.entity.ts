import { Entity, Enum, Index, ManyToOne, Property } from '@mikro-orm/decorators/legacy';
import type { Ref } from '@mikro-orm/core';
import { Field, Int, ObjectType, registerEnumType } from 'type-graphql';
import { BaseEntity } from '../../common/base.entity.js';
import { Language, User } from '../accounts/index.js';
import { OutboxStatus } from './mail.entity.js';

/** What the gateway reported of a sent text (sms.net.bd reports; the sandbox does not, so none). */
export enum SmsDelivery {
  pending = 'pending',
  delivered = 'delivered',
  failed = 'failed',
}
registerEnumType(SmsDelivery, { name: 'SmsDelivery', description: "The gateway's delivery report of a sent text" });

/** The SMS outbox: the same queue discipline as mail, delivered through the configured SMS gateway. */
@ObjectType()
@Entity({ tableName: 'sms_outbox' })
@Index({ properties: ['status', 'nextAttemptAt'] })
@Index({ properties: ['createdAt'] })
export class SmsMessage extends BaseEntity<'status' | 'attempts' | 'nextAttemptAt' | 'lastError' | 'sentAt' | 'providerRef' | 'user' | 'deliveryStatus' | 'deliveryCheckedAt'> {
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

  @Field(() => SmsDelivery, { nullable: true, description: "The gateway's delivery report, where the gateway gives one" })
  @Enum({ items: () => SmsDelivery, nullable: true })
  deliveryStatus?: SmsDelivery | null;

  /** When the worker last asked the gateway (and the row's claim for asking). */
  @Property({ type: 'timestamptz', nullable: true })
  deliveryCheckedAt?: Date | null;
}
