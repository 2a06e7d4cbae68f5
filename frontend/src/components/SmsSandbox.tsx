import { useEffect } from 'react';
import { Alert } from 'antd';
import { useQuery } from '@apollo/client/react';
import { useTranslation } from 'react-i18next';
import { SmsSandboxDocument } from '@/gql/graphql';
import { formatDateTime } from '@/lib/dates';
import './care-i18n';

/**
 * In development (the SMS sandbox, no real gateway) the server shows the texts a number got in the
 * last minutes, standing in for the phone, as the Confirm Email screen shows the mail. The server
 * answers null elsewhere, and nothing is shown.
 */
export default function SmsSandbox({ phone, refreshKey = 0 }: { phone: string; refreshKey?: number }) {
  const { t, i18n } = useTranslation('common');
  const { data, refetch } = useQuery(SmsSandboxDocument, { variables: { phone }, fetchPolicy: 'network-only', pollInterval: 3000 });
  useEffect(() => {
    if (refreshKey) void refetch();
  }, [refreshKey, refetch]);
  const texts = data?.smsSandbox;
  if (!texts) return null;
  return (
    <section aria-label={t('phoneCode.sandbox')} data-testid="sms-sandbox" className="sms-sandbox">
      <Alert type="info" role="status" showIcon message={t('phoneCode.sandbox')} description={t('phoneCode.sandboxHint')} style={{ marginBottom: 12 }} />
      {texts.length === 0 && <p className="muted">{t('phoneCode.noTexts')}</p>}
      <ul>
        {texts.map((s) => (
          <li key={s.id}>
            <div className="muted" style={{ fontSize: 12 }}>{formatDateTime(s.createdAt, i18n.language)}</div>
            <pre>{s.body}</pre>
          </li>
        ))}
      </ul>
    </section>
  );
}
