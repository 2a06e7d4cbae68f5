import { useState } from 'react';
import { Alert, App, Button, Empty, Popconfirm, Select, Table, Tag, Typography } from 'antd';
import { useMutation, useQuery } from '@apollo/client/react';
import { useTranslation } from 'react-i18next';
import {
  IntegratorAppNamesDocument, ResendWebhookDeliveryDocument, WebhookDeliveriesDocument,
  type OutboxStatus, type WebhookDeliveriesQuery, type WebhookEvent,
} from '@/gql/graphql';
import { errorInfo } from '@/lib/errors';
import { formatDateTime } from '@/lib/dates';
import { formatCount } from '@/lib/money';
import Pager from '@/components/Pager';
import { actionsColumn } from '@/components/AdminTable';
import '../i18n';
import '../integrators.css';

type Row = WebhookDeliveriesQuery['webhookDeliveries']['items'][number];
const STATUSES: OutboxStatus[] = ['Pending', 'Sending', 'Sent', 'Failed'];
const STATUS_COLOR: Record<OutboxStatus, string> = { Pending: 'gold', Sending: 'blue', Sent: 'green', Failed: 'red', Captured: 'default' };
const EVENTS: WebhookEvent[] = ['ORDER_PLACED', 'ORDER_PAID', 'ORDER_STATUS_CHANGED', 'APPOINTMENT_BOOKED', 'APPOINTMENT_STATUS_CHANGED', 'PAYMENT_REFUNDED', 'DOCTOR_APPROVED', 'MEDICINE_STOCK_LOW'];

