import { Check, Entity, Enum, Index, ManyToOne, Property } from '@mikro-orm/decorators/legacy';
import type { Ref } from '@mikro-orm/core';
import { registerEnumType } from 'type-graphql';
import { BaseEntity } from '../../common/base.entity.js';
import { User } from '../accounts/index.js';
import { Payment, PaymentProvider, PaymentPurpose } from './payment.entity.js';

export enum RefundStatus {
  /** Recorded with its cause; not yet sent to the provider. */
  Requested = 'requested',
  /** Claimed by one process and sent; the provider's answer is awaited (or was lost: refund status decides). */
  Sending = 'sending',
  Completed = 'completed',
  /** The provider refused it (or it was given up after many tries): the money goes back by hand. */
  Failed = 'failed',
}
registerEnumType(RefundStatus, { name: 'RefundStatus', description: 'requested → sending → completed, or failed (then returned by hand)' });

export enum RefundReason {
  OrderCancelled = 'order_cancelled',
  PrescriptionRejected = 'prescription_rejected',
  ConsultationCancelled = 'consultation_cancelled',
  DoctorNoShow = 'doctor_no_show',
}
registerEnumType(RefundReason, { name: 'RefundReason', description: 'Why money goes back: a cancelled or rejected order, a consultation cancelled by the doctor or an admin, a doctor who never started' });

/**
 * Money going back to a payer: one row per cause (`cause`, unique: "order-cancelled:<id>"), so a
 * cause triggered twice, or on two replicas, records one refund. Its amount is claimed on the
 * payment in the same transaction (Payment.refundedPoisha, never above the amount paid). At most one
 * refund of a payment is being sent at a time (a partial unique index), so a lost answer can be
 * told apart by asking the provider afterwards.
 */
@Entity({ tableName: 'payment_refunds' })
@Index({ properties: ['purposeId'] })
@Index({ properties: ['status', 'nextAttemptAt'] })
@Index({ properties: ['createdAt'] })
@Index({ name: 'payment_refunds_one_sending_per_payment', expression: `create unique index "payment_refunds_one_sending_per_payment" on "payment_refunds" ("payment_id") where "status" = 'sending'` })
@Check({ name: 'payment_refunds_amount_positive', expression: 'amount_poisha > 0' })
export class Refund extends BaseEntity<'status' | 'attempts'> {
  @ManyToOne(() => Payment, { ref: true, deleteRule: 'restrict' })
  @Index()
  payment!: Ref<Payment>;

  /** What it refunds, copied from the payment (the order's or booking's screens read refunds by it). */
  @Enum({ items: () => PaymentPurpose })
  purpose!: PaymentPurpose;

  @Property({ type: 'uuid' })
  purposeId!: string;

  @ManyToOne(() => User, { ref: true, deleteRule: 'restrict' })
  @Index()
  user!: Ref<User>;

  @Enum({ items: () => PaymentProvider })
  provider!: PaymentProvider;

  /** One refund per cause: "order-cancelled:<order id>", "consultation-no-show:<appointment id>"… */
  @Property({ length: 120, unique: true })
  cause!: string;

  @Enum({ items: () => RefundReason })
  reason!: RefundReason;

  @Property()
  amountPoisha!: number;

  @Enum({ items: () => RefundStatus, default: RefundStatus.Requested })
  status: RefundStatus = RefundStatus.Requested;

  /** bKash refundTrxID or Nagad cancelTrxId, once the money moved. */
  @Property({ length: 100, nullable: true })
  providerRefundId?: string | null;

  /** The provider's code or ours when it failed (BKASH_2071, NAGAD_16_0006_…, GAVE_UP). */
  @Property({ length: 200, nullable: true })
  failureReason?: string | null;

  @Property({ default: 0 })
  attempts: number = 0;

  /** When the next send (or check of a lost answer) is due. */
  @Property({ type: 'timestamptz' })
  nextAttemptAt!: Date;

  @Property({ type: 'timestamptz', nullable: true })
  sendingSince?: Date | null;

  @Property({ type: 'timestamptz', nullable: true })
  completedAt?: Date | null;
}
