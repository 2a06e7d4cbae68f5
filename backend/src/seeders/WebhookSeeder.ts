import { randomUUID } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/core';
import { Seeder } from '@mikro-orm/seeder';
import { DEMO_KEY, IntegratorKey } from '../modules/integrators/index.js';
import { OutboxStatus } from '../modules/mail/index.js';
import { DEMO_SEALED, WebhookAttempt, WebhookDelivery, WebhookEvent, WebhookSubscription } from '../modules/webhooks/index.js';
import { Order } from '../modules/orders/index.js';

/** Where the demo subscription points: the example integrator's receiver (examples/integrator, its default port). */
export const DEMO_WEBHOOK_URL = 'http://127.0.0.1:8787/webhooks';

/**
 * The demo app's subscription to order events at the example integrator's local receiver, signed
 * with the published demo secret (refused in production), and two past deliveries with their
 * attempts: one acknowledged, one given up after its last attempt, for the admin's deliveries screen.
 */
export class WebhookSeeder extends Seeder {
  async run(em: EntityManager): Promise<void> {
    const key = await em.findOne(IntegratorKey, { keyId: DEMO_KEY.keyId });
    if (!key || await em.count(WebhookSubscription, { app: key.app.id })) return;
    const subscription = em.create(WebhookSubscription, {
      app: key.app.id, url: DEMO_WEBHOOK_URL, secretSealed: DEMO_SEALED,
      events: [WebhookEvent.ORDER_PLACED, WebhookEvent.ORDER_PAID, WebhookEvent.ORDER_STATUS_CHANGED],
    });
    const orders = await em.find(Order, {}, { orderBy: { createdAt: 'desc' }, limit: 2 });
    const past = [
      { status: OutboxStatus.Sent, attempts: 1, responseStatus: 200, lastError: null, sentAt: new Date() },
      { status: OutboxStatus.Failed, attempts: 8, responseStatus: 502, lastError: 'HTTP 502' },
    ];
    orders.forEach((order, i) => {
      const eventId = randomUUID();
      const delivery = em.create(WebhookDelivery, {
        dedupeKey: `${eventId}:${subscription.id}`, subscription, app: key.app.id, eventId, event: WebhookEvent.ORDER_STATUS_CHANGED, objectId: order.id,
        payload: JSON.stringify({ id: eventId, type: WebhookEvent.ORDER_STATUS_CHANGED, createdAt: order.createdAt.toISOString(), object: { type: 'Order', id: order.id } }),
        url: DEMO_WEBHOOK_URL, createdAt: order.createdAt, ...past[i]!,
      });
      // The attempts, 30 s apart and doubling, as the worker makes them.
      for (let n = 0; n < past[i]!.attempts; n++) {
        const ok = past[i]!.status === OutboxStatus.Sent;
        em.create(WebhookAttempt, {
          delivery, responseStatus: ok ? 200 : 502, error: ok ? null : 'HTTP 502', durationMs: ok ? 143 : 2100 + n * 37,
          createdAt: new Date(order.createdAt.getTime() + 30_000 * (2 ** n - 1)),
        });
      }
    });
  }
}
