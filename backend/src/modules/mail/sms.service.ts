import { randomBytes } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/sql';
import type { Config } from '../../config.js';
import type { Logger } from '../../common/logger.js';
import { offsetOf, pageOf, type PageResult } from '../../common/pagination.js';
import { Language } from '../accounts/index.js';
import { SmsMessage } from './sms.entity.js';
import { renderSms, SECRET_SMS_TEMPLATES, type TemplateVars } from './mail.templates.js';
import { deliverEach, insertOutboxRow, markFailed, markSent, reportUndeclaredLimit } from './outbox.js';
import { assertMayNotify } from '../../common/limits.js';
import { normalizeBdPhone } from '../../common/phone.js';
import { MASK, type OutboxFilter } from './mail.service.js';
import { SmsNetBdGateway } from './sms-netbd.gateway.js';

/** +8801 then an operator digit 3–9 and eight digits: the only numbers Nirog texts. */
export const BD_MOBILE = /^\+8801[3-9]\d{8}$/;

/** What a gateway says of a text it accepted, when it can say (SmsGateway.deliveryStatus). */
export type SmsDeliveryStatus = 'pending' | 'delivered' | 'failed';

/**
 * What an SMS provider must do: the sandbox below, sms.net.bd (sms-netbd.gateway.ts). A send that
 * throws is retried by the outbox unless the error is marked `permanent`.
 */
export interface SmsGateway {
  readonly name: string;
  /** The gateway reports delivery (deliveryStatus): the worker asks about each sent text for a day. */
  readonly tracksDelivery?: boolean;
  send(to: string, body: string, sender?: string): Promise<{ providerRef: string }>;
  deliveryStatus?(providerRef: string): Promise<SmsDeliveryStatus>;
}

/** The gateway SMS_PROVIDER names. */
export function smsGateway(config: Config): SmsGateway {
  const c = config.sms;
  if (c.provider === 'smsnetbd') return new SmsNetBdGateway({ apiKey: c.apiKey!, baseUrl: c.apiUrl, timeoutMs: c.timeoutMs });
  return new SandboxSmsGateway();
}

