import type { Orm } from '../../common/orm.js';
import type { Logger } from '../../common/logger.js';
import type { EntityManager } from '@mikro-orm/sql';
import type { MailService } from './mail.service.js';
import type { SmsService } from './sms.service.js';
import type { NotificationService } from './notification.service.js';
import { runBackgroundJob } from '../../common/background.js';

/**
 * Delivers the outboxes and fires due reminders, inside the API process. Every replica may run one:
 * rows are claimed atomically, so replicas share the work instead of repeating it. A failing step
 * (the database away, a bug) is logged and tried again at the next poll; it never reaches a request.
 *
 * Each queue has its own loop (a lane), SMS first: a slow or hanging SMTP server, or a webhook
 * receiver taking its 10 s, holds only its own queue, never a login code waiting behind 20 mails.
 * The upkeep lane fires due reminders (which queue mail and SMS), reads SMS delivery reports (a
 * gateway call each) and runs the hourly retention purge.
 */
const BATCH = 20;
const PURGE_EVERY_MS = 3_600_000;

/**
 * Another module's share of the hourly retention purge (spent account tokens, expired rate-limit
 * buckets): each owner deletes its own rows; the composition root (app.ts) hands them in.
 */
export type RetentionTask = (em: EntityManager, retentionDays: number) => Promise<Record<string, number>>;

export type WorkerLane = 'sms' | 'mail' | 'webhooks' | 'upkeep';
/** The order the lanes start in, and the order tick() runs them. */
export const WORKER_LANES: readonly WorkerLane[] = ['sms', 'mail', 'webhooks', 'upkeep'];

export class OutboxWorker {
  private readonly timers = new Map<WorkerLane, NodeJS.Timeout>();
  private readonly running = new Map<WorkerLane, Promise<void>>();
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

  /** One pass of one lane: what it sent (or fired, for upkeep), and whether a full batch says more waits. */
  async lane(lane: WorkerLane, part: 'all' | 'reminders' | 'checks' = 'all'): Promise<{ done: number; busy: boolean }> {
    const em = this.orm.em.fork();
    // A stopping worker finishes the row it is sending and claims no more.
    const pass = { stop: false };
    const keepGoing = () => !pass.stop;
    this.passes.add(pass);
    try {
      let done = 0;
      if (lane === 'sms') done = await this.parts.sms.deliverDue(em, BATCH, keepGoing);
      else if (lane === 'mail') done = await this.parts.mail.deliverDue(em, BATCH, keepGoing);
      else if (lane === 'webhooks') done = (await this.parts.webhooks?.deliverDue(em, BATCH, keepGoing)) ?? 0;
      else {
        if (part !== 'checks') done = await this.parts.notifications.fireDueReminders(em, BATCH);
        if (part !== 'reminders' && !pass.stop) await this.parts.sms.checkDeliveries(em, BATCH);
        if (part !== 'reminders' && !pass.stop && Date.now() - this.lastPurge > PURGE_EVERY_MS) {
          this.lastPurge = Date.now();
          const deleted = await runBackgroundJob('retention-purge', () => this.purge(em), this.exclusive);
          if (deleted) this.log.info({ deleted }, 'retention purge');
        }
      }
      return { done, busy: done >= BATCH };
    } finally {
      this.passes.delete(pass);
    }
  }

  /**
   * One pass over everything that is due, lane after lane: reminders first (the texts and mail they
   * queue go out in the same pass), then the sends, then delivery reports and the purge. Returns
   * what was done (tests call this directly).
   */
  async tick(): Promise<{ mail: number; sms: number; reminders: number; webhooks: number; busy: boolean }> {
    const reminders = await this.lane('upkeep', 'reminders');
    const sms = await this.lane('sms');
    const mail = await this.lane('mail');
    const webhooks = await this.lane('webhooks');
    await this.lane('upkeep', 'checks');
    return {
      mail: mail.done, sms: sms.done, reminders: reminders.done, webhooks: webhooks.done,
      busy: [reminders, sms, mail, webhooks].some((l) => l.busy),
    };
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

  /** Starts every lane's loop; each polls on its own and goes again at once after a full batch. */
  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    for (const lane of WORKER_LANES) {
      const loop = () => {
        if (this.stopped) return;
        let busy = false;
        this.running.set(lane, this.lane(lane)
          .then((r) => { busy = r.busy; }, (err) => this.log.error({ err, lane }, 'outbox worker step failed'))
          .finally(() => {
            if (!this.stopped) this.timers.set(lane, setTimeout(loop, busy ? 0 : this.pollMs));
          }));
      };
      loop();
    }
  }

  /** Finishes the rows being sent (claims no more), waits for every lane's pass to end, closes the SMTP pool. */
  async stop(): Promise<void> {
    this.stopped = true;
    for (const pass of this.passes) pass.stop = true;
    for (const timer of this.timers.values()) clearTimeout(timer);
    await Promise.all(this.running.values());
    this.parts.mail.close();
  }
}
