import { Entity, Enum, Index, ManyToOne, Property } from '@mikro-orm/decorators/legacy';
import type { Ref } from '@mikro-orm/core';
import { Field, Int, ObjectType, registerEnumType } from 'type-graphql';
import { BaseEntity } from '../../common/base.entity.js';
import { Language, User } from '../accounts/index.js';

export enum OutboxStatus {
  /** Waiting for its next attempt (nextAttemptAt). */
  Pending = 'pending',
  /** Claimed by a worker; nextAttemptAt is the lease after which another worker may retry it. */
  Sending = 'sending',
  Sent = 'sent',
  /** Gave up after the last attempt; an admin may queue it again. */
  Failed = 'failed',
  /** No SMTP server is configured: kept here to be read in the app, never sent. */
  Captured = 'captured',
}
registerEnumType(OutboxStatus, { name: 'OutboxStatus' });

/**
 * The mail outbox is the queue: a row is written in the same transaction as the change that causes
 * it, and a worker delivers it later. The unique dedupe key makes queuing idempotent, so a retried
 * request or a replayed event never mails the same thing twice.
 */
@ObjectType()
@Entity({ tableName: 'mail_outbox' })
@Index({ properties: ['status', 'nextAttemptAt'] })
@Index({ properties: ['createdAt'] })
export class MailMessage extends BaseEntity<'status' | 'attempts' | 'nextAttemptAt' | 'lastError' | 'sentAt' | 'user'> {
  @Property({ length: 200, unique: true, hidden: true })
  dedupeKey!: string;

  @ManyToOne(() => User, { ref: true, nullable: true, deleteRule: 'set null', index: true })
  user?: Ref<User> | null;

  @Field()
  @Property({ length: 254 })
  toEmail!: string;

  @Field(() => Language)
  @Enum({ items: () => Language })
  language!: Language;

  @Field({ description: 'Which template wrote it, e.g. verify-email, password-reset, appointment-booked' })
  @Property({ length: 60 })
  template!: string;

  @Field()
  @Property({ length: 300 })
  subject!: string;

  @Field()
  @Property({ type: 'text' })
  text!: string;

  @Field()
  @Property({ type: 'text' })
  html!: string;

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

  @Field(() => Date, { nullable: true })
  @Property({ type: 'timestamptz', nullable: true })
  sentAt?: Date | null;
}
