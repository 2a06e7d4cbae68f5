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

/**
 * Another module's share of the hourly retention purge (spent account tokens, expired rate-limit
 * buckets): each owner deletes its own rows; the composition root (app.ts) hands them in.
 */
export type RetentionTask = (em: EntityManager, retentionDays: number) => Promise<Record<string, number>>;

export class OutboxWorker {
  private timer?: NodeJS.Timeout;
  private running?: Promise<void>;
  private stopped = true;
  /** The passes under way; stop() tells them to end after the row they are sending. */
  private readonly passes = new Set<{ stop: boolean }>();

  constructor(
    private readonly orm: Orm,
    private readonly log: Logger,
    private readonly parts: {
      mail: MailService; sms: SmsService; notifications: NotificationService;
      /** The webhook outbox (modules/webhooks), delivered with the same passes, leases and shutdown. */
      webhooks?: { deliverDue(em: EntityManager, limit: number, keepGoing: () => boolean): Promise<number> };
    },
    private readonly pollMs: number,
    private readonly retentionDays = 90,
    /** Runs work that one replica should do (the retention purge) only in that one (common/coordination.ts); undefined when skipped. */
    private readonly exclusive: <T>(fn: () => Promise<T>) => Promise<T | undefined> = (fn) => fn(),
    /** The other modules' retention tasks, run with this module's at every purge. */
    private readonly retention: readonly RetentionTask[] = [],
  ) {}

  private lastPurge = 0;

  /** One pass over everything that is due; returns what was done (tests call this directly). */
  async tick(): Promise<{ mail: number; sms: number; reminders: number; webhooks: number; busy: boolean }> {
    const em = this.orm.em.fork();
    const reminders = await this.parts.notifications.fireDueReminders(em, BATCH);
    // A stopping worker finishes the row it is sending and claims no more.
    const pass = { stop: false };
    const keepGoing = () => !pass.stop;
    this.passes.add(pass);
    let mail = 0;
    let sms = 0;
    let webhooks = 0;
    try {
      mail = await this.parts.mail.deliverDue(em, BATCH, keepGoing);
      sms = await this.parts.sms.deliverDue(em, BATCH, keepGoing);
      webhooks = (await this.parts.webhooks?.deliverDue(em, BATCH, keepGoing)) ?? 0;
      if (!pass.stop) await this.parts.sms.checkDeliveries(em, BATCH);
    } finally {
      this.passes.delete(pass);
    }
    if (!pass.stop && Date.now() - this.lastPurge > PURGE_EVERY_MS) {
      this.lastPurge = Date.now();
      const deleted = await this.exclusive(() => this.purge(em));
      if (deleted) this.log.info({ deleted }, 'retention purge');
    }
    // A full batch means more is waiting: the loop goes again at once instead of sleeping.
    return { mail, sms, reminders, webhooks, busy: Math.max(mail, sms, reminders, webhooks) >= BATCH };
  }

  /**
   * Old delivered mail and SMS and past reminders go (the outbox is a queue, not an archive), and the
   * other modules' retention tasks run (spent tokens, expired rate-limit buckets). Answers what each deleted.
   */
  async purge(em: EntityManager = this.orm.em.fork()): Promise<Record<string, number>> {
    const days = this.retentionDays;
    const run = async (sql: string, params: unknown[] = []) => ((await em.execute(sql, params, 'run')) as { affectedRows?: number }).affectedRows ?? 0;
    const deleted: Record<string, number> = {
      mail: await run(`delete from mail_outbox where status in ('sent', 'captured', 'failed') and created_at < now() - make_interval(days => ?)`, [days]),
      sms: await run(`delete from sms_outbox where status in ('sent', 'captured', 'failed') and created_at < now() - make_interval(days => ?)`, [days]),
      reminders: await run(`delete from scheduled_notifications where status <> 'scheduled' and updated_at < now() - make_interval(days => ?)`, [days]),
    };
    for (const task of this.retention) Object.assign(deleted, await task(em, days));
    return deleted;
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
