import { useEffect } from 'react';
import { Button, Result, Skeleton } from 'antd';
import { useQuery } from '@apollo/client/react';
import { Link, useParams, useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { OrderEventsDocument, PaymentByTranIdDocument } from '@/gql/graphql';
import { useLive } from '@/lib/useLive';
import { formatTaka } from '@/lib/money';
import { paths } from '@/config/paths';
import { clearCart } from '../cart/cart';
import '../i18n';

/**
 * Where the browser lands after bKash or Nagad: /order/payment/successfull/:tranId on success,
 * /order/payment/failed/:tranId otherwise. The page asks the server (never the URL) what happened.
 */
export default function PaymentResultPage() {
  const { tranId = '' } = useParams();
  const [params] = useSearchParams();
  const { t, i18n } = useTranslation('pharmacy');
  const known = tranId !== 'unknown';
  const { data, loading, refetch } = useQuery(PaymentByTranIdDocument, { variables: { tranId }, skip: !known, fetchPolicy: 'network-only' });
  const payment = data?.payment;
  const status = payment?.status ?? (known ? undefined : 'Failed');
  const isOrder = payment ? payment.purpose === 'Order' : !window.location.pathname.startsWith('/payment/');
  const historyPath = isOrder ? paths.myOrder : paths.myBooking;
  // While the provider's answer is awaited: the order's payment, heard the moment it is recorded.
  const pending = status === 'Initiated' && payment?.purpose === 'Order';
  useLive(OrderEventsDocument, { variables: { id: payment?.purposeId ?? '' }, skip: !pending, refetch: () => void refetch(), onEvent: () => void refetch() });

  // The order holds the items now; the cart is emptied once the payment is confirmed.
  useEffect(() => {
    if (status === 'Completed' && payment?.purpose === 'Order') clearCart();
  }, [status, payment?.purpose]);

  if (loading && !payment) return <div className="card"><Skeleton active /></div>;
  if (status === 'Completed') {
    return (
      <div className="card">
        <Result status="success" title={t('paymentSuccess')}
          subTitle={payment ? t('paymentSuccessText', { amount: formatTaka(payment.amountPoisha, i18n.language), tranId: payment.tranId }) : undefined}
          extra={<Link to={historyPath}><Button type="primary" size="large">{t('done')}</Button></Link>} />
      </div>
    );
  }
  if (status === 'Initiated') {
    return (
      <div className="card">
        <Result status="info" title={t('paymentPending')} subTitle={t('paymentPendingText')}
          extra={[<Button key="again" type="primary" onClick={() => void refetch()}>{t('checkAgain')}</Button>, <Link key="orders" to={historyPath}><Button>{isOrder ? t('myOrders') : t('myBookings')}</Button></Link>]} />
      </div>
    );
  }
  return (
    <div className="card">
      <Result status="warning" title={status === 'Cancelled' || params.get('status') === 'cancelled' ? t('paymentCancelled') : t('paymentFailed')}
        subTitle={isOrder ? t('paymentFailedText') : t('paymentFailedConsultation')}
        extra={isOrder
          ? [<Link key="cart" to={paths.cart}><Button type="primary">{t('backToCart')}</Button></Link>, <Link key="orders" to={paths.myOrder}><Button>{t('myOrders')}</Button></Link>]
          : [<Link key="bookings" to={historyPath}><Button type="primary">{t('myBookings')}</Button></Link>]} />
    </div>
  );
}
