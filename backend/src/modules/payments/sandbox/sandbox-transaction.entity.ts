import { Entity, Enum, Index, Property } from '@mikro-orm/decorators/legacy';
import { BaseEntity } from '../../../common/base.entity.js';

/**
 * The sandbox gateway's own ledger: what "bKash" or "Nagad" knows about a payment. Kept in the
 * database rather than in memory so that every replica behind a proxy serves the same sandbox.
 * Never read by Nirog's payment code: that only speaks to the gateway over its API.
 */
@Entity({ tableName: 'payment_sandbox_transactions' })
@Index({ properties: ['provider', 'merchantOrderId'] })
export class SandboxTransaction extends BaseEntity<'decision' | 'executed' | 'scenario' | 'currency'> {
  @Enum({ items: ['bkash', 'nagad'] })
  provider!: 'bkash' | 'nagad';

  /** bKash paymentID (TR0011…) or Nagad paymentReferenceId. */
  @Property({ length: 100, unique: true })
  reference!: string;

  /** bKash merchantInvoiceNumber or Nagad orderId. */
  @Property({ length: 100 })
  merchantOrderId!: string;

  /** As the merchant sent it, e.g. "123.50". */
  @Property({ length: 20, nullable: true })
  amount?: string | null;

  @Property({ length: 3, default: 'BDT' })
  currency: string = 'BDT';

  @Property({ type: 'text', nullable: true })
  callbackUrl?: string | null;

  @Property({ length: 100, nullable: true })
  payerReference?: string | null;

  /** Nagad: the challenge the merchant must echo in complete. */
  @Property({ length: 100, nullable: true })
  challenge?: string | null;

  /** What the payer chose on the hosted page: approved, failed, cancelled. */
  @Property({ length: 20, nullable: true })
  decision?: string | null;

  /** bKash: Initiated, Completed, Failed, Cancelled. Nagad: Initiated, Ready, Success, Failed, Aborted. */
  @Property({ length: 20 })
  status!: string;

  @Property({ default: false })
  executed: boolean = false;

  @Property({ length: 100, nullable: true })
  trxId?: string | null;

  @Property({ type: 'timestamptz', nullable: true })
  completedAt?: Date | null;

  /**
   * A failure to imitate, chosen on the hosted page: 'execute-lost' (bKash executes but the answer
   * never reaches the merchant), 'insufficient-balance' (bKash 2023).
   */
  @Property({ length: 40, nullable: true })
  scenario?: string | null;
}

/**
 * A refund the sandbox "provider" made: bKash's refund transaction (refundTrxID, with the merchant's
 * sku) or Nagad's purchase cancel (cancelTrxId, with the merchant's referenceNo). Tests and the
 * sandbox ledger page count them: one refund recorded here is one refund paid out.
 */
@Entity({ tableName: 'payment_sandbox_refunds' })
export class SandboxRefund extends BaseEntity {
  @Index()
  @Property({ type: 'uuid' })
  transactionId!: string;

  @Enum({ items: ['bkash', 'nagad'] })
  provider!: 'bkash' | 'nagad';

  @Property({ length: 100, unique: true })
  refundTrxId!: string;

  /** "25.00", as the merchant asked. */
  @Property({ length: 20 })
  amount!: string;

  /** bKash sku / Nagad referenceNo: the merchant's own id of the refund. */
  @Property({ length: 255 })
  reference!: string;

  @Property({ length: 255, default: '' })
  reason: string = '';
}
