import { useEffect, useState } from 'react';
import { Alert, App, Button, Empty, Skeleton, Tag } from 'antd';
import { useMutation, useQuery } from '@apollo/client/react';
import { Link, useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { MyOrdersDocument, OrderListEventsDocument, PayForOrderDocument } from '@/gql/graphql';
import { errorInfo } from '@/lib/errors';
import { formatDate } from '@/lib/dates';
import { formatTaka } from '@/lib/money';
import { readerDigits } from '@/lib/digits';
import { paths } from '@/config/paths';
import Pager from '@/components/Pager';
import LiveBadge from '@/components/LiveBadge';
import { useLive } from '@/lib/useLive';
import CareForFilter, { CareForLine, useCareFor } from '@/components/CareForFilter';
import MedicineImage from '../components/MedicineImage';
import { useUnitLabel } from '../components/useUnitLabel';
import { STATUS_COLOR } from '../components/orderStatus';
import { lineName, updateCart } from '../cart/cart';
import { fillFromPrescription, setCartPrescription } from '../cart/cartPrescription';
import DispensingSummary from '@/components/DispensingSummary';
import { flash } from '@/lib/flash';
import RefundLines from '../components/RefundLines';
import PrescriptionPhoto from '../components/PrescriptionPhoto';
import { useFreshLinks } from '@/lib/fresh-links';
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
  const { data, loading, error, refetch } = useQuery(MyOrdersDocument, { variables: { page, careFor } });
  // Live: the prescription check's result, the payment, each status move and a refund show here as
  // they happen (Apollo's cache updates the order in place; a new order joins the list).
  const live = useLive(OrderListEventsDocument, {
    refetch: () => void refetch(),
    onEvent: (event) => {
      const id = (event.order as { id?: string } | null | undefined)?.id;
      if (event.type === 'CHANGE' && id && !data?.myOrders.items.some((o) => o.id === id)) void refetch();
    },
  });
  const [payFor, paying] = useMutation(PayForOrderDocument);
  const result = data?.myOrders;
  const navigate = useNavigate();

  /**
   * "Order again" on a paper prescription a pharmacist recorded: its medicines into the cart, one course
   * each within what is left, with the prescription beside them; the quote and checkout decide the rest.
   */
  function orderAgain(o: NonNullable<typeof result>['items'][number]) {
    const paper = o.paperPrescription!;
    const chosen = paper.lines.flatMap((line) => {
      const item = o.items.find((i) => i.medicineId === line.medicineId);
      if (!item || line.expired || line.remaining <= 0) return [];
      return [{
        item: { id: item.medicineId, name: item.name, strength: item.strength, unit: item.unit, imageUrl: item.imageUrl, pricePoisha: item.unitPricePoisha, stock: line.remaining, prescriptionRequired: true },
        quantity: Math.min(line.course, line.remaining),
      }];
    });
    updateCart((c) => fillFromPrescription(c, chosen));
    setCartPrescription({ id: paper.id, kind: 'paper', issuedAt: String(paper.createdAt) });
    flash(t('addedFromPrescription'), 'success', 5000);
    navigate(paths.cart);
  }

  // The photos' links work for minutes: asked for again before they stop.
  useFreshLinks(result?.items.map((o) => o.prescriptionImageExpiresAt) ?? [], refetch);

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
      <div className="live-head"><h1 className="page-title">{t('myOrders')}</h1><LiveBadge state={live} /></div>
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
                  <Tag color={o.paymentStatus === 'Paid' ? 'green' : o.paymentStatus === 'Failed' ? 'red' : 'gold'}>{t(`payments.${o.paymentStatus}`)}</Tag>
                  {o.paymentUrl && <Button size="small" type="primary" href={o.paymentUrl}>{t('payNow')}</Button>}
                  {o.canPay && !o.paymentUrl && <Button size="small" type="primary" loading={paying.loading} onClick={() => void pay(o.id)}>{t('payNow')}</Button>}
                </span>
              </div>
              {o.status === 'PrescriptionCheck' && <Alert type="info" showIcon message={t('waitingCheck')} style={{ marginBottom: 8 }} />}
              {o.canPay && <Alert type="success" showIcon message={t('approvedPay')} style={{ marginBottom: 8 }} />}
              {o.cancelReason === 'PRESCRIPTION_REJECTED' && (
                <Alert type="warning" showIcon message={o.prescriptionNote ? t('rejectedNote', { note: o.prescriptionNote }) : t('rejectedNoNote')} style={{ marginBottom: 8 }} />
              )}
              {o.prescriptionImageUrl && (
                <a href={o.prescriptionImageUrl} target="_blank" rel="noreferrer" className="rx-thumb-link" data-testid="rx-photo-link">
                  <PrescriptionPhoto url={o.prescriptionImageUrl} onExpired={refetch} thumbnail testId="rx-thumb" />
                  <span>{t('viewPrescription')}</span>
                </a>
              )}
              {o.paperPrescription && (
                <div className="paper-rx" data-testid="paper-prescription">
                  <span>{t('paperPrescription', { date: formatDate(o.paperPrescription.createdAt, i18n.language) })}</span>
                  {o.paperPrescription.lines.some((l) => !l.expired && l.remaining > 0) && (
                    <Button size="small" onClick={() => orderAgain(o)} data-testid="order-again">{t('orderAgain')}</Button>
                  )}
                </div>
              )}
              <RefundLines refunds={o.refunds} />
              {o.items.map((i) => (
                <div key={i.id} className="order-item">
                  <MedicineImage url={i.imageUrl} name={lineName(i)} small eager={n === 0} />
                  <div className="cart-line-body">
                    <strong>{lineName(i)}</strong>
                    <span className="med-meta">{t('quantityOf', { count: i.quantity, unit: unitLabel(i.unit) })}</span>
                    <div>{t('totalPrice', { amount: readerDigits((i.lineTotalPoisha / 100).toFixed(2), i18n.language) })}</div>
                    {i.prescriptionLine && <DispensingSummary line={i.prescriptionLine} />}
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
