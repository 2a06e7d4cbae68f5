import type { EntityManager } from '@mikro-orm/sql';
import { createdOrderSql, pageOf, type ListOrder, type PageResult } from '../../common/pagination.js';
import { selectCount, selectRows, SqlParams, toDate } from '../../common/sql.js';
import type { OutboxStatus } from '../mail/index.js';
import type { WebhookEvent } from './webhook.entity.js';

/**
 * The deliveries list (an app's own, or every app's for admins) in two statements whatever the page
 * size: the page, with each delivery's app name and every attempt (json_agg, oldest first), and the
 * count. The GraphQL type stays WebhookDelivery; its `appName` and `history` take what came here.
 */
export interface AttemptRow {
  id: string;
  createdAt: Date;
  responseStatus: number | null;
  error: string | null;
  durationMs: number;
}

export interface DeliveryRow {
  id: string;
  createdAt: Date;
  app: { id: string };
  eventId: string;
  event: WebhookEvent;
  objectId: string;
  payload: string;
  url: string;
  status: OutboxStatus;
  attempts: number;
  nextAttemptAt: Date;
  lastError: string | null;
  responseStatus: number | null;
  sentAt: Date | null;
  appName: string;
  historyRows: AttemptRow[];
}

interface Raw {
  id: string; created_at: Date | string; app_id: string; event_id: string; event: WebhookEvent; object_id: string; payload: string; url: string;
  status: OutboxStatus; attempts: number; next_attempt_at: Date | string; last_error: string | null; response_status: number | null;
  sent_at: Date | string | null; app_name: string;
  history: { id: string; created_at: string; response_status: number | null; error: string | null; duration_ms: number }[] | string;
}

export async function deliveryRows(em: EntityManager, filter: { appId?: string; status?: OutboxStatus | null; event?: WebhookEvent | null },
  args: { page: number; pageSize: number; sort?: ListOrder | null }): Promise<PageResult<DeliveryRow>> {
  const p = new SqlParams();
  const where: string[] = [];
  if (filter.appId) where.push(`d.app_id = ${p.add(filter.appId)}`);
  if (filter.status) where.push(`d.status = ${p.add(filter.status)}`);
  if (filter.event) where.push(`d.event = ${p.add(filter.event)}`);
  const whereSql = where.length ? `where ${where.join(' and ')}` : '';
  const page = p.clone();
  const rows = await selectRows<Raw>(em, `
    select d.id, d.created_at, d.app_id, d.event_id, d.event, d.object_id, d.payload, d.url, d.status, d.attempts, d.next_attempt_at,
           d.last_error, d.response_status, d.sent_at, a.name as app_name,
           coalesce((select json_agg(json_build_object('id', t.id, 'created_at', t.created_at, 'response_status', t.response_status,
                      'error', t.error, 'duration_ms', t.duration_ms) order by t.created_at, t.id)
                     from webhook_attempts t where t.delivery_id = d.id), '[]'::json) as history
      from webhook_deliveries d join integrator_apps a on a.id = d.app_id
      ${whereSql}
     order by ${createdOrderSql(args.sort, 'd.')}
     ${page.window(args)}`, page);
  const total = await selectCount(em, `select count(*) as count from webhook_deliveries d ${whereSql}`, p);
  return pageOf(rows.map(toRow), total, args);
}

function toRow(r: Raw): DeliveryRow {
  const history = typeof r.history === 'string' ? JSON.parse(r.history) as Exclude<Raw['history'], string> : r.history;
  return {
    id: r.id, createdAt: toDate(r.created_at), app: { id: r.app_id }, eventId: r.event_id, event: r.event, objectId: r.object_id, payload: r.payload,
    url: r.url, status: r.status, attempts: Number(r.attempts), nextAttemptAt: toDate(r.next_attempt_at), lastError: r.last_error,
    responseStatus: r.response_status === null ? null : Number(r.response_status), sentAt: r.sent_at === null ? null : toDate(r.sent_at),
    appName: r.app_name,
    historyRows: history.map((a) => ({
      id: a.id, createdAt: toDate(a.created_at), responseStatus: a.response_status, error: a.error, durationMs: Number(a.duration_ms),
    })),
  };
}
