import { useState } from 'react';
import { Alert, App, Button, Empty, Input, Popconfirm, Select, Space, Table, Tabs, Tag } from 'antd';
import { useMutation, useQuery } from '@apollo/client/react';
import { useTranslation } from 'react-i18next';
import {
  MailDeliveryDocument, MailOutboxDocument, RetryMailDocument, SmsOutboxDocument,
  type MailOutboxQuery, type OutboxStatus, type SmsOutboxQuery,
} from '@/gql/graphql';
import { errorInfo } from '@/lib/errors';
import { formatDateTime } from '@/lib/dates';
import { formatCount } from '@/lib/money';
import { readerDigits } from '@/lib/digits';
import Pager from '@/components/Pager';
import '../i18n';

type MailRow = MailOutboxQuery['mailOutbox']['items'][number];
type SmsRow = SmsOutboxQuery['smsOutbox']['items'][number];
const PAGE_SIZE = 20;
const STATUSES: OutboxStatus[] = ['Pending', 'Sending', 'Sent', 'Failed', 'Captured'];
const STATUS_COLOR: Record<OutboxStatus, string> = { Pending: 'gold', Sending: 'blue', Sent: 'green', Failed: 'red', Captured: 'default' };

function Filters({ status, onStatus, onSearch }: { status?: OutboxStatus; onStatus: (s?: OutboxStatus) => void; onSearch: (s: string) => void }) {
  const { t } = useTranslation('email');
  return (
    <Space wrap style={{ marginBottom: 12 }}>
      <Select<OutboxStatus | ''>
        value={status ?? ''}
        onChange={(v) => onStatus(v || undefined)}
        style={{ minWidth: 170 }}
        aria-label={t('status')}
        options={[{ value: '', label: t('allStatuses') }, ...STATUSES.map((s) => ({ value: s, label: t(`statuses.${s}`) }))]}
      />
      <Input.Search allowClear placeholder={t('searchTo')} aria-label={t('searchTo')} onSearch={onSearch} style={{ width: 260, maxWidth: '100%' }} />
    </Space>
  );
}

function MailTab() {
  const { t, i18n } = useTranslation('email');
  const { message } = App.useApp();
  const [page, setPage] = useState(1);
  const [status, setStatus] = useState<OutboxStatus>();
  const [to, setTo] = useState('');
  const { data, loading, error, refetch } = useQuery(MailOutboxDocument, {
    variables: { page, pageSize: PAGE_SIZE, status: status ?? null, to: to || null }, fetchPolicy: 'cache-and-network',
  });
  const [retry] = useMutation(RetryMailDocument);
  const result = data?.mailOutbox;

  async function onRetry(id: string) {
    try {
      await retry({ variables: { id } });
      void message.success(t('retried'));
      await refetch();
    } catch (e) {
      void message.error(errorInfo(e).message);
    }
  }

  return (
    <>
      <Filters status={status} onStatus={(s) => { setStatus(s); setPage(1); }} onSearch={(s) => { setTo(s.trim()); setPage(1); }} />
      {error && <Alert type="error" showIcon message={errorInfo(error).message} style={{ marginBottom: 16 }} role="alert" />}
      {/* No rows: a notice, not an empty table as wide as its columns (wider than a phone, a region a keyboard cannot scroll). */}
      {result?.items.length === 0 ? <Empty description={t('noMailFound')} /> : <Table<MailRow>
        rowKey="id"
        loading={loading}
        dataSource={result?.items ?? []}
        pagination={false}
        scroll={{ x: 1000 }}
        expandable={{
          expandedRowRender: (m) => (
            <>
              {m.lastError && <Alert type="error" message={`${t('lastError')}: ${m.lastError}`} style={{ marginBottom: 8 }} />}
              <pre lang={m.language} style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word', fontFamily: 'inherit', margin: 0 }}>{m.text}</pre>
            </>
          ),
        }}
        // A message is shown as it was sent, in its recipient's language (lang: a screen reader reads an
        // English subject as English on a Bangla screen; translate=no: a browser's translator leaves it).
        columns={[
          { title: t('queued'), key: 'at', width: 170, render: (_, m) => formatDateTime(m.createdAt, i18n.language) },
          { title: t('to'), dataIndex: 'toEmail', ellipsis: true },
          { title: t('subject'), key: 'subject', width: 300, render: (_, m) => <><div lang={m.language} translate="no">{m.subject}</div><div style={{ color: '#667', fontSize: 12 }}>{m.template} · {m.language}</div></> },
          { title: t('status'), key: 'status', width: 150, render: (_, m) => <Tag color={STATUS_COLOR[m.status]}>{t(`statuses.${m.status}`)}</Tag> },
          { title: t('attempts'), dataIndex: 'attempts', width: 90, render: (n: number) => formatCount(n, i18n.language) },
          { title: t('sentAt'), key: 'sent', width: 170, render: (_, m) => (m.sentAt ? formatDateTime(m.sentAt, i18n.language) : '—') },
          {
            title: '', key: 'retry', width: 130,
            render: (_, m) => m.status === 'Failed' && (
              <Popconfirm title={t('retryConfirm')} onConfirm={() => onRetry(m.id)} okText={t('retry')}>
                <Button size="small">{t('retry')}</Button>
              </Popconfirm>
            ),
          },
        ]}
      />}
      {result && result.total > 0 && <Pager page={result.page} pageCount={result.pageCount} onChange={setPage} />}
    </>
  );
}

