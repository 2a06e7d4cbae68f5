import { randomBytes } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/sql';
import type { Config } from '../../config.js';
import type { Logger } from '../../common/logger.js';
import { offsetOf, pageOf, type PageResult } from '../../common/pagination.js';
import { Language } from '../accounts/index.js';
import { SmsMessage } from './sms.entity.js';
import { renderSms, type TemplateVars } from './mail.templates.js';
import { deliverEach, insertOutboxRow, markFailed, markSent, reportUndeclaredLimit } from './outbox.js';
import { assertMayNotify } from '../../common/limits.js';
import type { OutboxFilter } from './mail.service.js';

/** +8801 then an operator digit 3–9 and eight digits: the only numbers Nirog texts. */
export const BD_MOBILE = /^\+8801[3-9]\d{8}$/;

/** What an SMS provider must do; a real one (SSL Wireless, BulkSMSBD…) implements this next to the sandbox. */
export interface SmsGateway {
  readonly name: string;
  send(to: string, body: string, sender: string): Promise<{ providerRef: string }>;
}

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

  /** Sends due SMS one row at a time (outbox.ts deliverEach); returns how many went out. */
  async deliverDue(em: EntityManager, limit = 20, keepGoing?: () => boolean): Promise<number> {
    let sent = 0;
    await deliverEach(em, 'sms_outbox', { limit, keepGoing, leaseMs: this.config.mail.leaseMs, columns: ['to_phone', 'body'] }, async (row) => {
      try {
        const { providerRef } = await this.gateway.send(row.to_phone as string, row.body as string, this.config.sms.sender);
        await markSent(em, 'sms_outbox', row.id, { provider_ref: providerRef });
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

  async list(em: EntityManager, args: OutboxFilter): Promise<PageResult<SmsMessage>> {
    const where: Record<string, unknown> = {};
    if (args.status) where.status = args.status;
    if (args.to?.trim()) where.toPhone = { $like: `%${args.to.trim().replace(/\D/g, '')}%` };
    const [items, total] = await em.findAndCount(SmsMessage, where, {
      orderBy: { createdAt: 'desc', id: 'asc' }, limit: args.pageSize, offset: offsetOf(args),
    });
    return pageOf(items, total, args);
  }
}
