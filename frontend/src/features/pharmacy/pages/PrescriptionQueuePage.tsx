import { Alert, Button, Empty, Segmented, Skeleton, Tag } from 'antd';
import { useQuery } from '@apollo/client/react';
import { Link, useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { OrderListEventsDocument, PrescriptionOrdersDocument } from '@/gql/graphql';
import { errorInfo } from '@/lib/errors';
import { formatDateTime } from '@/lib/dates';
import { formatCount, formatTaka } from '@/lib/money';
import { to } from '@/config/paths';
import Pager from '@/components/Pager';
import LiveBadge from '@/components/LiveBadge';
import { useLive } from '@/lib/useLive';
import MedicineImage from '../components/MedicineImage';
import RxBadge from '../components/RxBadge';
import { STATUS_COLOR } from '../components/orderStatus';
import { lineName } from '../cart/cart';
import '../i18n';
import '../rx-i18n';
import '../pharmacy.css';


/** The pharmacists' queue: orders that came with a photo of a prescription, the waiting ones first and oldest first. */
export default function PrescriptionQueuePage() {
  const { t, i18n } = useTranslation('pharmacy');
  const [params, setParams] = useSearchParams();
  const waiting = params.get('all') !== '1';
  const page = Math.max(1, Number(params.get('page') ?? 1) || 1);
  const { data, loading, error, refetch } = useQuery(PrescriptionOrdersDocument, { variables: { page, waiting }, fetchPolicy: 'cache-and-network' });
  // Live: a new photo to check, or one another pharmacist decided, changes the queue: it is read again.
  const live = useLive(OrderListEventsDocument, { refetch: () => void refetch(), onEvent: (event) => { if (event.type === 'CHANGE') void refetch(); } });
  const result = data?.prescriptionOrders;
  const set = (next: Record<string, string | null>) => {
    const p = new URLSearchParams(params);
    for (const [k, v] of Object.entries(next)) if (v) p.set(k, v); else p.delete(k);
    setParams(p, { replace: true });
  };
  return (
    <div className="card">
      <div className="live-head"><h1 className="page-title">{t('prescriptionQueue')}</h1><LiveBadge state={live} /></div>
      <p className="med-meta">{t('prescriptionQueueIntro')}</p>
      <Segmented value={waiting ? 'waiting' : 'all'} onChange={(v) => set({ all: v === 'all' ? '1' : null, page: null })} style={{ marginBottom: 16 }}
        options={[{ value: 'waiting', label: t('waitingOnly') }, { value: 'all', label: t('allChecked') }]} />
      {error ? <Alert type="error" showIcon message={errorInfo(error).message} /> : loading && !result ? <Skeleton active /> : result?.items.length === 0 ? (
        <Empty description={t('noPrescriptionOrders')} />
      ) : (
        <div className="order-cards">
          {result?.items.map((o) => (
            <section key={o.id} className="card" style={{ border: '1px solid #e3e8e6' }} data-testid="rx-order">
              <div className="order-head">
                <span>{t('customerLine', { name: o.customerName, city: o.shippingCity })} · {formatDateTime(o.createdAt, i18n.language)} · {formatTaka(o.totalPoisha, i18n.language)}</span>
                <Tag color={STATUS_COLOR[o.status]}>{t(`statuses.${o.status}`)}</Tag>
              </div>
              {o.items.map((i) => (
                <div key={i.id} className="order-item">
                  <MedicineImage url={i.imageUrl} name={lineName(i)} small />
                  <span className="cart-line-body"><strong>{lineName(i)}</strong> <span className="med-meta">× {formatCount(i.quantity, i18n.language)}</span></span>
                </div>
              ))}
              {o.prescriptionRequired && <div style={{ marginTop: 8 }}><RxBadge /></div>}
              <Link to={to('pharmacistReview', { orderId: o.id })}><Button type="primary" style={{ marginTop: 8 }}>{t('checkOrder')}</Button></Link>
            </section>
          ))}
        </div>
      )}
      {result && result.pageCount > 1 && <Pager page={result.page} pageCount={result.pageCount} onChange={(p) => set({ page: String(p) })} />}
    </div>
  );
}
