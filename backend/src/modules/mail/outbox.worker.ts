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
const BATCH = 20;
const PURGE_EVERY_MS = 3_600_000;

export class OutboxWorker {
  private timer?: NodeJS.Timeout;
  private running?: Promise<void>;
  private stopped = true;
  /** The passes under way; stop() tells them to end after the row they are sending. */
  private readonly passes = new Set<{ stop: boolean }>();

  constructor(
    private readonly orm: Orm,
    private readonly log: Logger,
    private readonly parts: { mail: MailService; sms: SmsService; notifications: NotificationService },
    private readonly pollMs: number,
    private readonly retentionDays = 90,
    /** Runs work that one replica should do (the retention purge) only in that one (common/coordination.ts). */
    private readonly exclusive: (fn: () => Promise<void>) => Promise<unknown> = (fn) => fn(),
  ) {}

  private lastPurge = 0;

  /** One pass over everything that is due; returns what was done (tests call this directly). */
  async tick(): Promise<{ mail: number; sms: number; reminders: number; busy: boolean }> {
    const em = this.orm.em.fork() as unknown as EntityManager;
    const reminders = await this.parts.notifications.fireDueReminders(em, BATCH);
    // A stopping worker finishes the row it is sending and claims no more.
    const pass = { stop: false };
    const keepGoing = () => !pass.stop;
    this.passes.add(pass);
    let mail = 0;
    let sms = 0;
    try {
      mail = await this.parts.mail.deliverDue(em, BATCH, keepGoing);
      sms = await this.parts.sms.deliverDue(em, BATCH, keepGoing);
      if (!pass.stop) await this.parts.sms.checkDeliveries(em, BATCH);
    } finally {
      this.passes.delete(pass);
    }
    if (!pass.stop && Date.now() - this.lastPurge > PURGE_EVERY_MS) {
      this.lastPurge = Date.now();
      await this.exclusive(() => this.purge(em));
    }
    // A full batch means more is waiting: the loop goes again at once instead of sleeping.
    return { mail, sms, reminders, busy: Math.max(mail, sms, reminders) >= BATCH };
  }

  /** Old delivered mail and SMS, spent tokens and past reminders go: the outbox is a queue, not an archive. */
  async purge(em: EntityManager = this.orm.em.fork() as unknown as EntityManager): Promise<void> {
    const days = this.retentionDays;
    await em.execute(`delete from mail_outbox where status in ('sent', 'captured', 'failed') and created_at < now() - make_interval(days => ?)`, [days]);
    await em.execute(`delete from sms_outbox where status in ('sent', 'captured', 'failed') and created_at < now() - make_interval(days => ?)`, [days]);
    await em.execute(`delete from scheduled_notifications where status <> 'scheduled' and updated_at < now() - make_interval(days => ?)`, [days]);
    await em.execute(`delete from account_tokens where (used_at is not null or expires_at < now()) and created_at < now() - make_interval(days => ?)`, [days]);
    // Rate-limit buckets are only useful while their window or lock lasts.
    await em.execute(`delete from rate_limit_buckets where updated_at < now() - interval '2 days' and (locked_until is null or locked_until < now())`);
  }

  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    const loop = () => {
      if (this.stopped) return;
      let busy = false;
      this.running = this.tick()
        .then((r) => { busy = r.busy; }, (err) => this.log.error({ err }, 'outbox worker step failed'))
        .finally(() => {
          if (!this.stopped) this.timer = setTimeout(loop, busy ? 0 : this.pollMs);
        });
    };
    loop();
  }

  /** Finishes the row being sent (claims no more), waits for the pass to end, closes the SMTP pool. */
  async stop(): Promise<void> {
    this.stopped = true;
    for (const pass of this.passes) pass.stop = true;
    if (this.timer) clearTimeout(this.timer);
    await this.running;
    this.parts.mail.close();
  }
}
