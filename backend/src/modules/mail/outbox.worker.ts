import type { Orm } from '../../db.js';
import type { Logger } from '../../common/logger.js';
import type { EntityManager } from '@mikro-orm/sql';
import type { MailService } from './mail.service.js';
import type { SmsService } from './sms.service.js';
import type { NotificationService } from './notification.service.js';

/**
 * Delivers the outboxes and fires due reminders, inside the API process. Every replica may run one:
 * rows are claimed atomically, so replicas share the work instead of repeating it. A failing step
 * (the database away, a bug) is logged and tried again at the next poll; it never reaches a request.
 */
export class OutboxWorker {
  private timer?: NodeJS.Timeout;
  private running?: Promise<void>;
  private stopped = true;

  constructor(
    private readonly orm: Orm,
    private readonly log: Logger,
    private readonly parts: { mail: MailService; sms: SmsService; notifications: NotificationService },
    private readonly pollMs: number,
  ) {}

  /** One pass over everything that is due; returns what was done (tests call this directly). */
  async tick(): Promise<{ mail: number; sms: number; reminders: number }> {
    const em = this.orm.em.fork() as unknown as EntityManager;
    const reminders = await this.parts.notifications.fireDueReminders(em);
    const mail = await this.parts.mail.deliverDue(em);
    const sms = await this.parts.sms.deliverDue(em);
    return { mail, sms, reminders };
  }

  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    const loop = () => {
      if (this.stopped) return;
      this.running = this.tick()
        .then(() => undefined, (err) => this.log.error({ err }, 'outbox worker step failed'))
        .finally(() => {
          if (!this.stopped) this.timer = setTimeout(loop, this.pollMs);
        });
    };
    loop();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    await this.running;
    this.parts.mail.close();
  }
}
