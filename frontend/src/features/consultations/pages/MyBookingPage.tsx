import { useEffect, useState } from 'react';
import { Alert, App, Button, Empty, Popconfirm, Skeleton } from 'antd';
import { useMutation, useQuery } from '@apollo/client/react';
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { AppointmentListEventsDocument, ChangeAppointmentStatusDocument, MyAppointmentsDocument, PayForConsultationDocument } from '@/gql/graphql';
import { paths, to } from '@/config/paths';
import { errorInfo } from '@/lib/errors';
import Pager from '@/components/Pager';
import LiveBadge from '@/components/LiveBadge';
import { useLive } from '@/lib/useLive';
import CareForFilter, { useCareFor } from '@/components/CareForFilter';
import AppointmentCard from '../components/AppointmentCard';
import PrescriptionModal from '../components/PrescriptionModal';
import '../i18n';

const PAGE_SIZE = 10;

export default function MyBookingPage() {
  const { t } = useTranslation('consultations');
  const { message } = App.useApp();
  const [page, setPage] = useState(1);
  const [open, setOpen] = useState<string | null>(null);
  const careFor = useCareFor();
  useEffect(() => setPage(1), [careFor]);
  const { data, loading, error, refetch } = useQuery(MyAppointmentsDocument, { variables: { page, pageSize: PAGE_SIZE, careFor }, fetchPolicy: 'cache-and-network' });
  // Live: a booking confirmed, started, finished, cancelled or refunded changes here in place.
  const live = useLive(AppointmentListEventsDocument, {
    refetch: () => void refetch(),
    onEvent: (event) => {
      const id = (event.appointment as { id?: string } | null | undefined)?.id;
      if (event.type === 'CHANGE' && id && !data?.myAppointments.items.some((a) => a.id === id)) void refetch();
    },
  });
  const [pay, { loading: paying }] = useMutation(PayForConsultationDocument);
  const [change] = useMutation(ChangeAppointmentStatusDocument);
  const result = data?.myAppointments;

  async function payNow(id: string) {
    try {
      const res = await pay({ variables: { appointmentId: id, provider: 'Bkash' } });
      window.location.assign(res.data!.payForConsultation.paymentUrl);
    } catch (e) {
      void message.error(errorInfo(e).message);
    }
  }

  async function cancel(id: string) {
    try {
      await change({ variables: { id, status: 'Cancelled' } });
      void message.success(t('bookingCancelled'));
    } catch (e) {
      void message.error(errorInfo(e).message);
    }
  }

  return (
    <div>
      <div className="live-head"><h1 className="page-title">{t('myConsultations')}</h1><LiveBadge state={live} /></div>
      <CareForFilter />
      {error && <Alert type="error" showIcon message={errorInfo(error).message} />}
      {loading && !result && <Skeleton active avatar />}
      {result && result.items.length === 0 && (
        <Empty description={t('noConsultations')}><Link to={paths.doctors}><Button type="primary">{t('takeConsultation')}</Button></Link></Empty>
      )}
      <div className="card-list">
        {result?.items.map((a, i) => (
          <AppointmentCard
            key={a.id}
            a={a}
            eager={i < 2}
            side="patient"
            actions={<>
              {a.prescription && <Button type="link" data-testid="see-prescription" onClick={() => setOpen(a.prescription!.id)}>{t('seePrescription')}</Button>}
              {a.meetingUrl && a.status === 'Confirmed' && <a href={a.meetingUrl} target="_blank" rel="noreferrer"><Button type="primary">{t('joinMeeting')}</Button></a>}
              {a.canPay && (
                <Button onClick={() => payNow(a.id)} loading={paying}>{t('payNow')}</Button>
              )}
              {a.refunds.length > 0 && a.status === 'Cancelled' && (
                <Link to={to('doctorDetail', { doctorId: a.doctor.id })}><Button type="primary">{t('bookAgain')}</Button></Link>
              )}
              {a.nextStatuses.includes('Cancelled') && (
                <Popconfirm title={t('cancelBookingConfirm')} onConfirm={() => cancel(a.id)} okButtonProps={{ danger: true }} okText={t('cancelBooking')}>
                  <Button danger>{t('cancelBooking')}</Button>
                </Popconfirm>
              )}
            </>}
          />
        ))}
      </div>
      {result && result.pageCount > 1 && <Pager page={result.page} pageCount={result.pageCount} onChange={setPage} />}
      <PrescriptionModal id={open} onClose={() => setOpen(null)} />
    </div>
  );
}
