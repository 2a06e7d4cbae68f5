import nodemailer, { type Transporter } from 'nodemailer';
import { containsPattern } from '../../common/sql.js';
import type { EntityManager } from '@mikro-orm/sql';
import type { Config } from '../../config.js';
import type { Logger } from '../../common/logger.js';
import type { AuthUser } from '../../common/roles.js';
import { conflict, forbidden, notFound } from '../../common/errors.js';
import { offsetOf, pageOf, type PageResult } from '../../common/pagination.js';
import { Language, User } from '../accounts/user.entity.js';
import { MailMessage, OutboxStatus } from './mail.entity.js';
import { renderMail, type TemplateVars } from './mail.templates.js';
import { claimDue, insertOutboxRow, markFailed, markSent } from './outbox.js';

export interface MailRecipient {
  email: string;
  language: Language;
  userId?: string | null;
}

export interface OutboxFilter {
  page: number;
  pageSize: number;
  status?: OutboxStatus | null;
  to?: string | null;
}

const LEASE_MS = 2 * 60_000;
const SECRET_TEMPLATES = new Set(['verify-email', 'doctor-registered', 'password-reset']);

/**
 * Writes mail into the outbox (inside the caller's transaction) and delivers it later over SMTP.
 * Queuing never talks to the network, so a slow or dead mail server cannot slow or fail the action
 * that queued the mail.
 */
export class MailService {
  private transport?: Transporter;

  constructor(private readonly config: Config, private readonly log: Logger) {}

  get smtpConfigured(): boolean {
    return !!this.config.mail.smtpUrl;
  }

  /** Queues one mail; false when a mail with this dedupe key was queued before (nothing is added). */
  async enqueue(em: EntityManager, dedupeKey: string, to: MailRecipient, template: string, vars: TemplateVars): Promise<boolean> {
    const content = renderMail(template, to.language, vars);
    return insertOutboxRow(em, 'mail_outbox', {
      dedupe_key: dedupeKey.slice(0, 200),
      user_id: to.userId ?? null,
      to_email: to.email,
      language: to.language,
      template,
      subject: content.subject,
      text: content.text,
      html: content.html,
      status: this.smtpConfigured ? OutboxStatus.Pending : OutboxStatus.Captured,
    });
  }

  /**
   * Queues a mail to a user by id, in the user's language. Deleted or unknown users get nothing
   * (an event about a user who left must not fail the change that raised it).
   */
  async enqueueToUser(em: EntityManager, userId: string, dedupeKey: string, template: string,
    vars: (user: User) => TemplateVars): Promise<boolean> {
    const user = await em.findOne(User, { id: userId, deletedAt: null });
    if (!user) {
      this.log.warn({ userId, template }, 'mail for a missing user skipped');
      return false;
    }
    return this.enqueue(em, dedupeKey, { email: user.email, language: user.language, userId: user.id }, template, vars(user));
  }

  private getTransport(): Transporter {
    const m = this.config.mail;
    this.transport ??= nodemailer.createTransport({
      url: m.smtpUrl,
      // One worker sends batches: reuse a few connections instead of a handshake per message.
      pool: true,
      maxConnections: 3,
      connectionTimeout: m.smtpTimeoutMs,
      greetingTimeout: m.smtpTimeoutMs,
      socketTimeout: m.smtpTimeoutMs,
      tls: { rejectUnauthorized: m.smtpTlsRejectUnauthorized },
    } as Parameters<typeof nodemailer.createTransport>[0]);
    return this.transport;
  }

  /** One worker step: claims due mail and sends it. Returns how many were sent. */
  async deliverDue(em: EntityManager, limit = 20): Promise<number> {
    if (!this.smtpConfigured) return 0;
    const rows = await claimDue(em, 'mail_outbox', limit, LEASE_MS, ['to_email', 'subject', 'text', 'html']);
    let sent = 0;
    for (const row of rows) {
      try {
        await this.getTransport().sendMail({
          from: this.config.mail.from,
          to: row.to_email as string,
          subject: row.subject as string,
          text: row.text as string,
          html: row.html as string,
          // The same id on every attempt lets a receiving server drop a duplicate of a retried message.
          messageId: `<${row.id}@nirog.mail>`,
        });
        await markSent(em, 'mail_outbox', row.id);
        sent++;
      } catch (err) {
        const code = (err as { responseCode?: number }).responseCode;
        // 5xx from the server is a permanent refusal (no such mailbox…): retrying cannot help.
        const permanent = typeof code === 'number' && code >= 500 && code < 600;
        const message = err instanceof Error ? err.message : String(err);
        const status = await markFailed(em, 'mail_outbox', row, message, {
          maxAttempts: this.config.mail.maxAttempts, retryBaseMs: this.config.mail.retryBaseMs, permanent,
        });
        this.log.warn({ mailId: row.id, attempts: row.attempts, status, err: message }, 'mail delivery failed');
      }
    }
    return sent;
  }

  async list(em: EntityManager, args: OutboxFilter, onlyUserId?: string): Promise<PageResult<MailMessage>> {
    const where: Record<string, unknown> = {};
    if (args.status) where.status = args.status;
    if (args.to?.trim()) where.toEmail = { $ilike: containsPattern(args.to) };
    if (onlyUserId) where.user = onlyUserId;
    const [items, total] = await em.findAndCount(MailMessage, where, {
      orderBy: { createdAt: 'desc', id: 'asc' }, limit: args.pageSize, offset: offsetOf(args), disableIdentityMap: true,
    });
    // With a real mail server the links and codes reach their owners by mail; showing them here
    // would let anyone with outbox access take over accounts. Without one, the outbox is the mailbox.
    if (this.smtpConfigured) {
      for (const m of items) {
        if (SECRET_TEMPLATES.has(m.template)) {
          m.text = m.html = '(hidden: this mail carries a one-time link or code for its recipient)';
        }
      }
    }
    return pageOf(items, total, args);
  }

  /**
   * A user's own mail, for development without a mail server (reading one's own code there proves
   * nothing about owning the address, so it is off whenever real mail can be sent, and in production).
   */
  async myInbox(em: EntityManager, actor: AuthUser, args: OutboxFilter): Promise<PageResult<MailMessage>> {
    if (!this.config.mail.devInbox) throw forbidden('The development mailbox is off; read your email instead', 'DEV_INBOX_OFF');
    return this.list(em, { ...args, to: null }, actor.id);
  }

  /** Puts a failed mail back in the queue (an admin fixed the address or the mail server). */
  async retry(em: EntityManager, id: string): Promise<MailMessage> {
    const updated = await em.nativeUpdate(MailMessage, { id, status: OutboxStatus.Failed }, {
      status: OutboxStatus.Pending, attempts: 0, nextAttemptAt: new Date(),
    });
    const mail = await em.findOne(MailMessage, { id }, { refresh: true });
    if (!mail) throw notFound('Mail');
    if (!updated && mail.status !== OutboxStatus.Pending) throw conflict('Only failed mail can be queued again', 'NOT_FAILED');
    return mail;
  }

  close(): void {
    this.transport?.close();
    this.transport = undefined;
  }
}
