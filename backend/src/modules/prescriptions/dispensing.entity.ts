import { Check, Entity, Enum, Index, ManyToOne, Property, Unique } from '@mikro-orm/decorators/legacy';
import type { Ref } from '@mikro-orm/core';
import { registerEnumType } from 'type-graphql';
import { BaseEntity } from '../../common/base.entity.js';
import { User } from '../accounts/index.js';
import { FamilyMember } from '../family/index.js';
import { Medicine } from '../medicines/index.js';
import { Prescription } from './prescription.entity.js';
import { DispensingMeasure, MAX_REFILLS } from './dispensing.rules.js';

registerEnumType(DispensingMeasure, {
  name: 'DispensingMeasure',
  description: 'What a prescription line counts: DOSE (tablets, capsules, doses) or PACK (whole units as sold: strips, bottles)',
  valuesConfig: { Dose: { description: 'Tablets, capsules, spoonfuls: a unit of several doses is dispensed whole' }, Pack: { description: 'Whole units as sold' } },
});

/**
 * A photo of a paper prescription as a pharmacist read it: who it is for, until when it may be
 * dispensed, and (its lines) which medicines in what quantity with how many refills. From then on it
 * is a ledger like a Nirog prescription: later orders may name it instead of a new photo.
 */
@Entity({ tableName: 'paper_prescriptions' })
@Index({ properties: ['patient', 'createdAt'] })
export class PaperPrescription extends BaseEntity<'familyMember' | 'note'> {
  /** The account it belongs to (the one whose order carried the photo). */
  @ManyToOne(() => User, { ref: true, deleteRule: 'restrict' })
  patient!: Ref<User>;

  @ManyToOne(() => FamilyMember, { ref: true, nullable: true, deleteRule: 'restrict' })
  familyMember?: Ref<FamilyMember> | null;

  /** The order whose photo it is (the photo stays with that order). */
  @Property({ type: 'uuid' })
  @Index()
  orderId!: string;

  @ManyToOne(() => User, { ref: true, deleteRule: 'restrict' })
  reviewedBy!: Ref<User>;

  @Property({ type: 'timestamptz' })
  validUntil!: Date;

  @Property({ length: 300, nullable: true })
  note?: string | null;
}

/**
 * What one line of a prescription allows, and how much of it is taken. A Nirog prescription's line
 * names a medicine as the doctor wrote it (matched by brand or generic at its strength); a paper
 * prescription's line names one medicine of the catalogue. `held` is what unpaid orders reserve,
 * `dispensed` what paid orders took; the database refuses more than `allowed` in all, so two
 * checkouts racing on two replicas can never take the same tablets twice.
 */
@Entity({ tableName: 'dispensing_lines' })
@Unique({ properties: ['prescription', 'lineNo'] })
@Unique({ properties: ['paperPrescription', 'lineNo'] })
@Check({ name: 'dispensing_lines_within_allowed', expression: 'held >= 0 and dispensed >= 0 and held + dispensed <= allowed' })
@Check({ name: 'dispensing_lines_one_source', expression: '(prescription_id is null) <> (paper_prescription_id is null)' })
@Check({ name: 'dispensing_lines_counts', expression: `course > 0 and refills >= 0 and refills <= ${MAX_REFILLS} and allowed = course * (1 + refills)` })
export class DispensingLine extends BaseEntity<'held' | 'dispensed' | 'prescription' | 'paperPrescription' | 'medicine'> {
  @ManyToOne(() => Prescription, { ref: true, nullable: true, deleteRule: 'cascade' })
  prescription?: Ref<Prescription> | null;

  @ManyToOne(() => PaperPrescription, { ref: true, nullable: true, deleteRule: 'cascade' })
  paperPrescription?: Ref<PaperPrescription> | null;

  /** Its place on the prescription, from 0. */
  @Property({ type: 'smallint' })
  lineNo!: number;

  /** As the doctor wrote it, or the medicine's name and strength for a paper line. */
  @Property({ length: 200 })
  medname!: string;

  /** The one medicine a paper line allows; none for a Nirog line (its brand or generic names it). */
  @ManyToOne(() => Medicine, { ref: true, nullable: true, deleteRule: 'restrict' })
  medicine?: Ref<Medicine> | null;

  @Enum({ items: () => DispensingMeasure })
  measure!: DispensingMeasure;

  @Property()
  course!: number;

  @Property({ type: 'smallint' })
  refills!: number;

  @Property()
  allowed!: number;

  @Property({ default: 0 })
  held: number = 0;

  @Property({ default: 0 })
  dispensed: number = 0;

  @Property({ type: 'timestamptz' })
  validUntil!: Date;
}

export enum DispensingState {
  Held = 'held',
  Dispensed = 'dispensed',
  Released = 'released',
}

/**
 * One order's draw on one line: held at checkout (or at a pharmacist's approval), dispensed when the
 * order is paid, released when it is cancelled, abandoned, rejected or refunded. Each move is a
 * conditional update of its state, so it happens once however often it is asked. The order is named
 * by id (the orders module owns orders; it is never deleted, only archived).
 */
@Entity({ tableName: 'dispensings' })
@Check({ name: 'dispensings_positive', expression: 'units > 0 and amount > 0' })
export class Dispensing extends BaseEntity<'state'> {
  @ManyToOne(() => DispensingLine, { ref: true, deleteRule: 'cascade' })
  @Index()
  line!: Ref<DispensingLine>;

  @Property({ type: 'uuid' })
  @Index()
  orderId!: string;

  @ManyToOne(() => Medicine, { ref: true, deleteRule: 'restrict' })
  medicine!: Ref<Medicine>;

  /** Units of the medicine ordered. */
  @Property()
  units!: number;

  /** What they take off the line, in its measure. */
  @Property()
  amount!: number;

  @Enum({ items: () => DispensingState, default: DispensingState.Held })
  state: DispensingState = DispensingState.Held;
}
