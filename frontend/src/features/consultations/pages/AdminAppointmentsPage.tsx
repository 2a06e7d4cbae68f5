import { Tag } from 'antd';
import { useQuery } from '@apollo/client/react';
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { AllAppointmentsDocument, type AllAppointmentsQuery, type AppointmentKind, type AppointmentPaymentStatus, type AppointmentStatus } from '@/gql/graphql';
import { ADMIN_TABLE_FILTERS, paths, to } from '@/config/paths';
import { formatTaka } from '@/lib/money';
import { formatDateTime } from '@/lib/dates';
import { CareOfAccount } from '@/components/CareForFilter';
import AdminTable, { actionsColumn, useTableParams, type ListOrder } from '@/components/AdminTable';
import PersonPhoto from '@/components/PersonPhoto';
import StatusTag from '../components/StatusTag';
import '../i18n';

type Row = AllAppointmentsQuery['allAppointments']['items'][number];
const STATUSES: AppointmentStatus[] = ['Processing', 'Confirmed', 'Finished', 'Cancelled'];
const KINDS: AppointmentKind[] = ['Video', 'Hospital'];
const PAYMENTS: AppointmentPaymentStatus[] = ['Paid', 'Unpaid', 'AtHospital'];

/** All Appointments with server paging (1st / Prev / Next / Last; the page size is the server's). */
export default function AdminAppointmentsPage() {
  const { t, i18n } = useTranslation('consultations');
  const table = useTableParams(ADMIN_TABLE_FILTERS[paths.adminAppointments]);
  const status = STATUSES.find((s) => s === table.filters.status) ?? null;
  const kind = KINDS.find((k) => k === table.filters.kind) ?? null;
  const paymentStatus = PAYMENTS.find((p) => p === table.filters.paymentStatus) ?? null;
  const { data, previousData, loading, error } = useQuery(AllAppointmentsDocument, {
    variables: { page: table.page, pageSize: 20, status, kind, paymentStatus, sort: table.sort as ListOrder }, fetchPolicy: 'cache-and-network',
  });
  const result = (data ?? previousData)?.allAppointments;
  return (
    <AdminTable<Row>
        title={t('allAppointments')} table={table} result={result} loading={loading} error={error}
        csv="appointments" empty={t('noAppointments')} scrollX={900}
        filters={[
          { key: 'status', label: t('anyStatus'), options: STATUSES.map((s) => ({ value: s, label: t(s) })) },
          { key: 'kind', label: t('anyKind'), options: KINDS.map((k) => ({ value: k, label: t(k === 'Video' ? 'video' : 'hospital') })) },
          { key: 'paymentStatus', label: t('anyPayment'), options: PAYMENTS.map((p) => ({ value: p, label: t(`payment.${p}`) })) },
        ]}
        columns={[
          { title: t('booked'), key: 'c', render: (_, a) => formatDateTime(a.createdAt, i18n.language) },
          { title: t('patient'), key: 'p', render: (_, a) => <><strong>{a.patientName}</strong><div className="muted">{a.patientEmail}</div><CareOfAccount careFor={a.careFor} /></> },
          {
            title: t('doctor'), key: 'd',
            render: (_, a) => <span className="doctor-line"><PersonPhoto url={a.doctor.avatarUrl} name={a.doctor.name} size={28} />{a.doctor.name}</span>,
          },
          { title: t('kind'), key: 'k', render: (_, a) => <Tag>{t(a.kind === 'Video' ? 'video' : 'hospital')}</Tag> },
          { title: t('fee'), key: 'f', render: (_, a) => formatTaka(a.feePoisha, i18n.language) },
          { title: t('status'), key: 's', render: (_, a) => <StatusTag status={a.status} /> },
          actionsColumn<Row>(t('actions'), (a) => <Link to={to('adminAppointment', { appointmentId: a.id })}>{t('view')}</Link>, 100),
        ]}
    />
  );
}
