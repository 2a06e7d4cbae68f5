import { Check, Entity, Enum, Formula, Index, ManyToOne, OneToOne, Property } from '@mikro-orm/decorators/legacy';
import type { Ref } from '@mikro-orm/core';
import { Extensions, Field, Int, ObjectType } from 'type-graphql';
import { BaseEntity } from '../../common/base.entity.js';
import { Gender, User } from '../accounts/index.js';
import { Doctor } from '../doctors/index.js';
import { Appointment } from '../appointments/index.js';
import { FamilyMember } from '../family/index.js';
import { PRESCRIPTION_DRAWN_JSON_SQL } from './dispensing.read.js';

@ObjectType()
export class MedicineLine {
  @Field()
  medname!: string;

  @Field({ description: 'How it is taken, e.g. 1+0+1 after meals' })
  dailyUse!: string;

  @Field(() => Int)
  days!: number;

  @Field({ description: 'As the doctor wrote it; its number is the course the pharmacy dispenses ("15 tablets", "2 strips"), else daily use × days' })
  quantity!: string;

  /** Refills the doctor granted (absent on lines written before refills existed: none). Published by MedicineLineResolver. */
  refills?: number;
}

export const MAX_MEDICINE_ROWS = 10;

/**
 * One prescription per appointment, written by that appointment's doctor. The patient's vitals are
 * copied from the booking so the document stays as it was written. The verification code lets a
 * pharmacist confirm it is genuine without seeing anything else.
 */
@ObjectType()
@Entity({ tableName: 'prescriptions' })
@Index({ properties: ['patient', 'createdAt'] })
@Index({ properties: ['doctor', 'createdAt'] })
@Index({ properties: ['familyMember', 'createdAt'] })
@Check({ name: 'prescriptions_medicines_check', expression: 'jsonb_array_length(medicines) <= 10' })
export class Prescription extends BaseEntity<'familyMember'> {
  @OneToOne(() => Appointment, { owner: true, ref: true, unique: true, deleteRule: 'cascade' })
  appointment!: Ref<Appointment>;

  @ManyToOne(() => Doctor, { ref: true, deleteRule: 'restrict' })
  doctor!: Ref<Doctor>;

  /** The account whose appointment it was (it reads the prescription), whoever it is for. */
  @ManyToOne(() => User, { ref: true, deleteRule: 'restrict' })
  patient!: Ref<User>;

  /** The family member it was written for (from the appointment); none for the account holder. */
  @ManyToOne(() => FamilyMember, { ref: true, nullable: true, deleteRule: 'restrict' })
  familyMember?: Ref<FamilyMember> | null;

  @Field(() => [MedicineLine])
  @Extensions({ listSize: MAX_MEDICINE_ROWS })
  @Property({ type: 'jsonb' })
  medicines!: MedicineLine[];

  @Field()
  @Property({ type: 'text' })
  medInfo!: string;

  @Field()
  @Property({ type: 'text' })
  doctorAdvice!: string;

  @Field()
  @Property({ type: 'text' })
  followUp!: string;

  @Field()
  @Property({ length: 100 })
  patientName!: string;

  @Field(() => Int, { nullable: true })
  @Property({ type: 'int', nullable: true })
  age?: number | null;

  @Field(() => Gender, { nullable: true })
  @Enum({ items: () => Gender, nullable: true })
  patientGender?: Gender | null;

  @Field(() => String, { nullable: true })
  @Property({ length: 20, nullable: true })
  weight?: string | null;

  @Field(() => String, { nullable: true })
  @Property({ length: 20, nullable: true })
  height?: string | null;

  @Field(() => String, { nullable: true })
  @Property({ type: 'text', nullable: true })
  problem?: string | null;

  /** What orders drew on its lines, read with the prescription itself (no statement of its own): its ledger (dispensing.read.ts). */
  @Formula((cols) => PRESCRIPTION_DRAWN_JSON_SQL(`${cols}.id`))
  drawnJson?: unknown;

  @Field({ description: 'Printed on the PDF; anyone may check it at the verify address' })
  @Property({ length: 16, unique: true })
  verificationCode!: string;
}

// The other side of the one-to-one, declared here because the link is this module's column: an
// appointment's prescription (Appointment.prescription), which appointment lists populate in their
// one statement. Appointments build before prescriptions and never import them at run time.
OneToOne(() => Prescription, (p) => p.appointment, { ref: true, nullable: true })(Appointment.prototype, 'prescription');
