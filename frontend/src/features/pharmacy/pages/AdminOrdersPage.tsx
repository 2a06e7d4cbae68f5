import { useState } from 'react';
import { App, Button, Modal, Popconfirm, Select, Tag } from 'antd';
import { useMutation, useQuery } from '@apollo/client/react';
import { useTranslation } from 'react-i18next';
import { readerDigits } from '@/lib/digits';
import { AdminOrdersDocument, ArchiveOrderDocument, UpdateOrderStatusDocument, type AdminOrdersQuery, type OrderPaymentStatus, type OrderStatus } from '@/gql/graphql';
import { ADMIN_TABLE_FILTERS, paths, to } from '@/config/paths';
import { errorInfo } from '@/lib/errors';
import { formatDate } from '@/lib/dates';
import { formatCount, formatTaka } from '@/lib/money';
import AdminTable, { actionsColumn, useTableParams, type ListOrder } from '@/components/AdminTable';
import MedicineImage from '../components/MedicineImage';
import { STATUS_COLOR } from '../components/orderStatus';
import RefundLines from '../components/RefundLines';
import RxBadge from '../components/RxBadge';

import { lineName } from '../cart/cart';
import { CareForLine } from '@/components/CareForFilter';
import ButtonLink from '@/components/ButtonLink';
import '../i18n';
import '../rx-i18n';
import '../orders-i18n';
import '../admin-i18n';
import '../pharmacy.css';

type Row = AdminOrdersQuery['adminOrders']['items'][number];

/** The statuses a table can filter by (the OrderStatus enum); the moves come from each order's nextStatuses. */
const STATUSES: OrderStatus[] = ['PrescriptionCheck', 'Processing', 'Confirmed', 'Delivered', 'Cancelled'];
const PAYMENTS: OrderPaymentStatus[] = ['Paid', 'Pending', 'Failed'];

export default function AdminOrdersPage() {
  const { t, i18n } = useTranslation('pharmacy');
  const { message, modal } = App.useApp();
  const table = useTableParams(ADMIN_TABLE_FILTERS[paths.adminOrders]);
  const status = STATUSES.find((s) => s === table.filters.status) ?? null;
  const paymentStatus = PAYMENTS.find((p) => p === table.filters.paymentStatus) ?? null;
  const [editing, setEditing] = useState<Row | null>(null);
  const [next, setNext] = useState<OrderStatus | ''>('');
  const { data, loading, error, refetch } = useQuery(AdminOrdersDocument, { variables: { page: table.page, status, paymentStatus, sort: table.sort as ListOrder } });
  const [updateStatus, updating] = useMutation(UpdateOrderStatusDocument);
  const [archive] = useMutation(ArchiveOrderDocument);
  const result = data?.adminOrders;
  const money = (p: number) => formatTaka(p, i18n.language);

  /** Cancelling a paid order sends money back: asked once more, with the amount and where it goes. */
  function confirmStatus() {
    if (!editing || !next) return;
    if (next !== 'Cancelled' || editing.paymentStatus !== 'Paid') {
      void saveStatus();
      return;
    }
    modal.confirm({
      title: t('cancelPaidTitle'),
      content: t('cancelPaidText', { amount: money(editing.totalPoisha), provider: editing.paymentMethod === 'Nagad' ? 'Nagad' : 'bKash' }),
      okText: t('cancelPaidOk'), okButtonProps: { danger: true }, cancelText: t('keepOrder'),
      onOk: saveStatus,
    });
  }

  async function saveStatus() {
    if (!editing || !next) return;
    try {
      await updateStatus({ variables: { id: editing.id, status: next } });
      void message.success(t('statusUpdated'));
      setEditing(null);
      await refetch();
    } catch (e) {
      void message.error(errorInfo(e).message);
    }
  }

  async function remove(id: string) {
    try {
      await archive({ variables: { id } });
      void message.success(t('deleted'));
      await refetch();
    } catch (e) {
      void message.error(errorInfo(e).message);
    }
  }

  return (
    <AdminTable<Row>
        title={t('allOrders')} table={table} result={result} loading={loading} error={error}
        csv="orders" empty={t('noOrdersAdmin')} scrollX={860}
        filters={[
          { key: 'status', label: t('allStatuses'), options: STATUSES.map((s) => ({ value: s, label: t(`statuses.${s}`) })) },
          { key: 'paymentStatus', label: t('anyPayment'), options: PAYMENTS.map((p) => ({ value: p, label: t(`payments.${p}`) })) },
        ]}
        columns={[
          { title: t('image'), key: 'img', width: 80, render: (_, o) => <MedicineImage url={o.items[0]?.imageUrl} name={o.items[0]?.name ?? ''} small /> },
          {
            title: t('name'), key: 'name',
            render: (_, o) => (
              <>
                <strong>{o.items.map(lineName).join(', ')}</strong>
                <div className="med-meta">{t('customer')}: {o.customerName} · {readerDigits(o.shippingPhone, i18n.language)} · {o.shippingCity}</div>
                <CareForLine careFor={o.careFor} />
                <div className="med-meta">{formatDate(o.createdAt, i18n.language)} · {money(o.totalPoisha)} · {t(`payments.${o.paymentStatus}`)}</div>
                {o.prescriptionRequired && <RxBadge />}
                <RefundLines refunds={o.refunds} />
              </>
            ),
          },
          { title: t('quantity'), key: 'qty', width: 100, render: (_, o) => formatCount(o.items.reduce((s, i) => s + i.quantity, 0), i18n.language) },
          // The status (which opens its change) and Delete are the table's pinned column: at 390 px the
          // status was beyond the table's right edge, and the page read as having none.
          actionsColumn<Row>(t('status'), (o) => (
            <>
              {o.status === 'PrescriptionCheck' ? (
                // An order waiting for its prescription check is decided on the check screen, with the photo beside it.
                <ButtonLink to={to('pharmacistReview', { orderId: o.id })} size="small"><Tag color={STATUS_COLOR[o.status]} style={{ margin: 0 }}>{t(`statuses.${o.status}`)}</Tag></ButtonLink>
              ) : (
                <Button size="small" disabled={o.nextStatuses.length === 0} data-testid="order-status"
                  onClick={() => { setEditing(o); setNext(''); }}>
                  <Tag color={STATUS_COLOR[o.status]} style={{ margin: 0 }}>{t(`statuses.${o.status}`)}</Tag>
                </Button>
              )}
              {o.nextStatuses.length === 0 && (
                <Popconfirm title={t('deleteConfirm')} onConfirm={() => remove(o.id)} okText={t('delete')} okButtonProps={{ danger: true }}>
                  <Button danger size="small">{t('delete')}</Button>
                </Popconfirm>
              )}
            </>
          ), 170),
        ]}
    >
      <Modal open={!!editing} title={t('updateStatusTitle')} onCancel={() => setEditing(null)} onOk={confirmStatus}
        okText={t('update')} okButtonProps={{ disabled: !next, loading: updating.loading, danger: next === 'Cancelled' }}>
        <Select style={{ width: '100%' }} value={next} onChange={(v) => setNext(v)} aria-label={t('chooseStatus')}
          options={[{ value: '', label: t('updateStatus') }, ...(editing?.nextStatuses ?? []).map((s) => ({ value: s, label: t(`statuses.${s}`) }))]} />
      </Modal>
    </AdminTable>
  );
}
