/**
 * The mail module's public face: what other modules and the composition root may use (the rest of
 * the folder is the module's own; .dependency-cruiser.cjs enforces it).
 */
import type { NirogModule } from '../../common/module.js';
import { MailMessage } from './mail.entity.js';
import { SmsMessage } from './sms.entity.js';
import { ScheduledNotification } from './reminder.entity.js';
import { MailResolver } from './mail.resolver.js';
import { registerMailRoutes } from './mail.rest.js';

export * from './mail.entity.js';
export * from './sms.entity.js';
export * from './reminder.entity.js';
export * from './mail.service.js';
export * from './sms.service.js';
export * from './notification.service.js';
export * from './outbox.worker.js';
export { outboxBacklog, type OutboxBacklog } from './outbox-backlog.js';
/** The outbox discipline (queue, claim with SKIP LOCKED, lease, settle, backoff), shared with the webhook deliveries. */
export { deliverEach, insertOutboxRow, markFailed, markSent, type ClaimedRow, type OutboxTable } from './outbox.js';

export const module: NirogModule = {
  name: 'mail',
  entities: [MailMessage, SmsMessage, ScheduledNotification],
  resolvers: [MailResolver],
  routes: registerMailRoutes,
};
