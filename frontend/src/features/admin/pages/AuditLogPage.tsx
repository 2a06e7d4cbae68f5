import { useState } from 'react';
import { Alert, Empty, Input, Space, Table, Tag, Typography } from 'antd';
import { useQuery } from '@apollo/client/react';
import { useTranslation } from 'react-i18next';
import { AuditLogDocument, type AuditLogQuery } from '@/gql/graphql';
import { errorInfo } from '@/lib/errors';
import { formatDateTime } from '@/lib/dates';
import Pager from '@/components/Pager';
import '../i18n';

type Row = AuditLogQuery['auditLog']['items'][number];

export default function AuditLogPage() {
  const { t, i18n } = useTranslation('admin');
  const [page, setPage] = useState(1);
  const [action, setAction] = useState('');
  const [entityId, setEntityId] = useState('');
  const { data, loading, error } = useQuery(AuditLogDocument, {
    variables: { page, pageSize: 25, action: action || null, entityId: entityId || null },
  });
  const result = data?.auditLog;
  return (
    <div className="card">
      <h1 className="page-title">{t('auditLog')}</h1>
      <Typography.Paragraph type="secondary">{t('appendOnly')}</Typography.Paragraph>
      <Space wrap style={{ marginBottom: 16 }}>
        <Input.Search allowClear placeholder={t('filterAction')} onSearch={(v) => { setAction(v.trim()); setPage(1); }} style={{ width: 240 }} aria-label={t('filterAction')} />
        <Input.Search allowClear placeholder={t('filterRecord')} onSearch={(v) => { setEntityId(v.trim()); setPage(1); }} style={{ width: 300 }} aria-label={t('filterRecord')} />
      </Space>
      {error && <Alert type="error" showIcon message={errorInfo(error).message} style={{ marginBottom: 16 }} />}
      <Table<Row>
        rowKey="id"
        loading={loading}
        dataSource={result?.items ?? []}
        pagination={false}
        scroll={{ x: 900 }}
        locale={{ emptyText: <Empty description={t('noAudit')} /> }}
        expandable={{ expandedRowRender: (r) => <pre style={{ whiteSpace: 'pre-wrap', margin: 0 }}>{r.details}</pre>, rowExpandable: (r) => !!r.details }}
        columns={[
          { title: t('when'), key: 'when', render: (_, r) => formatDateTime(r.createdAt, i18n.language) },
          { title: t('who'), key: 'who', render: (_, r) => <><Tag>{r.actorRole ?? '—'}</Tag><code>{r.actorId?.slice(0, 8)}</code></> },
          { title: t('action'), dataIndex: 'action', render: (v: string) => <code>{v}</code> },
          { title: t('record'), key: 'rec', render: (_, r) => (r.entityId ? <>{r.entityType} <code>{r.entityId.slice(0, 8)}</code></> : r.entityType) },
          { title: t('from'), dataIndex: 'ip' },
        ]}
      />
      {result && result.total > 0 && <Pager page={result.page} pageCount={result.pageCount} onChange={setPage} />}
    </div>
  );
}
