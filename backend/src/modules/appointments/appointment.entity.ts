import { Entity, Enum, Formula, Index, ManyToOne, Property } from '@mikro-orm/decorators/legacy';
import type { Ref } from '@mikro-orm/core';
import { Field, Int, ObjectType } from 'type-graphql';
import { BaseEntity } from '../../common/base.entity.js';
import { Gender, User } from '../accounts/index.js';
import { FamilyMember, FamilyRelation } from '../family/index.js';
import { Doctor } from '../doctors/index.js';
import type { Prescription } from '../prescriptions/index.js';
import { REFUNDS_JSON_SQL } from '../payments/index.js';
import { AppointmentKind, AppointmentStatus, AppointmentPaymentStatus, VisitSlot } from './appointment.enums.js';

/**
 * A video consultation or a hospital visit. The fee is copied from the doctor when booked (the
 * price the patient agreed to), never taken from the client.
 */
@ObjectType()
@Entity({ tableName: 'appointments' })
/** The dashboard: bookings per day and paid fees per day. */
@Index({ properties: ['createdAt'] })
@Index({ properties: ['paidAt'] })
@Index({ properties: ['doctor', 'createdAt'] })
@Index({ properties: ['patient', 'createdAt'] })
@Index({ properties: ['status', 'createdAt'] })
@Index({ properties: ['paymentStatus', 'holdExpiresAt'] })
/** The no-show job: paid video consultations the doctor has not started, by when they were paid. */
@Index({ name: 'appointments_unstarted_index', expression: `create index "appointments_unstarted_index" on "appointments" ("paid_at") where "status" = 'Confirmed' and "kind" = 'video' and "started_at" is null` })
@Index({ properties: ['familyMember', 'createdAt'] })
export class Appointment extends BaseEntity<'status' | 'paymentStatus' | 'prescription' | 'familyMember' | 'patientRelation'> {
  @Field(() => AppointmentKind)
  @Enum({ items: () => AppointmentKind })
  kind!: AppointmentKind;

  @ManyToOne(() => Doctor, { ref: true, deleteRule: 'restrict' })
  doctor!: Ref<Doctor>;

  /** The account that booked (and owns) it, whoever it is for. */
  @ManyToOne(() => User, { ref: true, deleteRule: 'restrict' })
  patient!: Ref<User>;

  /** The account holder's family member it is for; none when it is for the account holder. */
  @ManyToOne(() => FamilyMember, { ref: true, nullable: true, deleteRule: 'restrict' })
  familyMember?: Ref<FamilyMember> | null;

  /** What the person cared for was to the account holder at booking; none for the account holder. */
  @Enum({ items: () => FamilyRelation, nullable: true })
  patientRelation?: FamilyRelation | null;

  @Field(() => AppointmentStatus)
  @Enum({ items: () => AppointmentStatus, default: AppointmentStatus.Processing })
  status: AppointmentStatus = AppointmentStatus.Processing;

  @Field(() => Int, { description: 'The doctor\'s fee in poisha at booking time' })
  @Property()
  feePoisha!: number;

  @Field()
  @Property({ length: 100 })
  patientName!: string;

  @Field(() => Gender, { nullable: true })
  @Enum({ items: () => Gender, nullable: true })
  patientGender?: Gender | null;

  @Field(() => Int, { nullable: true })
  @Property({ type: 'int', nullable: true })
  age?: number | null;

  /** Free text ('62 kg', "5'4\""): patients here give weight and height in mixed units. */
  @Field(() => String, { nullable: true })
  @Property({ length: 20, nullable: true })
  weight?: string | null;

  @Field(() => String, { nullable: true })
  @Property({ length: 20, nullable: true })
  height?: string | null;

  @Field(() => String, { nullable: true })
  @Property({ type: 'text', nullable: true })
  problem?: string | null;

  /** Hospital visits: +8801XXXXXXXXX. */
  @Property({ length: 20, nullable: true })
  phoneE164?: string | null;

  @Field(() => String, { nullable: true, description: 'Hospital visits: YYYY-MM-DD (Asia/Dhaka)' })
  @Property({ type: 'date', nullable: true })
  visitDate?: string | null;

  @Field(() => VisitSlot, { nullable: true })
  @Enum({ items: () => VisitSlot, nullable: true })
  slot?: VisitSlot | null;

  /** Video: the doctor's own link at booking, or a room of its own. Shown to the patient once paid. */
  @Property({ length: 500, nullable: true })
  meetingUrl?: string | null;

  @Field(() => AppointmentPaymentStatus)
  @Enum({ items: () => AppointmentPaymentStatus, default: AppointmentPaymentStatus.Unpaid })
  paymentStatus: AppointmentPaymentStatus = AppointmentPaymentStatus.Unpaid;

  @Field(() => Date, { nullable: true })
  @Property({ type: 'timestamptz', nullable: true })
  paidAt?: Date | null;

  @Property({ length: 64, nullable: true })
  paymentId?: string | null;

  /** An unpaid consultation is cancelled after this time, so it does not hold the doctor's queue. */
  @Field(() => Date, { nullable: true })
  @Property({ type: 'timestamptz', nullable: true })
  holdExpiresAt?: Date | null;

  @Field(() => String, { nullable: true })
  @Property({ length: 40, nullable: true })
  cancelReason?: string | null;

  /**
   * When the doctor started the video consultation (Start, or writing its prescription). A paid one
   * not started 15 minutes after it was paid is cancelled and refunded by itself.
   */
  @Field(() => Date, { nullable: true })
  @Property({ type: 'timestamptz', nullable: true })
  startedAt?: Date | null;

  /** Its refunds as JSON, read with the appointment itself (no statement of their own): the resolver maps them. */
  @Formula((cols) => REFUNDS_JSON_SQL(`${cols}.id`))
  refundsJson?: unknown;

  /**
   * Its prescription, if written. The link is prescriptions' (their appointment_id): prescriptions
   * declare this side of it on the class (prescription.entity.ts), so appointments never import
   * them at run time; lists populate it in their one statement.
   */
  prescription?: Ref<Prescription> | null;
}
