import { useEffect, useState } from 'react';
import { Alert, App, Button, Empty, Skeleton, Tag } from 'antd';
import { useMutation, useQuery } from '@apollo/client/react';
import { Link, useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { MyOrdersDocument, PayForOrderDocument } from '@/gql/graphql';
import { errorInfo } from '@/lib/errors';
import { formatDate } from '@/lib/dates';
import { formatTaka } from '@/lib/money';
import { readerDigits } from '@/lib/digits';
import { paths } from '@/config/paths';
import Pager from '@/components/Pager';
import CareForFilter, { CareForLine, useCareFor } from '@/components/CareForFilter';
import MedicineImage from '../components/MedicineImage';
import { useUnitLabel } from '../components/useUnitLabel';
import { STATUS_COLOR } from '../components/orderStatus';
import { lineName, updateCart } from '../cart/cart';
import { orderAgain } from '../cart/orderAgain';
import RefundLines from '../components/RefundLines';
import { goToPayment } from '../components/goToPayment';
import '../i18n';
import '../rx-i18n';
import '../pharmacy.css';


export default function MyOrdersPage() {
  const { t, i18n } = useTranslation('pharmacy');
  const unitLabel = useUnitLabel();
  const [page, setPage] = useState(1);
  const { message } = App.useApp();
  const careFor = useCareFor();
  useEffect(() => setPage(1), [careFor]);
  const { data, loading, error } = useQuery(MyOrdersDocument, { variables: { page, careFor } });
  const [payFor, paying] = useMutation(PayForOrderDocument);
  const result = data?.myOrders;
  const navigate = useNavigate();

  async function pay(id: string) {
    try {
      const res = await payFor({ variables: { id } });
      goToPayment.assign(res.data!.payForOrder.paymentUrl);
    } catch (e) {
      void message.error(errorInfo(e).message);
    }
  }
  return (
    <div className="card">
      <h1 className="page-title">{t('myOrders')}</h1>
      <CareForFilter />
      {error ? <Alert type="error" showIcon message={errorInfo(error).message} /> : loading && !result ? <Skeleton active /> : result?.items.length === 0 ? (
        <Empty description={t('noOrders')}><Link to={paths.medicine}>{t('orderSome')}</Link></Empty>
      ) : (
        <div className="order-cards">
          {result?.items.map((o, n) => (
            <section key={o.id} className="card" style={{ border: '1px solid #e3e8e6' }} data-testid="order-card">
              <div className="order-head">
                <span>{t('orderedOn', { date: formatDate(o.createdAt, i18n.language) })} · {t('orderTotal', { amount: formatTaka(o.totalPoisha, i18n.language) })} <CareForLine careFor={o.careFor} /></span>
                <span>
                  {/* A cancelled order is awaiting nothing: its status says it, no payment tag beside it. */}
                  {!(o.status === 'Cancelled' && o.paymentStatus === 'Pending') && (
                    <Tag color={o.paymentStatus === 'Paid' ? 'green' : o.paymentStatus === 'Failed' ? 'red' : 'gold'}>{t(`payments.${o.paymentStatus}`)}</Tag>
                  )}
                  {o.paymentUrl && <Button size="small" type="primary" href={o.paymentUrl}>{t('payNow')}</Button>}
                  {o.canPay && !o.paymentUrl && <Button size="small" type="primary" loading={paying.loading} onClick={() => void pay(o.id)}>{t('payNow')}</Button>}
                </span>
              </div>
              {o.status === 'PrescriptionCheck' && <Alert type="info" showIcon message={t('waitingCheck')} style={{ marginBottom: 8 }} />}
              {o.canPay && <Alert type="success" showIcon message={t('approvedPay')} style={{ marginBottom: 8 }} />}
              {o.cancelReason === 'PRESCRIPTION_REJECTED' && (
                <Alert type="warning" showIcon message={o.prescriptionNote ? t('rejectedNote', { note: o.prescriptionNote }) : t('rejectedNoNote')} style={{ marginBottom: 8 }} />
              )}
              {o.prescriptionImageUrl && <a href={o.prescriptionImageUrl} target="_blank" rel="noreferrer">{t('viewPrescription')}</a>}
              <RefundLines refunds={o.refunds} />
              {(o.status === 'Cancelled' || o.status === 'Delivered') && (
                // The way on from an order that ended: its medicines back in the cart (a rejected prescription: a new photo at checkout).
                <Button size="small" style={{ marginBottom: 8 }} onClick={() => { updateCart((c) => orderAgain(c, o.items)); navigate(paths.cart); }}>
                  {t(o.cancelReason === 'PRESCRIPTION_REJECTED' ? 'orderAgainNewPhoto' : 'orderAgain')}
                </Button>
              )}
              {o.items.map((i) => (
                <div key={i.id} className="order-item">
                  <MedicineImage url={i.imageUrl} name={lineName(i)} small eager={n === 0} />
                  <div className="cart-line-body">
                    <strong>{lineName(i)}</strong>
                    <span className="med-meta">{t('quantityOf', { count: i.quantity, unit: unitLabel(i.unit) })}</span>
                    <div>{t('totalPrice', { amount: readerDigits((i.lineTotalPoisha / 100).toFixed(2), i18n.language) })}</div>
                  </div>
                  <Tag color={STATUS_COLOR[o.status]}>{t('status')}: {t(`statuses.${o.status}`)}</Tag>
                </div>
              ))}
            </section>
          ))}
        </div>
      )}
      {result && result.pageCount > 1 && <Pager page={result.page} pageCount={result.pageCount} onChange={setPage} />}
    </div>
  );
}
