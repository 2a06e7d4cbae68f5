import { Tag } from 'antd';
import { useQuery } from '@apollo/client/react';
import { useTranslation } from 'react-i18next';
import { AdminRefundsDocument, type AdminRefundsQuery, type RefundReason, type RefundStatus } from '@/gql/graphql';
import { ADMIN_TABLE_FILTERS, paths } from '@/config/paths';
import { formatDate, formatDateTime } from '@/lib/dates';
import { formatTaka } from '@/lib/money';
import AdminTable, { useTableParams, type ListOrder } from '@/components/AdminTable';
import { CODE_SLOT, TextWithCode, shortRef } from '@/lib/refs';
import '../i18n';

type Row = AdminRefundsQuery['adminRefunds']['items'][number];
const PAGE_SIZE = 20;
const STATES: RefundStatus[] = ['Requested', 'Sending', 'Completed', 'Failed'];
const REASONS: RefundReason[] = ['OrderCancelled', 'PrescriptionRejected', 'ConsultationCancelled', 'DoctorNoShow'];
const COLOR: Record<RefundStatus, string> = { Requested: 'gold', Sending: 'gold', Completed: 'green', Failed: 'red' };

/** Every refund: who, for what, how much, through which provider and where it stands; CSV of the filtered rows. */
export default function RefundsPage() {
  const { t, i18n } = useTranslation('admin');
  const table = useTableParams(ADMIN_TABLE_FILTERS[paths.adminRefunds]);
  const status = STATES.find((s) => s === table.filters.status) ?? null;
  const reason = REASONS.find((r) => r === table.filters.reason) ?? null;
  const { data, loading, error } = useQuery(AdminRefundsDocument, {
    variables: { page: table.page, pageSize: PAGE_SIZE, status, reason, sort: table.sort as ListOrder },
  });
  return (
    <AdminTable<Row>
      title={t('refunds.title')} table={table} result={data?.adminRefunds} loading={loading} error={error} csv="refunds" empty={t('refunds.none')} scrollX={760}
      filters={[
        { key: 'status', label: t('refunds.allStates'), options: STATES.map((s) => ({ value: s, label: t(`refunds.states.${s}`) })) },
        { key: 'reason', label: t('refunds.allReasons'), options: REASONS.map((r) => ({ value: r, label: t(`refunds.reasons.${r}`) })) },
      ]}
      columns={[
        { title: t('refunds.when'), key: 'when', width: 130, render: (_, r) => formatDateTime(r.createdAt, i18n.language) },
        // The email is a link: a failed refund is settled with the patient by hand (and the table's rows get a focusable cell).
        { title: t('refunds.who'), key: 'who', render: (_, r) => <><strong>{r.customerName}</strong><div><a href={`mailto:${r.customerEmail}`}>{r.customerEmail}</a></div></> },
        {
          title: t('refunds.for'), key: 'for',
          render: (_, r) => (
            <>
              <TextWithCode text={t(r.purpose === 'Order' ? 'refunds.order' : 'refunds.consultation', { ref: CODE_SLOT })} code={shortRef(r.purposeId)} />
              <div className="muted">{t(`refunds.reasons.${r.reason}`)}</div>
              <div className="muted">{t('refunds.payment', { tranId: r.paymentTranId })}</div>
            </>
          ),
        },
        {
          title: t('refunds.amount'), key: 'amount', width: 110,
          render: (_, r) => <>{formatTaka(r.amountPoisha, i18n.language)}<div className="muted">{t(`refunds.providers.${r.provider}`)}</div></>,
        },
        {
          title: t('refunds.state'), key: 'state', width: 180,
          render: (_, r) => (
            <>
              <Tag color={COLOR[r.status]} data-testid="refund-state">{t(`refunds.states.${r.status}`)}</Tag>
              {r.completedAt && <div className="muted">{t('refunds.completedOn', { date: formatDate(r.completedAt, i18n.language) })}</div>}
              {r.providerRefundId && <div className="muted">{t('refunds.refundTrx', { trx: r.providerRefundId })}</div>}
              {r.failureReason && r.status === 'Failed' && <div className="muted">{r.failureReason}</div>}
            </>
          ),
        },
      ]}
    >
      <p className="muted" style={{ marginTop: 16 }}>{t('refunds.intro')}</p>
    </AdminTable>
  );
}
