import nodemailer, { type Transporter } from 'nodemailer';
import { containsPattern } from '../../common/sql.js';
import type { EntityManager } from '@mikro-orm/sql';
import type { Config } from '../../config.js';
import type { Logger } from '../../common/logger.js';
import type { AuthUser } from '../../common/roles.js';
import { conflict, forbidden, notFound } from '../../common/errors.js';
import { isUuid } from '../../common/ids.js';
import { offsetOf, pageOf, type PageResult } from '../../common/pagination.js';
import { Language, User } from '../accounts/index.js';
import { MailMessage, OutboxStatus } from './mail.entity.js';
import { renderMail, type TemplateVars } from './mail.templates.js';
import { deliverEach, insertOutboxRow, markFailed, markSent, reportUndeclaredLimit } from './outbox.js';
import { assertMayNotify } from '../../common/limits.js';

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

/** What stands in for a one-time secret in the admin outbox. */
export const MASK = '•••';

/** Templates whose mail carries a one-time link or code for its recipient. */
const SECRET_TEMPLATES = new Set(['verify-email', 'doctor-registered', 'password-reset']);
/** A template added later under a name like these is treated as carrying a secret too. */
const SECRET_TEMPLATE_NAME = /verif|reset|activat|otp|code|magic|invite|login-link|password/i;
const carriesSecret = (template: string) => SECRET_TEMPLATES.has(template) || SECRET_TEMPLATE_NAME.test(template);

/** A path segment after one of these is a one-time token (/activation/<t>, /password/reset/<t>, /reset-password/<t>…). */
const TOKEN_PATH_SEGMENT = /^(activation|activate|reset|reset-password|password-reset|verify|verify-email|verification|confirm|confirm-email|magic|magic-link|invite|token|otp)$/i;
/** Query (or fragment) parameters whose value is a secret. */
const TOKEN_PARAM = /token|code|otp|secret|key|sig|hash|reset|verif|activat|auth|nonce|password/i;

/** A random-looking word: 20+ base64url characters mixing digits or cases (never a record's UUID or a slug). */
function tokenLike(word: string): boolean {
  return word.length >= 20 && /^[A-Za-z0-9_-]+$/.test(word) && !isUuid(word)
    && (/\d/.test(word) || (/[a-z]/.test(word) && /[A-Z]/.test(word)));
}

function decoded(s: string): string {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
}

