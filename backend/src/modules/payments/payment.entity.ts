import { Check, Entity, Enum, Index, ManyToOne, Property } from '@mikro-orm/decorators/legacy';
import type { Ref } from '@mikro-orm/core';
import { Field, Int, ObjectType, registerEnumType } from 'type-graphql';
import { BaseEntity } from '../../common/base.entity.js';
import { User } from '../accounts/index.js';

export enum PaymentPurpose {
  Order = 'order',
  Consultation = 'consultation',
}
registerEnumType(PaymentPurpose, { name: 'PaymentPurpose', description: 'What the payment pays for' });

export enum PaymentProvider {
  Bkash = 'bkash',
  Nagad = 'nagad',
}
registerEnumType(PaymentProvider, { name: 'PaymentProvider' });

export enum PaymentStatus {
  Initiated = 'initiated',
  Completed = 'completed',
  Failed = 'failed',
  Cancelled = 'cancelled',
}
registerEnumType(PaymentStatus, { name: 'PaymentStatus', description: 'initiated until the provider confirms; the other three are final' });

/**
 * One attempt to collect money for one thing (an order or a consultation). The transaction id is
 * ours, unique per payment, and is what the provider sees as invoice/order number; the provider's
 * own ids are kept beside it. The status only ever leaves 'initiated' once (atomic conditional
 * update in PaymentService.record), so replayed callbacks change nothing.
 */
@ObjectType()
@Entity({ tableName: 'payments' })
@Index({ properties: ['purpose', 'purposeId'] })
@Index({ properties: ['status', 'createdAt'] })
@Check({ name: 'payments_amount_positive', expression: 'amount_poisha > 0' })
/** Refunds never add up to more than was paid: settled by the database, whatever runs at the same time. */
@Check({ name: 'payments_refunded_within_amount', expression: 'refunded_poisha >= 0 and refunded_poisha <= amount_poisha' })
export class Payment extends BaseEntity<'status' | 'currency' | 'refundedPoisha'> {
  /** Alphanumeric (Nagad accepts nothing else), at most 30 characters (SSLCommerz's limit). */
  @Field()
  @Property({ length: 30, unique: true })
  tranId!: string;

  @Field(() => PaymentPurpose)
  @Enum({ items: () => PaymentPurpose })
  purpose!: PaymentPurpose;

  /** The id of the order or appointment paid for. */
  @Field()
  @Property({ type: 'uuid' })
  purposeId!: string;

  @ManyToOne(() => User, { ref: true, deleteRule: 'restrict' })
  @Index()
  user!: Ref<User>;

  @Field(() => Int, { description: 'Amount in poisha (1 BDT = 100 poisha)' })
  @Property()
  amountPoisha!: number;

  @Field()
  @Property({ length: 3, default: 'BDT' })
  currency: string = 'BDT';

  @Field(() => PaymentProvider)
  @Enum({ items: () => PaymentProvider })
  provider!: PaymentProvider;

  @Field(() => PaymentStatus)
  @Enum({ items: () => PaymentStatus, default: PaymentStatus.Initiated })
  status: PaymentStatus = PaymentStatus.Initiated;

  /** bKash paymentID or Nagad paymentReferenceId, known once the provider session exists. */
  @Property({ length: 100, nullable: true, unique: true })
  providerPaymentId?: string | null;

  /** bKash trxID or Nagad issuerPaymentRefNo, known once the money moved. */
  @Field(() => String, { nullable: true })
  @Property({ length: 100, nullable: true })
  providerTrxId?: string | null;

  /** The provider's page the browser goes to. */
  @Property({ type: 'text', nullable: true })
  redirectUrl?: string | null;

  /**
   * The origin the payer's browser came from when it is one of CORS_ORIGINS (the earlier app's client
   * on its own origin): it lands back there after paying. Null: PUBLIC_URL. Checked again when used.
   */
  @Property({ length: 200, nullable: true })
  returnOrigin?: string | null;

  /** Provider code or our reason (AMOUNT_MISMATCH, ABANDONED, ...) when it did not complete. */
  @Field(() => String, { nullable: true })
  @Property({ length: 200, nullable: true })
  failureReason?: string | null;

  @Field(() => Date, { nullable: true })
  @Property({ type: 'timestamptz', nullable: true })
  completedAt?: Date | null;

  @Property({ type: 'timestamptz', nullable: true })
  closedAt?: Date | null;

  /**
   * What refunds of this payment claim (requested, being sent, returned or due by hand): raised in
   * the transaction that records a refund, by a conditional update the check constraint backs up.
   */
  @Field(() => Int, { description: 'Poisha claimed by refunds of this payment (never more than amountPoisha)' })
  @Property({ default: 0 })
  refundedPoisha: number = 0;
}