/** A one-time code in a text (4 to 8 digits, Latin or Bangla), for masking. */
const CODE_IN_TEXT = /(?<![\p{L}\p{N}_#])[0-9০-৯]{4,8}(?![\p{L}\p{N}_])/gu;
const maskCodes = (body: string) => body.replace(CODE_IN_TEXT, MASK);

/**
 * The development and test gateway: accepts every valid number and "delivers" by recording a
 * reference, like the payment sandbox. Numbers in the reserved test range +88017000000xx fail, so
 * retries can be seen without a real provider.
 */
export class SandboxSmsGateway implements SmsGateway {
  readonly name = 'sandbox';

  async send(to: string): Promise<{ providerRef: string }> {
    if (!BD_MOBILE.test(to)) throw Object.assign(new Error(`not a Bangladeshi mobile number: ${to}`), { permanent: true });
    if (/^\+88017000000\d\d$/.test(to)) throw new Error('sandbox: simulated gateway outage for the test range');
    return { providerRef: `SBX-${randomBytes(6).toString('hex').toUpperCase()}` };
  }
}

export class SmsService {
  constructor(private readonly config: Config, private readonly log: Logger, readonly gateway: SmsGateway = new SandboxSmsGateway()) {}

  /** Queues one SMS; false when it was queued before or the number is not a BD mobile number. */
  async enqueue(em: EntityManager, dedupeKey: string, to: { phone: string | null | undefined; language: Language; userId?: string | null },
    template: string, vars: TemplateVars): Promise<boolean> {
    if (!to.phone || !BD_MOBILE.test(to.phone)) return false;
    assertMayNotify('sms', (problem) => reportUndeclaredLimit(this.config, this.log, problem));
    return insertOutboxRow(em, 'sms_outbox', {
      dedupe_key: dedupeKey.slice(0, 200),
      user_id: to.userId ?? null,
      to_phone: to.phone,
      language: to.language,
      template,
      body: renderSms(template, to.language, vars).slice(0, 800),
      status: 'pending',
    });
  }

  /**
   * Sends due SMS one row at a time (outbox.ts deliverEach); returns how many went out. A real
   * gateway's accepted one-time code is masked in the stored text at once (it has reached the
   * gateway; the row is kept for support, not the code). A gateway that reports delivery leaves
   * the row waiting for its report (checkDeliveries).
   */
  async deliverDue(em: EntityManager, limit = 20, keepGoing?: () => boolean): Promise<number> {
    let sent = 0;
    await deliverEach(em, 'sms_outbox', { limit, keepGoing, leaseMs: this.config.mail.leaseMs, columns: ['to_phone', 'body', 'template'] }, async (row) => {
      try {
        const { providerRef } = await this.gateway.send(row.to_phone as string, row.body as string, this.config.sms.sender);
        const masked = this.gateway.name !== 'sandbox' && SECRET_SMS_TEMPLATES.has(row.template as string);
        await markSent(em, 'sms_outbox', row.id, {
          provider_ref: providerRef.slice(0, 100),
          ...(this.gateway.tracksDelivery ? { delivery_status: 'pending' } : {}),
          ...(masked ? { body: maskCodes(row.body as string) } : {}),
        });
        sent++;
      } catch (err) {
        const message = err instanceof Error ? err.message : String(err);
        await markFailed(em, 'sms_outbox', row, message, {
          maxAttempts: this.config.mail.maxAttempts, retryBaseMs: this.config.mail.retryBaseMs, permanent: !!(err as { permanent?: boolean }).permanent,
        });
        this.log.warn({ smsId: row.id, attempts: row.attempts, err: message }, 'SMS delivery failed');
      }
    });
    return sent;
  }

  /**
   * One worker step, done once across replicas: claims up to `limit` sent texts whose report is due
   * (delivery_status pending, not asked for SMS_DELIVERY_CHECK_SECONDS, sent within a day) with FOR
   * UPDATE SKIP LOCKED, asks the gateway about each and records the answer. A gateway that does
   * not answer leaves the row for the next round. Returns how many reports were read.
   */
  async checkDeliveries(em: EntityManager, limit = 20): Promise<number> {
    const gateway = this.gateway;
    if (!gateway.tracksDelivery || !gateway.deliveryStatus) return 0;
    const rows = await em.execute<{ id: string; provider_ref: string }[]>(
      `update sms_outbox o set delivery_checked_at = now()
        where o.id in (select id from sms_outbox where status = 'sent' and delivery_status = 'pending' and provider_ref is not null
                         and sent_at > now() - interval '1 day'
                         and (delivery_checked_at is null or delivery_checked_at < now() - make_interval(secs => ?))
                       order by sent_at limit ? for update skip locked)
        returning o.id, o.provider_ref`, [this.config.sms.deliveryCheckSeconds, limit]);
    let read = 0;
    for (const row of rows) {
      try {
        const status = await gateway.deliveryStatus(row.provider_ref);
        if (status !== 'pending') await em.execute(`update sms_outbox set delivery_status = ?, updated_at = now() where id = ? and delivery_status = 'pending'`, [status, row.id]);
        read++;
      } catch (err) {
        this.log.warn({ smsId: row.id, err: err instanceof Error ? err.message : String(err) }, 'SMS delivery report not read');
      }
    }
    return read;
  }

  /** Every text, for admins: one-time codes masked, whatever the gateway. */
  async list(em: EntityManager, args: OutboxFilter): Promise<PageResult<SmsMessage>> {
    const where: Record<string, unknown> = {};
    if (args.status) where.status = args.status;
    if (args.to?.trim()) where.toPhone = { $like: `%${args.to.trim().replace(/\D/g, '')}%` };
    const [items, total] = await em.findAndCount(SmsMessage, where, {
      orderBy: { createdAt: 'desc', id: 'asc' }, limit: args.pageSize, offset: offsetOf(args), disableIdentityMap: true,
    });
    for (const m of items) if (SECRET_SMS_TEMPLATES.has(m.template)) m.body = maskCodes(m.body);
    return pageOf(items, total, args);
  }

  /**
   * The sandbox's texts to one number from the last 15 minutes, newest first: in development, what
   * stands in for the phone (the code screens show it, as the Confirm Email screen shows the mail).
   * Null with a real gateway and in production (config.ts refuses SMS_DEV_INBOX there).
   */
  async sandboxTexts(em: EntityManager, rawPhone: string): Promise<SmsMessage[] | null> {
    if (!this.config.sms.devInbox || this.gateway.name !== 'sandbox') return null;
    const phone = normalizeBdPhone(rawPhone);
    return em.find(SmsMessage, { toPhone: phone, createdAt: { $gt: new Date(Date.now() - 15 * 60_000) } },
      { orderBy: { createdAt: 'desc', id: 'asc' }, limit: 5, disableIdentityMap: true });
  }
}
