import { Collection } from '@mikro-orm/core';
import { Check, Entity, Enum, Index, ManyToOne, OneToMany, Property } from '@mikro-orm/decorators/legacy';
import type { Ref } from '@mikro-orm/core';
import { registerEnumType } from 'type-graphql';
import { BaseEntity } from '../../common/base.entity.js';
import { User } from '../accounts/index.js';
import { FamilyMember } from '../family/index.js';
import { Medicine, MedicineUnit } from '../medicines/index.js';
import { PaymentProvider } from '../payments/index.js';

export enum OrderStatus {
  /** Holds a prescription-only medicine with an uploaded prescription: a pharmacist approves or rejects it before payment. */
  PrescriptionCheck = 'PrescriptionCheck',
  Processing = 'Processing',
  Confirmed = 'Confirmed',
  Delivered = 'Delivered',
  Cancelled = 'Cancelled',
}
registerEnumType(OrderStatus, { name: 'OrderStatus' });

export enum OrderPaymentStatus {
  Pending = 'pending',
  Paid = 'paid',
  Failed = 'failed',
}
registerEnumType(OrderPaymentStatus, { name: 'OrderPaymentStatus' });

/**
 * A medicine order, for writes (screens and both doors read OrderView, order.read.ts). Every amount is computed by the server from the catalogue at checkout and kept
 * as it was (the lines are a snapshot: a later price change does not rewrite a past order).
 */
@Entity({ tableName: 'orders' })
/** The dashboard's revenue per day. */
@Index({ properties: ['paidAt'] })
/** The dashboard's orders by status: an index-only count over the orders the admin list shows (2× faster than a scan at 1M orders). */
@Index({ name: 'orders_status_live_index', expression: 'create index "orders_status_live_index" on "orders" ("status") where "archived_at" is null' })
@Index({ properties: ['user', 'createdAt'] })
@Index({ properties: ['archivedAt', 'createdAt'] })
@Index({ properties: ['status', 'createdAt'] })
/** The pharmacists' list of every order that went out with a photo of a prescription. */
@Index({ name: 'orders_prescription_photo_index', expression: 'create index "orders_prescription_photo_index" on "orders" ("created_at") where "prescription_image_url" is not null' })
@Index({ properties: ['familyMember', 'createdAt'] })
@Check({ name: 'orders_amounts_consistent', expression: 'total_poisha = items_poisha + shipping_poisha and items_poisha > 0' })
export class Order extends BaseEntity<'status' | 'paymentStatus' | 'stockReleased' | 'items' | 'prescriptionRequired' | 'familyMember'> {
  @ManyToOne(() => User, { ref: true, deleteRule: 'restrict' })
  user!: Ref<User>;

  /** The account holder's family member the medicine is for; none when it is for the account holder. */
  @ManyToOne(() => FamilyMember, { ref: true, nullable: true, deleteRule: 'restrict' })
  familyMember?: Ref<FamilyMember> | null;

  @Enum({ items: () => OrderStatus, default: OrderStatus.Processing })
  status: OrderStatus = OrderStatus.Processing;

  @Enum({ items: () => OrderPaymentStatus, default: OrderPaymentStatus.Pending })
  paymentStatus: OrderPaymentStatus = OrderPaymentStatus.Pending;

  @Enum({ items: () => PaymentProvider })
  paymentMethod!: PaymentProvider;

  /** The transaction id of the order's payment (the success page's :tranId). */
  @Property({ length: 30 })
  @Index()
  paymentTranId!: string;

  /** The provider's payment page, so that a patient who left it can come back while it is open. */
  @Property({ type: 'text', nullable: true })
  paymentUrl?: string | null;

  @Property()
  itemsPoisha!: number;

  @Property()
  shippingPoisha!: number;

  @Property()
  totalPoisha!: number;

  @Property({ length: 100 })
  shippingName!: string;

  /** +8801XXXXXXXXX */
  @Property({ length: 20 })
  shippingPhoneE164!: string;

  /** House, road, sector. */
  @Property({ length: 300 })
  shippingAddress!: string;

  @Property({ length: 100 })
  shippingCity!: string;

  @OneToMany(() => OrderItem, (i) => i.order, { orderBy: { createdAt: 'asc', id: 'asc' } })
  items = new Collection<OrderItem>(this);

  @Property({ type: 'timestamptz', nullable: true })
  paidAt?: Date | null;

  @Property({ type: 'timestamptz', nullable: true })
  confirmedAt?: Date | null;

  @Property({ type: 'timestamptz', nullable: true })
  deliveredAt?: Date | null;

  @Property({ type: 'timestamptz', nullable: true })
  cancelledAt?: Date | null;

  @Property({ length: 60, nullable: true })
  cancelReason?: string | null;

  /** Set in the same update that gives the stock back, so it is given back exactly once. */
  @Property({ default: false })
  stockReleased: boolean = false;

  /** Admins' "Delete": hidden from the admin list, kept for the patient and the accounts. */
  @Property({ type: 'timestamptz', nullable: true })
  archivedAt?: Date | null;

  /** A line is a prescription-only medicine: the order went out with a prescription (below). */
  @Property({ default: false })
  prescriptionRequired: boolean = false;

  /** The Nirog prescription that lists its prescription-only medicines. */
  @Property({ type: 'uuid', nullable: true })
  prescriptionId?: string | null;

  /**
   * The paper prescription it draws on: the one a pharmacist recorded from this order's photo, or an
   * earlier one named at checkout (the prescriptions module's ledger; named by id, like prescriptionId).
   */
  @Property({ type: 'uuid', nullable: true })
  paperPrescriptionId?: string | null;

  /**
   * The photo of a paper prescription, checked by a pharmacist: its key in the private store
   * (`prescriptions/<uuid>.webp`, modules/medical-files), never a URL; its viewers get short-lived links.
   */
  @Property({ length: 500, nullable: true })
  prescriptionImageUrl?: string | null;

  @ManyToOne(() => User, { ref: true, nullable: true, deleteRule: 'set null' })
  prescriptionReviewedBy?: Ref<User> | null;

  @Property({ type: 'timestamptz', nullable: true })
  prescriptionReviewedAt?: Date | null;

  /** The pharmacist's note to the patient (why it was rejected, what to bring). */
  @Property({ length: 300, nullable: true })
  prescriptionNote?: string | null;
}

@Entity({ tableName: 'order_items' })
@Check({ name: 'order_items_quantity_positive', expression: 'quantity > 0 and line_total_poisha = unit_price_poisha * quantity' })
export class OrderItem extends BaseEntity {
  @ManyToOne(() => Order, { ref: true, deleteRule: 'cascade' })
  @Index()
  order!: Ref<Order>;

  @ManyToOne(() => Medicine, { ref: true, deleteRule: 'restrict' })
  @Index()
  medicine!: Ref<Medicine>;

  @Property({ length: 120 })
  name!: string;

  /** The strength as it was sold ("500 mg"): two strengths of one brand must not look alike on an order. */
  @Property({ length: 60, default: '' })
  strength: string = '';

  @Enum({ items: () => MedicineUnit })
  unit!: MedicineUnit;

  @Property({ length: 500, nullable: true })
  imageUrl?: string | null;

  @Property()
  unitPricePoisha!: number;

  @Property()
  quantity!: number;

  @Property()
  lineTotalPoisha!: number;
}
