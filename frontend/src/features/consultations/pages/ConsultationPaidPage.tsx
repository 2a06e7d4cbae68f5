import { useEffect, useState } from 'react';
import { Alert, Button, Result, Skeleton, Statistic, Tag } from 'antd';
import { useQuery } from '@apollo/client/react';
import { useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { ConsultationPaymentDocument, WaitRoomDocument, WaitRoomEventsDocument, type WaitRoomAppointmentFragment } from '@/gql/graphql';
import { formatTaka } from '@/lib/money';
import { readerDigits } from '@/lib/digits';
import { formatDate, formatTime } from '@/lib/dates';
import { errorInfo } from '@/lib/errors';
import { useLive } from '@/lib/useLive';
import type { LiveState } from '@/lib/live';
import { useDoctorTitle } from '@/lib/doctorTitles';
import { paths } from '@/config/paths';
import LiveBadge from '@/components/LiveBadge';
import '../i18n';
import '../consultations.css';

export const WAIT_MS = 5 * 60 * 1000;
const MEETING_KEY = 'meetingUrl';
/** While live updates cannot reach the device, the wait page asks again this often: a patient is waiting. */
const WAIT_POLL_MS = 10_000;

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
  const [params, setParams] = useSearchParams();
  const waiting = params.get('wait') === '1';

  // The callback may land before the provider's answer is recorded: ask again for a little while.
  useEffect(() => {
    if (p?.status !== 'Initiated') return;
    const id = setInterval(() => void payment.refetch(), 2000);
    return () => clearInterval(id);
  }, [p?.status, payment]);

  if (payment.loading) return <Skeleton active />;
  if (payment.error || !p) return <Alert type="error" showIcon message={payment.error ? errorInfo(payment.error).message : t('paymentNotFound')} />;
  if (p.status === 'Initiated') return <Result status="info" title={t('paymentPending')} />;
  if (p.status !== 'Completed') return <Alert type="error" showIcon message={t('paymentNotFound')} />;

  if (!waiting) {
    return (
      <Result
        status="success"
        title={t('paymentSuccess')}
        subTitle={`${t('amount')}: ${formatTaka(p.amountPoisha, i18n.language)} · ${t('tranId')}: ${p.tranId}`}
        extra={<Button type="primary" size="large" onClick={() => setParams({ wait: '1' })}>{t('continue')}</Button>}
      />
    );
  }
  return <WaitRoom appointmentId={p.purposeId} since={p.completedAt ? Date.parse(p.completedAt) : undefined} />;
}

/**
 * The waiting room: follows its consultation live (lib/live.ts), so it changes by itself when the
 * doctor comes online, starts the meeting (one tap to join), finishes, or never comes (the refund).
 */
export function WaitRoom({ appointmentId, since }: { appointmentId: string; since?: number }) {
  const { data, error, refetch } = useQuery(WaitRoomDocument, { variables: { id: appointmentId }, fetchPolicy: 'cache-and-network' });
  const live = useLive(WaitRoomEventsDocument, { variables: { id: appointmentId }, refetch: () => void refetch(), pollMs: WAIT_POLL_MS });
  const appointment = data?.appointment ?? null;
  const meetingUrl = appointment?.meetingUrl ?? null;
  useEffect(() => {
    if (meetingUrl) localStorage.setItem(MEETING_KEY, meetingUrl);
  }, [meetingUrl]);
  if (error && !appointment) return <Alert type="error" showIcon message={errorInfo(error).message} />;
  return <WaitRoomView appointment={appointment} since={since} live={live} pollSeconds={WAIT_POLL_MS / 1000} />;
}

type Phase = 'waiting' | 'late' | 'started' | 'finished' | 'noShow' | 'cancelled';

function phaseOf(a: WaitRoomAppointmentFragment | null, left: number): Phase {
  if (a?.status === 'Finished') return 'finished';
  if (a?.status === 'Cancelled') return a.cancelReason === 'DOCTOR_NO_SHOW' ? 'noShow' : 'cancelled';
  if (a?.startedAt) return 'started';
  return left > 0 ? 'waiting' : 'late';
}

