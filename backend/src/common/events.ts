import type { EntityManager } from '@mikro-orm/sql';

/**
 * Domain events: modules announce what happened; other modules (mail and SMS notifications, the
 * audit log) react. Handlers run inside the publisher's unit of work, on the same EntityManager,
 * so what they write (an outbox row, an audit entry) commits or rolls back with the change itself:
 * nothing is sent for a change that did not happen, and no change happens without its message.
 * Handlers must only write rows; slow work (SMTP, SMS) happens later from the outbox.
 */
export type DomainEvent =
  | { type: 'user.registered'; userId: string }
  | { type: 'doctor.registered'; doctorId: string; userId: string }
  | { type: 'doctor.reviewed'; doctorId: string; userId: string; decision: 'approved' | 'rejected' }
  /** A doctor switched their online status (the patients waiting for them are told). */
  | { type: 'doctor.onlineChanged'; doctorId: string; online: boolean }
  | { type: 'appointment.booked'; appointmentId: string; patientId: string; doctorId: string; startsAt?: string }
  | { type: 'appointment.statusChanged'; appointmentId: string; patientId: string; doctorId: string; from: string; to: string }
  | { type: 'appointment.paid'; appointmentId: string; patientId: string; doctorId: string; paymentId: string }
  /** Its doctor started a paid video consultation (opened its room): the patient may join now. */
  | { type: 'appointment.started'; appointmentId: string; patientId: string; doctorId: string }
  | { type: 'prescription.written'; prescriptionId: string; appointmentId: string; patientId: string; doctorId: string }
  | { type: 'order.placed'; orderId: string; userId: string }
  | { type: 'order.paid'; orderId: string; userId: string; paymentId: string }
  | { type: 'order.statusChanged'; orderId: string; userId: string; from: string; to: string }
  | { type: 'nurseHire.created'; hireId: string; userId: string; nurseId: string }
  | { type: 'nurseHire.statusChanged'; hireId: string; userId: string; nurseId: string; from: string; to: string }
  | { type: 'bloodRequest.created'; requestId: string }
  /** A medicine's stock fell from above LOW_STOCK_THRESHOLD to it or below (a checkout, an admin's or a pharmacy app's figure). */
  | { type: 'medicine.stockLow'; medicineId: string; stock: number }
  /** A payment was refunded (whatever refunds publishes it; webhooks tell apps about refunded orders). */
  | { type: 'payment.refunded'; paymentId: string; purpose: 'order' | 'consultation'; purposeId: string; userId: string };

/** Stock at or below this is low: a medicine.stockLow event (and webhook) when a change crosses it. */
export const LOW_STOCK_THRESHOLD = 10;

export const crossesLowStock = (before: number, after: number) => before > LOW_STOCK_THRESHOLD && after <= LOW_STOCK_THRESHOLD;

export type DomainEventType = DomainEvent['type'];
export type EventOf<T extends DomainEventType> = Extract<DomainEvent, { type: T }>;
export type EventHandler<T extends DomainEventType> = (em: EntityManager, event: EventOf<T>) => Promise<void> | void;

export class DomainEvents {
  private handlers = new Map<DomainEventType, EventHandler<DomainEventType>[]>();

  on<T extends DomainEventType>(type: T, handler: EventHandler<T>): void {
    const list = this.handlers.get(type) ?? [];
    list.push(handler as unknown as EventHandler<DomainEventType>);
    this.handlers.set(type, list);
  }

  /** Call inside the transaction that made the change, before it commits (handlers persist on `em`). */
  async publish(em: EntityManager, event: DomainEvent): Promise<void> {
    for (const handler of this.handlers.get(event.type) ?? []) await handler(em, event as never);
  }
}
