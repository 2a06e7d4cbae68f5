import { randomUUID } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/sql';
import type { Config } from '../../config.js';
import type { Logger } from '../../common/logger.js';
import type { DomainEvents } from '../../common/events.js';
import { notFound } from '../../common/errors.js';
import { isUuid } from '../../common/ids.js';
import { byCreated, offsetOf, pageOf, type PageResult } from '../../common/pagination.js';
import type { IntegratorIdentity } from '../../common/scopes.js';
import { deliverEach, insertOutboxRow, markFailed, markSent } from '../mail/outbox.js';
import { OutboxStatus } from '../mail/index.js';
import { WebhookDelivery, WebhookEvent, WebhookSubscription } from './webhook.entity.js';
import type { WebhookDeliveryArgs, WebhookSubscriptionInput } from './webhook.inputs.js';
import { assertMayReceive, assertWebhookUrl, SCOPE_OF_EVENT } from './webhook.policy.js';
import { ID_HEADER, newWebhookSecret, SecretBox, signature, SIGNATURE_HEADER, TIMESTAMP_HEADER } from './webhook.signer.js';

const TABLE = 'webhook_deliveries';
const OBJECT_TYPE: Record<WebhookEvent, string> = {
  [WebhookEvent.ORDER_PLACED]: 'Order', [WebhookEvent.ORDER_PAID]: 'Order', [WebhookEvent.ORDER_STATUS_CHANGED]: 'Order',
  [WebhookEvent.APPOINTMENT_BOOKED]: 'Appointment', [WebhookEvent.APPOINTMENT_STATUS_CHANGED]: 'Appointment',
  [WebhookEvent.PAYMENT_REFUNDED]: 'Payment', [WebhookEvent.DOCTOR_APPROVED]: 'Doctor', [WebhookEvent.MEDICINE_STOCK_LOW]: 'Medicine',
};

export interface SubscriptionWithSecret {
  subscription: WebhookSubscription;
  /** whsec_…: shown once, never again. */
  secret: string;
}

/**
 * Webhooks: apps subscribe to domain events; each event becomes one outbox row per subscription,
 * written in the transaction of the change (so nothing is sent for a change that rolled back), and
 * the outbox worker (mail/outbox.worker.ts) POSTs them signed (webhook.signer.ts), with the mail
 * outbox's claim, lease and backoff (mail/outbox.ts).
 */
export class WebhookService {
  private readonly box: SecretBox;

  constructor(private readonly config: Config, private readonly log: Logger) {
    this.box = new SecretBox(config.webhooks.secretKey);
  }

  subscribe(events: DomainEvents): void {
    const queue = (event: WebhookEvent, objectId: string, hospitalDoctorId?: string) =>
      async (em: EntityManager): Promise<void> => { await this.enqueue(em, event, objectId, hospitalDoctorId); };
    events.on('order.placed', (em, e) => queue(WebhookEvent.ORDER_PLACED, e.orderId)(em));
    events.on('order.paid', (em, e) => queue(WebhookEvent.ORDER_PAID, e.orderId)(em));
    events.on('order.statusChanged', (em, e) => queue(WebhookEvent.ORDER_STATUS_CHANGED, e.orderId)(em));
    events.on('appointment.booked', (em, e) => queue(WebhookEvent.APPOINTMENT_BOOKED, e.appointmentId, e.doctorId)(em));
    events.on('appointment.statusChanged', (em, e) => queue(WebhookEvent.APPOINTMENT_STATUS_CHANGED, e.appointmentId, e.doctorId)(em));
    events.on('payment.refunded', (em, e) => queue(WebhookEvent.PAYMENT_REFUNDED, e.paymentId)(em));
    events.on('doctor.reviewed', (em, e) => (e.decision === 'approved' ? queue(WebhookEvent.DOCTOR_APPROVED, e.doctorId)(em) : undefined));
    events.on('medicine.stockLow', (em, e) => queue(WebhookEvent.MEDICINE_STOCK_LOW, e.medicineId)(em));
  }

  /**
   * One row per live subscription to the event whose app still holds the scope; a hospital's visit
   * goes only to apps acting for that hospital (the doctor's work place), as appointments:read reads.
   */
  async enqueue(em: EntityManager, event: WebhookEvent, objectId: string, hospitalDoctorId?: string): Promise<number> {
    const subs = await em.execute<{ id: string; app_id: string; url: string }[]>(
      `select s.id, s.app_id, s.url from webhook_subscriptions s join integrator_apps a on a.id = s.app_id
        where s.deleted_at is null and a.revoked_at is null and ? = any(s.events) and ? = any(a.scopes)
          and (?::uuid is null or (a.organisation_kind = 'hospital' and a.organisation_name = (select work from doctors where id = ?::uuid)))`,
      [event, SCOPE_OF_EVENT[event], hospitalDoctorId ?? null, hospitalDoctorId ?? null],
    );
    if (!subs.length) return 0;
    const eventId = randomUUID();
    const payload = JSON.stringify({ id: eventId, type: event, createdAt: new Date().toISOString(), object: { type: OBJECT_TYPE[event], id: objectId } });
    let queued = 0;
    for (const s of subs) {
      if (await insertOutboxRow(em, TABLE, {
        dedupe_key: `${eventId}:${s.id}`, subscription_id: s.id, app_id: s.app_id, event_id: eventId, event, object_id: objectId, payload, url: s.url, status: OutboxStatus.Pending,
      })) queued++;
    }
    return queued;
  }

