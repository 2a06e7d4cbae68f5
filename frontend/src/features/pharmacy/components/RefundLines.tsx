import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { RefundSummaryFragment } from '@/gql/graphql';
import { formatTaka } from '@/lib/money';
import { formatDate } from '@/lib/dates';
import { REFUND_COLOR } from './orderStatus';
import '../i18n';
import '../rx-i18n';

/** An order's refunds: amount, state, when (its patient sees money going back without asking). */
export default function RefundLines({ refunds }: { refunds: RefundSummaryFragment[] }) {
  const { t, i18n } = useTranslation('pharmacy');
  return (
    <>
      {refunds.map((r) => (
        <div key={r.id} className="refund-line" data-testid="refund-line">
          <strong>{t('refundLine', { amount: formatTaka(r.amountPoisha, i18n.language) })}</strong>{' '}
          <Tag color={REFUND_COLOR[r.status]}>{t(`refundStatuses.${r.status}`)}</Tag>
          <span className="med-meta">{r.completedAt ? formatDate(r.completedAt, i18n.language) : t('refundWhen', { date: formatDate(r.createdAt, i18n.language) })}</span>
        </div>
      ))}
    </>
  );
}
