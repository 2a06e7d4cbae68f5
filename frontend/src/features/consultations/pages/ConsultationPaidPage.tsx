import { useEffect, useState } from 'react';
import { Alert, Button, Skeleton, Statistic } from 'antd';
import PageResult from '@/components/PageResult';
import { useQuery } from '@apollo/client/react';
import { useParams, useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { AppointmentDocument, ConsultationPaymentDocument } from '@/gql/graphql';
import { formatTaka } from '@/lib/money';
import { readerDigits } from '@/lib/digits';
import { errorInfo } from '@/lib/errors';
import '../i18n';

export const WAIT_MS = 5 * 60 * 1000;
const MEETING_KEY = 'meetingUrl';

/**
 * /payment/successfull/:tranId: 'Payment Success', then the 5-minute wait page; Done opens the room.
 * The wait page is in the URL (?wait=1), so a reload keeps it, and its countdown runs from the
 * payment's own time, so a reload does not start it again.
 */
export default function ConsultationPaidPage() {
  const { tranId = '' } = useParams();
  const { t, i18n } = useTranslation('consultations');
  const payment = useQuery(ConsultationPaymentDocument, { variables: { tranId } });
  const p = payment.data?.payment;
  const appointment = useQuery(AppointmentDocument, { variables: { id: p?.purposeId ?? '' }, skip: !p || p.status !== 'Completed' });
  const [params, setParams] = useSearchParams();
  const waiting = params.get('wait') === '1';
  const meetingUrl = appointment.data?.appointment.meetingUrl ?? null;

  // The callback may land before the provider's answer is recorded: ask again for a little while.
  useEffect(() => {
    if (p?.status !== 'Initiated') return;
    const id = setInterval(() => void payment.refetch(), 2000);
    return () => clearInterval(id);
  }, [p?.status, payment]);

  useEffect(() => {
    if (meetingUrl) localStorage.setItem(MEETING_KEY, meetingUrl);
  }, [meetingUrl]);

  if (payment.loading) return <Skeleton active />;
  if (payment.error || !p) return <Alert type="error" showIcon message={payment.error ? errorInfo(payment.error).message : t('paymentNotFound')} />;
  if (p.status === 'Initiated') return <PageResult status="info" title={t('paymentPending')} />;
  if (p.status !== 'Completed') return <Alert type="error" showIcon message={t('paymentNotFound')} />;

  if (!waiting) {
    return (
      <PageResult
        status="success"
        title={t('paymentSuccess')}
        subTitle={`${t('amount')}: ${formatTaka(p.amountPoisha, i18n.language)} · ${t('tranId')}: ${p.tranId}`}
        extra={<Button type="primary" size="large" onClick={() => setParams({ wait: '1' })}>{t('continue')}</Button>}
      />
    );
  }
  return <WaitRoom meetingUrl={meetingUrl} since={p.completedAt ? Date.parse(p.completedAt) : undefined} />;
}

export function WaitRoom({ meetingUrl, since }: { meetingUrl: string | null; since?: number }) {
  const { t, i18n } = useTranslation('consultations');
  const [deadline] = useState(() => (since ?? Date.now()) + WAIT_MS);
  const [now, setNow] = useState(Date.now());
  useEffect(() => {
    const id = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(id);
  }, []);
  const url = meetingUrl ?? localStorage.getItem(MEETING_KEY);
  function done() {
    localStorage.removeItem(MEETING_KEY);
    if (url) window.location.assign(url);
  }
  const left = Math.max(0, deadline - now);
  return (
    <div className="card auth-card" style={{ textAlign: 'center' }} data-testid="wait-room">
      <h1 className="page-title">{t('waitTitle')}</h1>
      <Statistic value={readerDigits(`${String(Math.floor(left / 60000)).padStart(2, '0')}:${String(Math.floor((left % 60000) / 1000)).padStart(2, '0')}`, i18n.language)} data-testid="countdown" />
      <p>{t('waitText')}</p>
      {!url && <Alert type="info" showIcon message={t('meetingNotReady')} style={{ marginBottom: 12 }} />}
      <Button type="primary" size="large" onClick={done} disabled={!url}>{t('done')}</Button>
    </div>
  );
}
