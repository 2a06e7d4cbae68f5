import { randomUUID } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/sql';
import type { Config } from '../../config.js';
import type { Logger } from '../../common/logger.js';
import type { DomainEvents } from '../../common/events.js';
import { notFound } from '../../common/errors.js';
import { isUuid } from '../../common/ids.js';
import type { PageResult } from '../../common/pagination.js';
import type { IntegratorIdentity } from '../../common/scopes.js';
import { deliverEach, insertOutboxRow, markFailed, markSent, OutboxStatus } from '../mail/index.js';
import { WebhookAttempt, WebhookDelivery, WebhookEvent, WebhookSubscription } from './webhook.entity.js';
import { postWebhook } from './webhook.http.js';
import { deliveryRows, type DeliveryRow } from './webhook.read.js';
import type { WebhookDeliveryArgs, WebhookSubscriptionInput } from './webhook.inputs.js';
import { assertMayReceive, assertWebhookUrl, SCOPE_OF_EVENT } from './webhook.policy.js';
import { ID_HEADER, newWebhookSecret, SecretBox, signature, SIGNATURE_HEADER, TIMESTAMP_HEADER } from './webhook.signer.js';

const TABLE = 'webhook_deliveries';
const OBJECT_TYPE: Record<WebhookEvent, string> = {
  [WebhookEvent.ORDER_PLACED]: 'Order', [WebhookEvent.ORDER_PAID]: 'Order', [WebhookEvent.ORDER_STATUS_CHANGED]: 'Order',
  [WebhookEvent.APPOINTMENT_BOOKED]: 'Appointment', [WebhookEvent.APPOINTMENT_STATUS_CHANGED]: 'Appointment',
  [WebhookEvent.PAYMENT_REFUNDED]: 'Order', [WebhookEvent.DOCTOR_APPROVED]: 'Doctor', [WebhookEvent.MEDICINE_STOCK_LOW]: 'Medicine',
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
    events.on('order.placed', (em, e) => this.enqueue(em, WebhookEvent.ORDER_PLACED, e.orderId).then(() => undefined));
    events.on('order.paid', (em, e) => this.enqueue(em, WebhookEvent.ORDER_PAID, e.orderId).then(() => undefined));
    events.on('order.statusChanged', (em, e) => this.enqueue(em, WebhookEvent.ORDER_STATUS_CHANGED, e.orderId).then(() => undefined));
    events.on('appointment.booked', (em, e) => this.enqueue(em, WebhookEvent.APPOINTMENT_BOOKED, e.appointmentId).then(() => undefined));
    events.on('appointment.statusChanged', (em, e) => this.enqueue(em, WebhookEvent.APPOINTMENT_STATUS_CHANGED, e.appointmentId).then(() => undefined));
    // An app reads orders, not payments: a refund reaches it as its order's (consultations are no app's).
    events.on('payment.refunded', async (em, e) => {
      const [paid] = await em.execute<{ order_id: string }[]>("select purpose_id as order_id from payments where id = ? and purpose = 'order'", [e.paymentId]);
      if (paid) await this.enqueue(em, WebhookEvent.PAYMENT_REFUNDED, paid.order_id);
    });
    events.on('doctor.reviewed', async (em, e) => {
      if (e.decision === 'approved') await this.enqueue(em, WebhookEvent.DOCTOR_APPROVED, e.doctorId);
    });
    events.on('medicine.stockLow', (em, e) => this.enqueue(em, WebhookEvent.MEDICINE_STOCK_LOW, e.medicineId).then(() => undefined));
  }

  /**
   * One row per live subscription to the event whose app still holds the scope that reads the
   * object. Appointment events go only to hospital apps an admin linked to the visit's doctor (as
   * hospitalVisits reads them): a video consultation is no hospital's.
   */
  async enqueue(em: EntityManager, event: WebhookEvent, objectId: string): Promise<number> {
    const appointment = event === WebhookEvent.APPOINTMENT_BOOKED || event === WebhookEvent.APPOINTMENT_STATUS_CHANGED;
    const subs = await em.execute<{ id: string; app_id: string; url: string }[]>(
      `select s.id, s.app_id, s.url from webhook_subscriptions s join integrator_apps a on a.id = s.app_id
        where s.deleted_at is null and a.revoked_at is null and ? = any(s.events) and ? = any(a.scopes)
          and (not ? or (a.organisation_kind = 'hospital' and exists (
            select 1 from appointments ap join integrator_app_doctors l on l.doctor_id = ap.doctor_id
             where ap.id = ?::uuid and ap.kind = 'hospital' and l.app_id = a.id)))
        order by s.created_at, s.id`,
      [event, SCOPE_OF_EVENT[event], appointment, appointment ? objectId : null],
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

  /** An app's own deliveries (appId given), or any app's (admins, optionally filtered), each with its attempts (webhook.read.ts). */
  deliveries(em: EntityManager, args: WebhookDeliveryArgs, appId: string | null): Promise<PageResult<DeliveryRow>> {
    const app = appId ?? (args.appId ? (isUuid(args.appId) ? args.appId : '00000000-0000-0000-0000-000000000000') : undefined);
    return deliveryRows(em, { appId: app, status: args.status, event: args.event }, args);
  }

  /** Sends it again soon with fresh attempts (the same event id and body, so receivers can ignore a repeat). */
  async resend(em: EntityManager, id: string): Promise<WebhookDelivery> {
    const found = isUuid(id) ? await em.findOne(WebhookDelivery, { id }) : null;
    if (!found) throw notFound('Webhook delivery');
    await em.nativeUpdate(WebhookDelivery, { id, status: { $ne: OutboxStatus.Sending } }, { status: OutboxStatus.Pending, attempts: 0, nextAttemptAt: new Date() });
    em.clear();
    return (await em.findOne(WebhookDelivery, { id }))!;
  }

  /**
   * Delivers due rows (the outbox worker calls this each pass); returns how many were acknowledged.
   * A row whose subscription ended or whose app was revoked (or lost the scope) since it was queued
   * is not sent: it fails at once, saying why. Every attempt is kept (webhook_attempts).
   */
  async deliverDue(em: EntityManager, limit = 20, keepGoing?: () => boolean): Promise<number> {
    let sent = 0;
    await deliverEach(em, TABLE, {
      limit, keepGoing, leaseMs: this.config.mail.leaseMs, columns: ['url', 'payload', 'event_id', 'event', 'subscription_id'],
    }, async (row) => {
      let status: number | null = null;
      const started = Date.now();
      try {
        const [sub] = await em.execute<{ secret_sealed: string; ended: boolean; revoked: boolean; scoped: boolean }[]>(
          `select s.secret_sealed, s.deleted_at is not null as ended, a.revoked_at is not null as revoked, ? = any(a.scopes) as scoped
             from webhook_subscriptions s join integrator_apps a on a.id = s.app_id where s.id = ?`,
          [SCOPE_OF_EVENT[row.event as WebhookEvent], row.subscription_id],
        );
        if (!sub || sub.ended) throw permanent('the subscription has ended');
        if (sub.revoked) throw permanent('the app was revoked');
        if (!sub.scoped) throw permanent(`the app no longer holds ${SCOPE_OF_EVENT[row.event as WebhookEvent]}`);
        const body = row.payload as string;
        const timestamp = Math.floor(Date.now() / 1000);
        const res = await postWebhook(row.url as string, body, {
          'Content-Type': 'application/json', 'User-Agent': 'Nirog-Webhooks/1',
          [ID_HEADER]: row.event_id as string, [TIMESTAMP_HEADER]: String(timestamp),
          [SIGNATURE_HEADER]: signature(this.box.open(sub.secret_sealed, this.config.isProduction), row.event_id as string, timestamp, body),
        }, { timeoutMs: this.config.webhooks.timeoutMs, publicOnly: this.config.isProduction });
        status = res.status;
        if (res.status < 200 || res.status >= 300) throw new Error(`HTTP ${res.status}`);
        await em.transactional(async (tx) => {
          await this.recordAttempt(tx, row.id, status, null, started);
          await markSent(tx, TABLE, row.id, { response_status: status });
        });
        sent++;
      } catch (err) {
        const message = describeFailure(err, this.config.webhooks.timeoutMs);
        await em.transactional(async (tx) => {
          await this.recordAttempt(tx, row.id, status, message, started);
          await tx.execute(`update ${TABLE} set response_status = ? where id = ? and status = 'sending'`, [status, row.id]);
          await markFailed(tx, TABLE, row, message, {
            maxAttempts: this.config.webhooks.maxAttempts, retryBaseMs: this.config.webhooks.retryBaseMs, permanent: !!(err as { permanent?: boolean }).permanent,
          });
        });
        this.log.warn({ deliveryId: row.id, attempts: row.attempts, err: message }, 'webhook delivery failed');
      }
    });
    return sent;
  }

  private async recordAttempt(em: EntityManager, deliveryId: string, status: number | null, error: string | null, started: number): Promise<void> {
    await em.execute(
      'insert into webhook_attempts (id, created_at, updated_at, delivery_id, response_status, error, duration_ms) values (?, now(), now(), ?, ?, ?, ?)',
      [randomUUID(), deliveryId, status, error?.slice(0, 1000) ?? null, Date.now() - started],
    );
  }

  /** Every attempt of these deliveries, oldest first, in one query (the history field). */
  async attemptsOf(em: EntityManager, deliveryIds: readonly string[]): Promise<Map<string, WebhookAttempt[]>> {
    const rows = await em.find(WebhookAttempt, { delivery: { $in: [...deliveryIds] } }, { orderBy: { createdAt: 'asc', id: 'asc' } });
    const byDelivery = new Map<string, WebhookAttempt[]>(deliveryIds.map((id) => [id, []]));
    for (const a of rows) byDelivery.get(a.delivery.id)?.push(a);
    return byDelivery;
  }

  /** Its share of the retention purge (a RetentionTask): settled deliveries older than the retention. */
  readonly purge = async (em: EntityManager, days: number): Promise<Record<string, number>> => {
    const done = await em.execute(`delete from ${TABLE} where status in ('sent', 'failed') and created_at < now() - make_interval(days => ?)`, [days], 'run');
    return { webhooks: (done as { affectedRows?: number }).affectedRows ?? 0 };
  };
}

const permanent = (message: string) => Object.assign(new Error(message), { permanent: true });

function describeFailure(err: unknown, timeoutMs: number): string {
  if (!(err instanceof Error)) return String(err);
  if (err.name === 'AbortError' || err.name === 'TimeoutError') return `no answer within ${timeoutMs} ms`;
  const code = (err as { code?: string }).code;
  return code && !err.message.includes(code) ? `${err.message} (${code})` : err.message;
}
