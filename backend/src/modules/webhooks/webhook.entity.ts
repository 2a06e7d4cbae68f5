import { Entity, Enum, Index, ManyToOne, Property } from '@mikro-orm/decorators/legacy';
import type { Ref } from '@mikro-orm/core';
import { Field, ID, Int, ObjectType, registerEnumType } from 'type-graphql';
import { BaseEntity } from '../../common/base.entity.js';
import { IntegratorApp } from '../integrators/index.js';
import { OutboxStatus } from '../mail/index.js';

/** What an app may subscribe to; the value is the `type` of the payload (webhook.signer.ts). */
export enum WebhookEvent {
  ORDER_PLACED = 'order.placed',
  ORDER_PAID = 'order.paid',
  ORDER_STATUS_CHANGED = 'order.statusChanged',
  APPOINTMENT_BOOKED = 'appointment.booked',
  APPOINTMENT_STATUS_CHANGED = 'appointment.statusChanged',
  PAYMENT_REFUNDED = 'payment.refunded',
  DOCTOR_APPROVED = 'doctor.approved',
  MEDICINE_STOCK_LOW = 'medicine.stockLow',
}
registerEnumType(WebhookEvent, {
  name: 'WebhookEvent',
  description: 'An event an app may receive by webhook (the payload\'s type is the lower-case name, e.g. order.statusChanged)',
  valuesConfig: {
    MEDICINE_STOCK_LOW: { description: "A medicine's stock fell to 10 or below" },
    PAYMENT_REFUNDED: { description: "An order's payment was refunded (the payload's object is the order)" },
  },
});

/**
 * An app's subscription: where to POST which events. The secret that signs them is kept sealed
 * (webhook.signer.ts SecretBox) and shown once, when the subscription is made.
 */
@ObjectType({ description: "An integrator app's webhook subscription" })
@Entity({ tableName: 'webhook_subscriptions' })
export class WebhookSubscription extends BaseEntity<'deletedAt'> {
  @ManyToOne(() => IntegratorApp, { ref: true, deleteRule: 'cascade', index: true })
  app!: Ref<IntegratorApp>;

  @Field()
  @Property({ length: 2000 })
  url!: string;

  @Field(() => [WebhookEvent])
  @Property({ type: 'text[]' })
  events: WebhookEvent[] = [];

  @Property({ type: 'text', hidden: true })
  secretSealed!: string;

  /** Unsubscribed: no new deliveries; the ones already listed stay readable. */
  @Property({ type: 'timestamptz', nullable: true })
  deletedAt?: Date | null;
}

/**
 * One event for one subscription: the webhook outbox (same columns and discipline as the mail
 * outbox, mail/outbox.ts). dedupe_key is `<event id>:<subscription id>`, unique, so an event is
 * queued once per subscription however many replicas handle it.
 */
@ObjectType({ description: 'One webhook delivery and its attempts' })
@Entity({ tableName: 'webhook_deliveries' })
@Index({ properties: ['status', 'nextAttemptAt'] })
@Index({ properties: ['app', 'createdAt'] })
@Index({ properties: ['createdAt'] })
export class WebhookDelivery extends BaseEntity<'status' | 'attempts' | 'nextAttemptAt' | 'lastError' | 'sentAt' | 'responseStatus'> {
  @Property({ length: 200, unique: true, hidden: true })
  dedupeKey!: string;

  @ManyToOne(() => WebhookSubscription, { ref: true, deleteRule: 'cascade', index: true })
  subscription!: Ref<WebhookSubscription>;

  @ManyToOne(() => IntegratorApp, { ref: true, deleteRule: 'cascade' })
  app!: Ref<IntegratorApp>;

  @Field(() => ID, { description: 'The event id (Nirog-Webhook-Id), the same for every subscription and attempt' })
  @Property({ type: 'uuid' })
  eventId!: string;

  @Field(() => WebhookEvent)
  @Enum({ items: () => WebhookEvent })
  event!: WebhookEvent;

  @Field(() => ID, { description: "The object's id (an order's, an appointment's, …)" })
  @Property({ type: 'uuid' })
  objectId!: string;

  @Field({ description: 'The JSON body sent' })
  @Property({ type: 'text' })
  payload!: string;

  @Field()
  @Property({ length: 2000 })
  url!: string;

  @Field(() => OutboxStatus)
  @Enum({ items: () => OutboxStatus, default: OutboxStatus.Pending })
  status: OutboxStatus = OutboxStatus.Pending;

  @Field(() => Int, { description: 'Attempts since it was queued or last resent (retries stop at WEBHOOK_MAX_ATTEMPTS); history lists every one' })
  @Property({ default: 0 })
  attempts: number = 0;

  @Field()
  @Property({ type: 'timestamptz', defaultRaw: 'now()' })
  nextAttemptAt: Date = new Date();

  @Field(() => String, { nullable: true })
  @Property({ type: 'text', nullable: true })
  lastError?: string | null;

  @Field(() => Int, { nullable: true, description: "The receiver's HTTP status at the last attempt" })
  @Property({ type: 'integer', nullable: true })
  responseStatus?: number | null;

  @Field(() => Date, { nullable: true })
  @Property({ type: 'timestamptz', nullable: true })
  sentAt?: Date | null;
}

/** One attempt to deliver: when, how long, what the receiver answered. Kept with its delivery. */
@ObjectType({ description: 'One attempt of a webhook delivery' })
@Entity({ tableName: 'webhook_attempts' })
@Index({ properties: ['delivery', 'createdAt'] })
export class WebhookAttempt extends BaseEntity {
  @ManyToOne(() => WebhookDelivery, { ref: true, deleteRule: 'cascade' })
  delivery!: Ref<WebhookDelivery>;

  @Field(() => Int, { nullable: true, description: "The receiver's HTTP status (none when it could not be reached or did not answer in time)" })
  @Property({ type: 'integer', nullable: true })
  responseStatus?: number | null;

  @Field(() => String, { nullable: true, description: 'Why it did not count as delivered' })
  @Property({ type: 'text', nullable: true })
  error?: string | null;

  @Field(() => Int, { description: 'How long the receiver took, in milliseconds' })
  @Property({ type: 'integer' })
  durationMs!: number;
}