function SmsTab() {
  const { t, i18n } = useTranslation('email');
  const [page, setPage] = useState(1);
  const [status, setStatus] = useState<OutboxStatus>();
  const [to, setTo] = useState('');
  const { data, loading, error } = useQuery(SmsOutboxDocument, {
    variables: { page, pageSize: PAGE_SIZE, status: status ?? null, to: to || null }, fetchPolicy: 'cache-and-network',
  });
  const result = data?.smsOutbox;
  return (
    <>
      <Filters status={status} onStatus={(s) => { setStatus(s); setPage(1); }} onSearch={(s) => { setTo(s.trim()); setPage(1); }} />
      {error && <Alert type="error" showIcon message={errorInfo(error).message} style={{ marginBottom: 16 }} role="alert" />}
      {result?.items.length === 0 ? <Empty description={t('noSmsFound')} /> : <Table<SmsRow>
        rowKey="id"
        loading={loading}
        dataSource={result?.items ?? []}
        pagination={false}
        scroll={{ x: 760 }}
        columns={[
          { title: t('queued'), key: 'at', width: 170, render: (_, s) => formatDateTime(s.createdAt, i18n.language) },
          { title: t('to'), dataIndex: 'toPhone', width: 150, render: (phone: string) => readerDigits(phone, i18n.language) },
          // the message as it was sent
          { title: t('message'), key: 'body', render: (_, s) => <span lang={s.language} translate="no">{s.body}</span> },
          { title: t('status'), key: 'status', width: 150, render: (_, s) => <Tag color={STATUS_COLOR[s.status]}>{t(`statuses.${s.status}`)}</Tag> },
          { title: t('attempts'), dataIndex: 'attempts', width: 90, render: (n: number) => formatCount(n, i18n.language) },
        ]}
      />}
      {result && result.total > 0 && <Pager page={result.page} pageCount={result.pageCount} onChange={setPage} />}
    </>
  );
}

/** /admin/outbox: every mail and SMS Nirog queued; without SMTP this is where mail can be read. */
export default function AdminOutboxPage() {
  const { t } = useTranslation('email');
  const delivery = useQuery(MailDeliveryDocument);
  return (
    <div className="card">
      <h1 className="page-title">{t('outbox')}</h1>
      {delivery.data && !delivery.data.mailDelivery.smtpConfigured && (
        <Alert type="info" role="status" showIcon message={t('smtpOff')} style={{ marginBottom: 16 }} />
      )}
      <Tabs items={[
        { key: 'mail', label: t('mailTab'), children: <MailTab /> },
        { key: 'sms', label: t('smsTab'), children: <SmsTab /> },
      ]} />
    </div>
  );
}
