import { useEffect, useRef, useState } from 'react';
import { Alert, Button, Empty, Input, Space, Table, Tag, Typography } from 'antd';
import { useQuery } from '@apollo/client/react';
import { useTranslation } from 'react-i18next';
import { AuditLogDocument, type AuditLogQuery } from '@/gql/graphql';
import { errorInfo } from '@/lib/errors';
import { formatDateTime } from '@/lib/dates';
import Pager from '@/components/Pager';
import { actionsColumn } from '@/components/AdminTable';
import '../i18n';

type Row = AuditLogQuery['auditLog']['items'][number];

export default function AuditLogPage() {
  const { t, i18n } = useTranslation(['admin', 'auditActions']);
  const [page, setPage] = useState(1);
  const [action, setAction] = useState('');
  const [entityId, setEntityId] = useState('');
  const [open, setOpen] = useState<string[]>([]);
  const { data, loading, error } = useQuery(AuditLogDocument, {
    variables: { page, pageSize: 25, action: action || null, entityId: entityId || null },
  });
  const result = data?.auditLog;
  // Codes hold dots, colons and slashes (`csv.export`, `read:prescription`, `PUT /admin/doctor/:id/approve`):
  // looked up whole; a code without words yet shows as it is.
  const words = (code: string) => t(code, { ns: 'auditActions', keySeparator: false, nsSeparator: false, defaultValue: code });
  const toggle = (id: string) => setOpen((ids) => (ids.includes(id) ? ids.filter((x) => x !== id) : [...ids, id]));
  // Lines without details (a login) have no button: the table's sideways-scrolling pane then needs a
  // keyboard stop of its own to be scrolled without a mouse.
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const pane = box.current?.querySelector<HTMLElement>('.ant-table-content');
    if (!pane || pane.tabIndex === 0) return;
    pane.tabIndex = 0;
    pane.setAttribute('role', 'region');
    pane.setAttribute('aria-label', t('auditLog'));
  });
  return (
    <div className="card">
      <h1 className="page-title">{t('auditLog')}</h1>
      <Typography.Paragraph type="secondary">{t('appendOnly')}</Typography.Paragraph>
      <Space wrap style={{ marginBottom: 16 }}>
        <Input.Search allowClear placeholder={t('filterAction')} onSearch={(v) => { setAction(v.trim()); setPage(1); }} style={{ width: 240, maxWidth: '100%' }} aria-label={t('filterAction')} />
        <Input.Search allowClear placeholder={t('filterRecord')} onSearch={(v) => { setEntityId(v.trim()); setPage(1); }} style={{ width: 300, maxWidth: '100%' }} aria-label={t('filterRecord')} />
      </Space>
      {error && <Alert type="error" showIcon message={errorInfo(error).message} style={{ marginBottom: 16 }} />}
      <div ref={box}>
      <Table<Row>
        rowKey="id"
        loading={loading}
        dataSource={result?.items ?? []}
        pagination={false}
        scroll={{ x: 900 }}
        locale={{ emptyText: <Empty description={t('noAudit')} /> }}
        expandable={{
          expandedRowKeys: open, showExpandColumn: false,
          expandedRowRender: (r) => <pre style={{ whiteSpace: 'pre-wrap', margin: 0 }}>{r.details}</pre>, rowExpandable: (r) => !!r.details,
        }}
        columns={[
          { title: t('when'), key: 'when', width: 170, render: (_, r) => formatDateTime(r.createdAt, i18n.language) },
          {
            title: t('who'), key: 'who', width: 240,
            render: (_, r) => (
              <>
                <strong>{r.actorName ?? (r.actorId ? t('removedAccount') : t('visitor'))}</strong>
                <div className="muted">
                  {r.actorEmail && <span style={{ marginInlineEnd: 6, overflowWrap: 'anywhere' }}>{r.actorEmail}</span>}
                  {r.actorRole && <Tag>{t(`actorRoles.${r.actorRole}`, { defaultValue: r.actorRole })}</Tag>}
                </div>
              </>
            ),
          },
          { title: t('action'), key: 'action', render: (_, r) => <span title={r.action}>{words(r.action)}</span> },
          { title: t('record'), key: 'rec', render: (_, r) => (r.entityId ? <>{r.entityType} <code>{r.entityId.slice(0, 8)}</code></> : r.entityType) },
          { title: t('from'), dataIndex: 'ip', width: 120, render: (ip: string | null) => ip && <span translate="no">{ip}</span> },
          actionsColumn<Row>(t('actions'), (r) => (r.details
            ? <Button size="small" aria-expanded={open.includes(r.id)} onClick={() => toggle(r.id)}>{open.includes(r.id) ? t('hideDetails') : t('showDetails')}</Button>
            : null), 100),
        ]}
      />
      </div>
      {result && result.total > 0 && <Pager page={result.page} pageCount={result.pageCount} onChange={setPage} />}
    </div>
  );
}
