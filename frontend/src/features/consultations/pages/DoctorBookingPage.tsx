import { useState } from 'react';
import { Alert, App, Button, Empty, Skeleton, Space, Switch } from 'antd';
import { useMutation, useQuery } from '@apollo/client/react';
import { useTranslation } from 'react-i18next';
import {
  AppointmentListEventsDocument, DoctorAppointmentsDocument, MyDoctorStatusDocument, SetDoctorOnlineDocument, StartConsultationDocument, type AppointmentRowFragment,
} from '@/gql/graphql';
import { errorInfo } from '@/lib/errors';
import { useLive } from '@/lib/useLive';
import Pager from '@/components/Pager';
import LiveBadge from '@/components/LiveBadge';
import AppointmentCard from '../components/AppointmentCard';
import PrescriptionModal from '../components/PrescriptionModal';
import WritePrescriptionModal from '../components/WritePrescriptionModal';
import '../i18n';

/**
 * The doctor's own consultations, newest first, with the online switch and the prescription modal.
 * Live: a newly paid consultation appears the moment it is paid (and is announced), a waiting one
 * shows when it is refunded unless started; changes made elsewhere update the cards in place.
 */
export default function DoctorBookingPage() {
  const { t } = useTranslation('consultations');
  const { message } = App.useApp();
  const [page, setPage] = useState(1);
  const [writing, setWriting] = useState<AppointmentRowFragment | null>(null);
  const [viewing, setViewing] = useState<string | null>(null);
  const { data, loading, error, refetch } = useQuery(DoctorAppointmentsDocument, { variables: { page, pageSize: 10 }, fetchPolicy: 'cache-and-network' });
  const status = useQuery(MyDoctorStatusDocument);
  const [setOnline, { loading: switching }] = useMutation(SetDoctorOnlineDocument);
  const [start] = useMutation(StartConsultationDocument);
  const live = useLive(AppointmentListEventsDocument, {
    refetch: () => void refetch(),
    onEvent: (event) => {
      const a = event.appointment as AppointmentRowFragment | null | undefined;
      if (event.type !== 'CHANGE' || !a) return;
      // Apollo's cache has updated a card already shown; a new booking joins the first page.
      if (!data?.doctorAppointments.items.some((x) => x.id === a.id)) {
        void refetch();
        if (a.paymentStatus === 'Paid' && a.status === 'Confirmed' && !a.startedAt) void message.info(t('newBooking', { name: a.patientName }));
      }
    },
  });

  /** Opens the room at once (inside the click, so no pop-up blocker stops it) and records the start. */
  function startAndJoin(a: AppointmentRowFragment) {
    if (a.meetingUrl) window.open(a.meetingUrl, '_blank', 'noopener');
    start({ variables: { id: a.id } }).catch((e: unknown) => void message.error(errorInfo(e).message));
  }
  const result = data?.doctorAppointments;

  async function toggle(online: boolean) {
    try {
      await setOnline({ variables: { online } });
    } catch (e) {
      void message.error(errorInfo(e).message);
    }
  }

  return (
    <div>
      <Space style={{ justifyContent: 'space-between', width: '100%' }} wrap>
        <Space wrap><h1 className="page-title">{t('doctorConsultations')}</h1><LiveBadge state={live} /></Space>
        {status.data && (
          <label>
            <Switch checked={status.data.myDoctorProfile.isOnline} loading={switching} onChange={toggle} aria-label={t('onlineSwitch')} />{' '}
            {status.data.myDoctorProfile.isOnline ? t('online') : t('offline')}
          </label>
        )}
      </Space>
      {error && <Alert type="error" showIcon message={errorInfo(error).message} />}
      {loading && !result && <Skeleton active />}
      {result && result.items.length === 0 && <Empty description={t('noAppointments')} />}
      <div className="card-list">
        {result?.items.map((a) => (
          <AppointmentCard
            key={a.id}
            a={a}
            side="doctor"
            actions={<>
              {a.canStart && <Button type="primary" onClick={() => startAndJoin(a)} title={t('startHint')} data-testid="start-consultation">{t('startConsultation')}</Button>}
              {!a.canStart && a.kind === 'Video' && a.meetingUrl && a.status === 'Confirmed' && <a href={a.meetingUrl} target="_blank" rel="noreferrer"><Button>{t('joinMeeting')}</Button></a>}
              {a.prescription ? <Button type="link" onClick={() => setViewing(a.prescription!.id)}>{t('seePrescription')}</Button>
                : a.canWritePrescription && <Button type="primary" data-testid="write-prescription" onClick={() => setWriting(a)}>{t('writePrescription')}</Button>}
            </>}
          />
        ))}
      </div>
      {result && result.pageCount > 1 && <Pager page={result.page} pageCount={result.pageCount} onChange={setPage} />}
      <WritePrescriptionModal appointment={writing} onClose={() => setWriting(null)} onSaved={() => { setWriting(null); void refetch(); }} />
      <PrescriptionModal id={viewing} onClose={() => setViewing(null)} />
    </div>
  );
}