/** One delivery's attempts (when, what the receiver answered, how long it took) and the body sent. */
function Attempts({ row }: { row: Row }) {
  const { t, i18n } = useTranslation('integrators');
  return (
    <div className="webhook-detail">
      {row.history.length === 0 ? <p className="muted">{t('hooks.noAttempts')}</p> : (
        <table className="webhook-attempts">
          <caption className="sr-only">{t('hooks.history')}</caption>
          <thead>
            <tr><th scope="col">{t('hooks.attemptAt')}</th><th scope="col">{t('hooks.attemptAnswer')}</th><th scope="col">{t('hooks.attemptError')}</th><th scope="col">{t('hooks.attemptTook')}</th></tr>
          </thead>
          <tbody>
            {row.history.map((a) => (
              <tr key={a.id}>
                <td>{formatDateTime(a.createdAt, i18n.language)}</td>
                <td>{a.responseStatus != null ? <code>{a.responseStatus}</code> : t('hooks.noAnswer')}</td>
                <td>{a.error ?? '—'}</td>
                <td>{t('hooks.tookMs', { ms: a.durationMs })}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <div>
        <strong>{t('hooks.payload')}</strong>
        <pre>{row.payload}</pre>
      </div>
    </div>
  );
}

/**
 * /admin/webhooks: every event sent to an app, filtered by app, event and status, each with its
 * attempts; a delivery can be sent again (same event id and body, so a receiver that handled it
 * already can tell).
 */
export default function AdminWebhooksPage() {
  const { t, i18n } = useTranslation('integrators');
  const { message } = App.useApp();
  const [page, setPage] = useState(1);
  const [appId, setAppId] = useState('');
  const [status, setStatus] = useState<OutboxStatus | ''>('');
  const [event, setEvent] = useState<WebhookEvent | ''>('');
  const [open, setOpen] = useState<string[]>([]);
  const apps = useQuery(IntegratorAppNamesDocument);
  const { data, loading, error, refetch } = useQuery(WebhookDeliveriesDocument, {
    variables: { page, pageSize: 20, appId: appId || null, status: status || null, event: event || null }, fetchPolicy: 'cache-and-network',
  });
  const [resend] = useMutation(ResendWebhookDeliveryDocument);
  const result = data?.webhookDeliveries;
  const toggle = (id: string) => setOpen((ids) => (ids.includes(id) ? ids.filter((x) => x !== id) : [...ids, id]));

  async function onResend(id: string) {
    try {
      await resend({ variables: { id } });
      void message.success(t('hooks.resent'));
      await refetch();
    } catch (e) {
      void message.error(errorInfo(e).message);
    }
  }

  const filter = <T,>(set: (v: T) => void) => (v: T) => { set(v); setPage(1); };
  const sentLine = (r: Row) => (r.sentAt
    ? <div className="muted">{t('hooks.sentAt')}: {formatDateTime(r.sentAt, i18n.language)}</div>
    : r.status === 'Pending' ? <div className="muted">{t('hooks.nextAttempt')}: {formatDateTime(r.nextAttemptAt, i18n.language)}</div> : null);
  return (
    <div className="card">
      <h1 className="page-title">{t('hooks.title')}</h1>
      <Typography.Paragraph type="secondary">{t('hooks.intro')}</Typography.Paragraph>
      <div className="webhook-filters">
        <Select<string> value={appId} onChange={filter(setAppId)} aria-label={t('hooks.app')}
          options={[{ value: '', label: t('hooks.allApps') }, ...(apps.data?.integratorApps.items ?? []).map((a) => ({ value: a.id, label: a.name }))]} />
        <Select<WebhookEvent | ''> value={event} onChange={filter(setEvent)} aria-label={t('hooks.event')}
          options={[{ value: '', label: t('hooks.allEvents') }, ...EVENTS.map((e) => ({ value: e, label: t(`hooks.events.${e}`) }))]} />
        <Select<OutboxStatus | ''> value={status} onChange={filter(setStatus)} aria-label={t('hooks.status')}
          options={[{ value: '', label: t('hooks.allStatuses') }, ...STATUSES.map((s) => ({ value: s, label: t(`hooks.statuses.${s}`) }))]} />
      </div>
      {error && <Alert type="error" showIcon role="alert" message={errorInfo(error).message} style={{ marginBottom: 16 }} />}
      <Table<Row>
        rowKey="id"
        loading={loading}
        dataSource={result?.items ?? []}
        pagination={false}
        scroll={{ x: result?.items.length ? 1000 : undefined }}
        locale={{ emptyText: <Empty description={t('hooks.none')} /> }}
        expandable={{ expandedRowKeys: open, showExpandColumn: false, expandedRowRender: (r) => <Attempts row={r} /> }}
        columns={[
          { title: t('hooks.queued'), key: 'at', width: 140, render: (_, r) => formatDateTime(r.createdAt, i18n.language) },
          {
            title: t('hooks.event'), key: 'event', width: 170,
            render: (_, r) => <>{t(`hooks.events.${r.event}`)}<div className="muted">{r.appName} · <code>{r.objectId.slice(0, 8)}</code></div></>,
          },
          // The status, with when it was sent or will be tried again below it (a column of its own pushed the receiver under the actions at 1366 px).
          {
            title: t('hooks.status'), key: 'status', width: 160,
            render: (_, r) => <><Tag color={STATUS_COLOR[r.status]}>{t(`hooks.statuses.${r.status}`)}</Tag>{sentLine(r)}</>,
          },
          { title: t('hooks.attempts'), key: 'attempts', width: 100, render: (_, r) => formatCount(r.history.length, i18n.language) },
          {
            title: t('hooks.response'), key: 'response', width: 130,
            render: (_, r) => <>{r.responseStatus != null ? <code>{r.responseStatus}</code> : '—'}{r.lastError && <div className="muted">{r.lastError}</div>}</>,
          },
          { title: t('hooks.url'), key: 'url', width: 170, render: (_, r) => <span className="webhook-url">{r.url}</span> },
          actionsColumn<Row>(t('apps.actions'), (r) => (
            <>
              <Button size="small" aria-expanded={open.includes(r.id)} onClick={() => toggle(r.id)}>{open.includes(r.id) ? t('hooks.hide') : t('hooks.show')}</Button>
              {r.status !== 'Sending' && (
                <Popconfirm title={t('hooks.resendConfirm')} okText={t('hooks.resend')} cancelText={t('form.cancel')} onConfirm={() => onResend(r.id)}>
                  <Button size="small">{t('hooks.resend')}</Button>
                </Popconfirm>
              )}
            </>
          ), 130),
        ]}
      />
      {result && result.total > 0 && <Pager page={result.page} pageCount={result.pageCount} onChange={setPage} />}
    </div>
  );
}
