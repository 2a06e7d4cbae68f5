import { useState } from 'react';
import { Alert, App, Button, Empty, Modal, Popconfirm, Select, Table, Tag } from 'antd';
import { useMutation, useQuery } from '@apollo/client/react';
import { useTranslation } from 'react-i18next';
import { AdminOrdersDocument, ArchiveOrderDocument, UpdateOrderStatusDocument, type AdminOrdersQuery, type OrderStatus } from '@/gql/graphql';
import { errorInfo } from '@/lib/errors';
import { formatDate } from '@/lib/dates';
import { formatTaka } from '@/lib/money';
import Pager from '@/components/Pager';
import MedicineImage from '../components/MedicineImage';
import { STATUS_COLOR } from './MyOrdersPage';
import '../i18n';
import '../pharmacy.css';

type Row = AdminOrdersQuery['adminOrders']['items'][number];
const PAGE_SIZE = 20;

/** The moves an admin can make from each status (the server enforces the same map). */
export const NEXT_STATUSES: Record<OrderStatus, OrderStatus[]> = {
  Processing: ['Confirmed', 'Cancelled'],
  Confirmed: ['Delivered', 'Cancelled'],
  Delivered: [],
  Cancelled: [],
};

export default function AdminOrdersPage() {
  const { t, i18n } = useTranslation('pharmacy');
  const { message } = App.useApp();
  const [page, setPage] = useState(1);
  const [status, setStatus] = useState<OrderStatus | undefined>();
  const [editing, setEditing] = useState<Row | null>(null);
  const [next, setNext] = useState<OrderStatus | ''>('');
  const { data, loading, error, refetch } = useQuery(AdminOrdersDocument, { variables: { page, pageSize: PAGE_SIZE, status } });
  const [updateStatus, updating] = useMutation(UpdateOrderStatusDocument);
  const [archive] = useMutation(ArchiveOrderDocument);
  const result = data?.adminOrders;
  const money = (p: number) => formatTaka(p, i18n.language);

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
    <div className="card">
      <div style={{ display: 'flex', justifyContent: 'space-between', gap: 8, flexWrap: 'wrap' }}>
        <h1 className="page-title">{t('allOrders')}</h1>
        <Select style={{ minWidth: 180 }} value={status ?? ''} aria-label={t('status')}
          onChange={(v) => { setStatus((v || undefined) as OrderStatus | undefined); setPage(1); }}
          options={[{ value: '', label: t('allStatuses') }, ...(['Processing', 'Confirmed', 'Delivered', 'Cancelled'] as const).map((s) => ({ value: s, label: t(`statuses.${s}`) }))]} />
      </div>
      {error && <Alert type="error" showIcon message={errorInfo(error).message} style={{ marginBottom: 16 }} />}
      <Table<Row>
        rowKey="id"
        loading={loading}
        dataSource={result?.items ?? []}
        pagination={false}
        scroll={{ x: 860 }}
        locale={{ emptyText: <Empty description={t('noOrdersAdmin')} /> }}
        columns={[
          { title: t('image'), key: 'img', width: 80, render: (_, o) => <MedicineImage url={o.items[0]?.imageUrl} name={o.items[0]?.name ?? ''} small /> },
          {
            title: t('name'), key: 'name',
            render: (_, o) => (
              <>
                <strong>{o.items.map((i) => i.name).join(', ')}</strong>
                <div className="med-meta">{t('customer')}: {o.customerName} · {o.shippingPhone} · {o.shippingCity}</div>
                <div className="med-meta">{formatDate(o.createdAt, i18n.language)} · {money(o.totalPoisha)} · {t(`payments.${o.paymentStatus}`)}</div>
              </>
            ),
          },
          { title: t('quantity'), key: 'qty', width: 100, render: (_, o) => o.items.reduce((s, i) => s + i.quantity, 0) },
          {
            title: t('status'), key: 'status', width: 150,
            render: (_, o) => (
              <Button size="small" disabled={NEXT_STATUSES[o.status].length === 0} data-testid="order-status"
                onClick={() => { setEditing(o); setNext(''); }}>
                <Tag color={STATUS_COLOR[o.status]} style={{ margin: 0 }}>{t(`statuses.${o.status}`)}</Tag>
              </Button>
            ),
          },
          {
            title: t('delete'), key: 'delete', width: 90,
            render: (_, o) => (
              <Popconfirm title={t('deleteConfirm')} onConfirm={() => remove(o.id)} okText={t('delete')} okButtonProps={{ danger: true }}>
                <Button danger size="small" disabled={o.status !== 'Delivered' && o.status !== 'Cancelled'}>{t('delete')}</Button>
              </Popconfirm>
            ),
          },
        ]}
      />
      {result && result.total > 0 && <Pager page={result.page} pageCount={result.pageCount} onChange={setPage} />}
      <Modal open={!!editing} title={t('updateStatusTitle')} onCancel={() => setEditing(null)} onOk={() => void saveStatus()}
        okText={t('update')} okButtonProps={{ disabled: !next, loading: updating.loading, danger: next === 'Cancelled' }}>
        <Select style={{ width: '100%' }} value={next} onChange={(v) => setNext(v)} aria-label={t('chooseStatus')}
          options={[{ value: '', label: t('updateStatus') }, ...(editing ? NEXT_STATUSES[editing.status] : []).map((s) => ({ value: s, label: t(`statuses.${s}`) }))]} />
      </Modal>
    </div>
  );
}