/** What the waiting patient sees, from their consultation as the server has it now. */
export function WaitRoomView({ appointment: a, since, live, pollSeconds = 10 }: { appointment: WaitRoomAppointmentFragment | null; since?: number; live: LiveState; pollSeconds?: number }) {
  const { t, i18n } = useTranslation('consultations');
  const titleOf = useDoctorTitle();
  const navigate = useNavigate();
  const lang = i18n.language;
  const paidAt = a?.paidAt ? Date.parse(a.paidAt) : since;
  const [startedWaiting] = useState(() => Date.now());
  const deadline = (paidAt ?? startedWaiting) + WAIT_MS;
  const [now, setNow] = useState(Date.now());
  const left = Math.max(0, deadline - now);
  const phase = phaseOf(a, left);
  const counting = phase === 'waiting';
  useEffect(() => {
    if (!counting) return undefined;
    const id = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(id);
  }, [counting]);
  const url = a?.meetingUrl ?? localStorage.getItem(MEETING_KEY);
  const doctor = a ? `${titleOf(a.doctor.title)} ${a.doctor.name}` : '';
  function join() {
    localStorage.removeItem(MEETING_KEY);
    if (url) window.location.assign(url);
  }
  const clock = readerDigits(`${String(Math.floor(left / 60000)).padStart(2, '0')}:${String(Math.floor((left % 60000) / 1000)).padStart(2, '0')}`, lang);
  const title = {
    waiting: t('waitTitle'), late: t('lateTitle'), started: t('startedTitle'), finished: t('finishedTitle'), noShow: t('noShowTitle'), cancelled: t('cancelledTitle'),
  }[phase];
  const refundPromise = a?.noShowRefundAt && (phase === 'waiting' || phase === 'late') ? (
    <Alert type={phase === 'late' ? 'warning' : 'info'} showIcon data-testid="refund-promise" style={{ margin: '12px 0', textAlign: 'start' }}
      message={t('refundPromise', { time: formatTime(a.noShowRefundAt, lang), amount: formatTaka(a.feePoisha, lang) })} />
  ) : null;

  return (
    <div className="card auth-card wait-room" style={{ textAlign: 'center' }} data-testid="wait-room" data-phase={phase}>
      <div style={{ marginBottom: 8 }}><LiveBadge state={live} pollSeconds={pollSeconds} /></div>
      <div aria-live="polite">
        <h1 className="page-title">{title}</h1>
        {phase === 'waiting' && <Statistic value={clock} data-testid="countdown" />}
        {a && (phase === 'waiting' || phase === 'late') && (
          <p data-testid="doctor-presence">
            <Tag color={a.doctor.isOnline ? 'green' : undefined}>{a.doctor.isOnline ? t('online') : t('offline')}</Tag>
            {a.doctor.isOnline ? t('doctorOnline', { doctor }) : t('doctorOffline', { doctor })}
          </p>
        )}
        {phase === 'waiting' && <p>{t('waitText')}</p>}
        {phase === 'late' && <p>{t('lateText')}</p>}
        {phase === 'started' && <p>{t('startedText', { doctor })}</p>}
        {phase === 'finished' && <p>{a?.prescription ? t('finishedText') : t('finishedNoPrescription', { doctor })}</p>}
        {phase === 'noShow' && <p>{t('noShow')}</p>}
        {phase === 'cancelled' && <p>{t('cancelledRefund')}</p>}
      </div>
      {refundPromise}
      {(phase === 'noShow' || phase === 'cancelled') && a?.refunds.map((r) => (
        <p key={r.id} data-testid="wait-refund">
          <strong>{t('refundOf', { amount: formatTaka(r.amountPoisha, lang) })}</strong>{' '}
          <Tag color={r.status === 'Completed' ? 'green' : r.status === 'Failed' ? 'red' : 'gold'}>{t(`refundStates.${r.status}`)}</Tag>
          <span className="muted">{formatDate(r.completedAt ?? r.createdAt, lang)}</span>
        </p>
      ))}
      {(phase === 'waiting' || phase === 'late') && (
        <>
          {!url && <Alert type="info" showIcon message={t('meetingNotReady')} style={{ marginBottom: 12 }} />}
          <Button type="primary" size="large" onClick={join} disabled={!url}>{t('done')}</Button>
        </>
      )}
      {phase === 'started' && (
        // One tap to join: the button takes the focus the moment the doctor starts.
        <Button type="primary" size="large" onClick={join} disabled={!url} autoFocus data-testid="join-now">{t('joinNow')}</Button>
      )}
      {phase === 'finished' && (
        <Button type="primary" size="large" onClick={() => navigate(a?.prescription ? paths.myPrescription : paths.myBooking)}>
          {a?.prescription ? t('seePrescription') : t('myConsultations')}
        </Button>
      )}
      {(phase === 'noShow' || phase === 'cancelled') && (
        <div className="wait-actions">
          <Button type="primary" size="large" onClick={() => navigate(paths.doctors)}>{t('findDoctor')}</Button>
          <Button size="large" onClick={() => navigate(paths.myBooking)}>{t('myConsultations')}</Button>
        </div>
      )}
    </div>
  );
}
