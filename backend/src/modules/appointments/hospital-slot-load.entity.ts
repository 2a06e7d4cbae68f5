import { Check, Entity, Enum, ManyToOne, Property, Unique } from '@mikro-orm/decorators/legacy';
import type { Ref } from '@mikro-orm/core';
import { BaseEntity } from '../../common/base.entity.js';
import { Doctor } from '../doctors/index.js';
import { VisitSlot } from './appointment.enums.js';

/**
 * How many hospital visits one doctor's slot of one day holds. Booking increments it with one
 * conditional upsert (the row lock serialises concurrent bookings), and the check constraint is the
 * last line of defence: the database itself refuses more visits than capacity.
 */
@Entity({ tableName: 'hospital_slot_loads' })
@Unique({ properties: ['doctor', 'visitDate', 'slot'] })
@Check({ name: 'hospital_slot_loads_booked_check', expression: 'booked >= 0 and booked <= capacity' })
export class HospitalSlotLoad extends BaseEntity {
  @ManyToOne(() => Doctor, { ref: true, deleteRule: 'cascade' })
  doctor!: Ref<Doctor>;

  @Property({ type: 'date' })
  visitDate!: string;

  @Enum({ items: () => VisitSlot })
  slot!: VisitSlot;

  @Property()
  booked!: number;

  @Property()
  capacity!: number;
}
