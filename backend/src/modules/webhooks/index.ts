/**
 * The webhooks module's public face: integrator apps' subscriptions to domain events and the signed
 * deliveries of the webhook outbox (webhook.signer.ts describes what a receiver gets).
 */
import type { NirogModule } from '../../common/module.js';
import { WebhookAttempt, WebhookDelivery, WebhookSubscription } from './webhook.entity.js';
import { WebhookResolver } from './webhook.resolver.js';

export * from './webhook.entity.js';
export * from './webhook.service.js';
export { signature, verifySignature, SIGNATURE_HEADER, ID_HEADER, TIMESTAMP_HEADER, DEMO_WEBHOOK_SECRET, DEMO_SEALED } from './webhook.signer.js';

export const module: NirogModule = {
  name: 'webhooks',
  entities: [WebhookSubscription, WebhookDelivery, WebhookAttempt],
  resolvers: [WebhookResolver],
};