/** One link with its token path segments and secret parameters replaced; the rest of the link stays readable. */
function maskUrl(url: string): string {
  const cut = url.search(/[?#]/);
  const path = cut < 0 ? url : url.slice(0, cut);
  const rest = cut < 0 ? '' : url.slice(cut);
  const host = /^[a-z][a-z0-9+.-]*:\/\/[^/]*/i.exec(path)?.[0] ?? '';
  const segments = path.slice(host.length).split('/');
  const maskedPath = segments
    .map((seg, i) => (seg && (TOKEN_PATH_SEGMENT.test(decoded(segments[i - 1] ?? '')) || tokenLike(decoded(seg))) ? MASK : seg))
    .join('/');
  // Separators include ';' so that HTML's "&amp;" between parameters splits too.
  const maskedRest = rest.replace(/([?#&;])([^=&#;?]+)=([^&#]*)/g, (all, sep: string, name: string, value: string) =>
    value && (TOKEN_PARAM.test(decoded(name)) || tokenLike(decoded(value))) ? `${sep}${name}=${MASK}` : all);
  return host + maskedPath + maskedRest;
}

/**
 * The admin outbox view of a mail: one-time tokens in links (path segments and query or fragment
 * parameters) are masked in every mail, and in mail that carries a secret (verification, activation,
 * password reset) so are 4 to 8 digit codes (Latin or Bangla digits) and stray token-like words, in
 * the subject, the text and the HTML. The stored row and the mail actually sent are not touched.
 */
export function maskMailSecrets(mail: { template: string; subject: string; text: string; html: string }): { subject: string; text: string; html: string } {
  const secret = carriesSecret(mail.template);
  // One pass, so that a link is masked as a link (its port or ids are not "codes").
  const pattern = /(\b[a-z][a-z0-9+.-]*:\/\/[^\s"'<>]+)|(?<![\p{L}\p{N}_#])([0-9০-৯]{4,8})(?![\p{L}\p{N}_])|(?<![\w-])([A-Za-z0-9_-]{20,})(?![\w-])/giu;
  const mask = (s: string) => s
    .replace(pattern, (all, url?: string, code?: string, word?: string) => {
      if (url) return maskUrl(url);
      if (code) return secret ? MASK : all;
      return secret && word && tokenLike(word) ? MASK : all;
    })
    // Relative links in HTML attributes.
    .replace(/(\b(?:href|src|action)\s*=\s*")([^"]*)"/gi, (_all, attr: string, url: string) => `${attr}${maskUrl(url)}"`);
  return { subject: mask(mail.subject), text: mask(mail.text), html: mask(mail.html) };
}

const HIDDEN_BODY = '(hidden: this mail carries a one-time link or code for its recipient)';

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
    assertMayNotify('mail', (problem) => reportUndeclaredLimit(this.config, this.log, problem));
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
    // An account made with a mobile number alone has no mailbox: its texts are its notifications.
    if (!user.email) return false;
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
  /** Sends due mail one row at a time (outbox.ts deliverEach); returns how many went out. */
  async deliverDue(em: EntityManager, limit = 20, keepGoing?: () => boolean): Promise<number> {
    if (!this.smtpConfigured) return 0;
    let sent = 0;
    await deliverEach(em, 'mail_outbox', { limit, keepGoing, leaseMs: this.config.mail.leaseMs, columns: ['to_email', 'subject', 'text', 'html'] }, async (row) => {
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
    });
    return sent;
  }

  private async query(em: EntityManager, args: OutboxFilter, onlyUserId?: string): Promise<PageResult<MailMessage>> {
    const where: Record<string, unknown> = {};
    if (args.status) where.status = args.status;
    if (args.to?.trim()) where.toEmail = { $ilike: containsPattern(args.to) };
    if (onlyUserId) where.user = onlyUserId;
    const [items, total] = await em.findAndCount(MailMessage, where, {
      orderBy: { createdAt: 'desc', id: 'asc' }, limit: args.pageSize, offset: offsetOf(args), disableIdentityMap: true,
    });
    return pageOf(items, total, args);
  }

  /**
   * What an admin sees of a mail: a copy (the entity, and so the stored row, is never changed) with
   * its one-time links and codes masked. With a real mail server the mail carrying them reaches its
   * owner, so its body is hidden altogether.
   */
  private adminView(m: MailMessage): MailMessage {
    const view = Object.assign(Object.create(Object.getPrototypeOf(m) as object) as MailMessage, m, maskMailSecrets(m));
    if (this.smtpConfigured && carriesSecret(m.template)) view.text = view.html = HIDDEN_BODY;
    return view;
  }

  /** Every mail, for admins: one-time links and codes masked (maskMailSecrets), whether or not real mail is sent. */
  async adminList(em: EntityManager, args: OutboxFilter): Promise<PageResult<MailMessage>> {
    const page = await this.query(em, args);
    return { ...page, items: page.items.map((m) => this.adminView(m)) };
  }

  /**
   * A user's own mail, for development without a mail server (reading one's own code there proves
   * nothing about owning the address, so it is off whenever real mail can be sent, and in production).
   * Their own links and codes stay readable: that is what the mailbox is for.
   */
  async myInbox(em: EntityManager, actor: AuthUser, args: OutboxFilter): Promise<PageResult<MailMessage>> {
    if (!this.config.mail.devInbox) throw forbidden('The development mailbox is off; read your email instead', 'DEV_INBOX_OFF');
    const page = await this.query(em, { ...args, to: null }, actor.id);
    // With a real mail server (MAIL_DEV_INBOX forced on) the links and codes travel by mail only.
    if (this.smtpConfigured) {
      for (const m of page.items) if (carriesSecret(m.template)) m.text = m.html = HIDDEN_BODY;
    }
    return page;
  }

  /** Puts a failed mail back in the queue (an admin fixed the address or the mail server); answers the admin's view of it. */
  async retry(em: EntityManager, id: string): Promise<MailMessage> {
    const updated = await em.nativeUpdate(MailMessage, { id, status: OutboxStatus.Failed }, {
      status: OutboxStatus.Pending, attempts: 0, nextAttemptAt: new Date(),
    });
    const mail = await em.findOne(MailMessage, { id }, { refresh: true, disableIdentityMap: true });
    if (!mail) throw notFound('Mail');
    if (!updated && mail.status !== OutboxStatus.Pending) throw conflict('Only failed mail can be queued again', 'NOT_FAILED');
    return this.adminView(mail);
  }

  close(): void {
    this.transport?.close();
    this.transport = undefined;
  }
}
