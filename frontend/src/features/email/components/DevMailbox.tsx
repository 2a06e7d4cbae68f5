import { useEffect } from 'react';
import { Alert, Empty, List, Typography } from 'antd';
import { useQuery } from '@apollo/client/react';
import { useTranslation } from 'react-i18next';
import { MailDeliveryDocument, MyMailboxDocument } from '@/gql/graphql';
import { formatDateTime } from '@/lib/dates';
import '../i18n';

/**
 * Without a mail server (development, the start command), the server lets users read their own
 * mail; this shows it beside the code field. Nothing is shown when real mail is sent.
 */
export default function DevMailbox({ refreshKey = 0 }: { refreshKey?: number }) {
  const { t, i18n } = useTranslation('email');
  const delivery = useQuery(MailDeliveryDocument);
  const enabled = !!delivery.data?.mailDelivery.devInbox;
  const { data, loading, refetch } = useQuery(MyMailboxDocument, {
    variables: { pageSize: 3 }, skip: !enabled, fetchPolicy: 'network-only', pollInterval: enabled ? 5000 : 0,
  });
  useEffect(() => {
    if (refreshKey && enabled) void refetch();
  }, [refreshKey, enabled, refetch]);
  if (!enabled) return null;
  const items = data?.myMailbox.items ?? [];
  return (
    <section aria-label={t('devInbox')} data-testid="dev-mailbox" style={{ marginTop: 24 }}>
      <Alert type="info" role="status" showIcon message={t('devInbox')} description={t('devInboxHint')} style={{ marginBottom: 12 }} />
      <List
        loading={loading}
        dataSource={items}
        locale={{ emptyText: <Empty description={t('noMail')} /> }}
        renderItem={(m) => (
          <List.Item key={m.id}>
            <div style={{ width: '100%' }}>
              <Typography.Text strong>{m.subject}</Typography.Text>
              <div style={{ color: '#667', fontSize: 12 }}>{formatDateTime(m.createdAt, i18n.language)}</div>
              <pre style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word', fontFamily: 'inherit', margin: '8px 0 0' }}>{m.text}</pre>
            </div>
          </List.Item>
        )}
      />
    </section>
  );
}