  async create(em: EntityManager, app: IntegratorIdentity, input: WebhookSubscriptionInput): Promise<SubscriptionWithSecret> {
    const events = [...new Set(input.events)];
    assertMayReceive(app, events);
    const url = assertWebhookUrl(input.url, this.config.isProduction);
    const secret = newWebhookSecret();
    const subscription = em.create(WebhookSubscription, { app: app.appId, url, events, secretSealed: this.box.seal(secret) });
    await em.flush();
    return { subscription, secret };
  }

  list(em: EntityManager, app: IntegratorIdentity): Promise<WebhookSubscription[]> {
    return em.find(WebhookSubscription, { app: app.appId, deletedAt: null }, { orderBy: { createdAt: 'desc', id: 'asc' } });
  }

  /** Stops new deliveries; another app's subscription is as unknown as a missing one. */
  async remove(em: EntityManager, app: IntegratorIdentity, id: string): Promise<WebhookSubscription> {
    const sub = isUuid(id) ? await em.findOne(WebhookSubscription, { id, app: app.appId, deletedAt: null }) : null;
    if (!sub) throw notFound('Webhook subscription');
    sub.deletedAt = new Date();
    await em.flush();
    return sub;
  }

  /** An app's own deliveries (appId given), or any app's (admins, optionally filtered). */
  async deliveries(em: EntityManager, args: WebhookDeliveryArgs, appId: string | null): Promise<PageResult<WebhookDelivery>> {
    const where: Record<string, unknown> = {};
    if (appId) where.app = appId;
    else if (args.appId) where.app = isUuid(args.appId) ? args.appId : '00000000-0000-0000-0000-000000000000';
    if (args.status) where.status = args.status;
    if (args.event) where.event = args.event;
    const [items, total] = await em.findAndCount(WebhookDelivery, where, { orderBy: byCreated(args.sort), limit: args.pageSize, offset: offsetOf(args) });
    return pageOf(items, total, args);
  }

  /** Sends it again soon with fresh attempts (the same event id and body, so receivers can ignore a repeat). */
  async resend(em: EntityManager, id: string): Promise<WebhookDelivery> {
    const found = isUuid(id) ? await em.findOne(WebhookDelivery, { id }) : null;
    if (!found) throw notFound('Webhook delivery');
    await em.nativeUpdate(WebhookDelivery, { id, status: { $ne: OutboxStatus.Sending } }, { status: OutboxStatus.Pending, attempts: 0, nextAttemptAt: new Date() });
    em.clear();
    return (await em.findOne(WebhookDelivery, { id }))!;
  }

  /** Delivers due rows (the outbox worker calls this each pass); returns how many were acknowledged. */
  async deliverDue(em: EntityManager, limit = 20, keepGoing?: () => boolean): Promise<number> {
    let sent = 0;
    await deliverEach(em, TABLE, {
      limit, keepGoing, leaseMs: this.config.mail.leaseMs, columns: ['url', 'payload', 'event_id', 'subscription_id'],
    }, async (row) => {
      let status: number | null = null;
      try {
        const [sub] = await em.execute<{ secret_sealed: string }[]>('select secret_sealed from webhook_subscriptions where id = ?', [row.subscription_id]);
        if (!sub) throw Object.assign(new Error('subscription gone'), { permanent: true });
        const body = row.payload as string;
        const timestamp = Math.floor(Date.now() / 1000);
        const res = await fetch(row.url as string, {
          method: 'POST',
          body,
          redirect: 'manual',
          signal: AbortSignal.timeout(this.config.webhooks.timeoutMs),
          headers: {
            'Content-Type': 'application/json', 'User-Agent': 'Nirog-Webhooks/1',
            [ID_HEADER]: row.event_id as string, [TIMESTAMP_HEADER]: String(timestamp),
            [SIGNATURE_HEADER]: signature(this.box.open(sub.secret_sealed, this.config.isProduction), row.event_id as string, timestamp, body),
          },
        });
        status = res.status;
        await res.body?.cancel().catch(() => undefined);
        if (res.status < 200 || res.status >= 300) throw new Error(`HTTP ${res.status}`);
        await markSent(em, TABLE, row.id, { response_status: status });
        sent++;
      } catch (err) {
        const message = err instanceof Error ? (err.name === 'TimeoutError' ? `no answer within ${this.config.webhooks.timeoutMs} ms` : err.message) : String(err);
        await em.execute(`update ${TABLE} set response_status = ? where id = ?`, [status, row.id]);
        await markFailed(em, TABLE, row, message, {
          maxAttempts: this.config.webhooks.maxAttempts, retryBaseMs: this.config.webhooks.retryBaseMs, permanent: !!(err as { permanent?: boolean }).permanent,
        });
        this.log.warn({ deliveryId: row.id, attempts: row.attempts, err: message }, 'webhook delivery failed');
      }
    });
    return sent;
  }

  async purge(em: EntityManager, days: number): Promise<void> {
    await em.execute(`delete from ${TABLE} where status in ('sent', 'failed') and created_at < now() - make_interval(days => ?)`, [days]);
  }
}
