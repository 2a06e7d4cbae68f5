import { Entity, Enum, Index, Property, Unique } from '@mikro-orm/decorators/legacy';
import { BaseEntity } from '../../common/base.entity.js';

export enum ReminderKind {
  ConsultationStartsSoon = 'consultation.startsSoon',
}

export enum ReminderStatus {
  Scheduled = 'scheduled',
  Done = 'done',
  Cancelled = 'cancelled',
}

/**
 * A notification due at a time (e.g. 15 minutes before a consultation). Rows, not timers: any
 * replica's worker fires a due row once (claimed atomically), and whoever owns the time (the
 * appointment module) reschedules or cancels by the subject key.
 */
@Entity({ tableName: 'scheduled_notifications' })
@Index({ properties: ['status', 'dueAt'] })
@Unique({ properties: ['kind', 'subjectKey', 'userId'] })
export class ScheduledNotification extends BaseEntity<'status' | 'firedAt' | 'payload'> {
  @Enum({ items: () => ReminderKind })
  kind!: ReminderKind;

  /** What it is about, e.g. the appointment id; one reminder of a kind per subject. */
  @Property({ length: 100 })
  subjectKey!: string;

  @Property({ type: 'timestamptz' })
  dueAt!: Date;

  @Property({ type: 'uuid' })
  userId!: string;

  @Property({ type: 'json', nullable: true })
  payload?: Record<string, string> | null;

  @Enum({ items: () => ReminderStatus, default: ReminderStatus.Scheduled })
  status: ReminderStatus = ReminderStatus.Scheduled;

  @Property({ type: 'timestamptz', nullable: true })
  firedAt?: Date | null;
}
