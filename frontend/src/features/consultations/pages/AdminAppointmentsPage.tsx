import { useState } from 'react';
import { Alert, Empty, Select, Table, Tag } from 'antd';
import { useQuery } from '@apollo/client/react';
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { AllAppointmentsDocument, type AllAppointmentsQuery, type AppointmentStatus } from '@/gql/graphql';
import { to } from '@/config/paths';
import { formatTaka } from '@/lib/money';
import { formatDateTime } from '@/lib/dates';
import { errorInfo } from '@/lib/errors';
import Pager from '@/components/Pager';
import StatusTag from '../components/StatusTag';
import '../i18n';

type Row = AllAppointmentsQuery['allAppointments']['items'][number];
const STATUSES: AppointmentStatus[] = ['Processing', 'Confirmed', 'Finished', 'Cancelled'];

/** All Appointments with server paging (1st / Prev / Next / Last; the page size is the server's). */
export default function AdminAppointmentsPage() {
  const { t, i18n } = useTranslation('consultations');
  const [page, setPage] = useState(1);
  const [status, setStatus] = useState<AppointmentStatus | null>(null);
  const { data, previousData, loading, error } = useQuery(AllAppointmentsDocument, { variables: { page, pageSize: 20, status }, fetchPolicy: 'cache-and-network' });
  const result = (data ?? previousData)?.allAppointments;
  return (
    <div className="card">
      <h1 className="page-title">{t('allAppointments')}</h1>
      <Select<AppointmentStatus | 'any'>
        aria-label={t('status')}
        value={status ?? 'any'}
        style={{ width: 180, marginBottom: 12 }}
        onChange={(v) => { setStatus(v === 'any' ? null : v); setPage(1); }}
        options={[{ value: 'any', label: t('anyStatus') }, ...STATUSES.map((s) => ({ value: s, label: t(s) }))]}
      />
      {error && <Alert type="error" showIcon message={errorInfo(error).message} />}
      <Table<Row>
        rowKey="id"
        loading={loading}
        dataSource={result?.items ?? []}
        pagination={false}
        scroll={{ x: 900 }}
        locale={{ emptyText: <Empty description={t('noAppointments')} /> }}
        columns={[
          { title: t('booked'), key: 'c', render: (_, a) => formatDateTime(a.createdAt, i18n.language) },
          { title: t('patient'), key: 'p', render: (_, a) => <><strong>{a.patientName}</strong><div className="muted">{a.patientEmail}</div></> },
          { title: t('doctor'), key: 'd', render: (_, a) => a.doctor.name },
          { title: t('kind'), key: 'k', render: (_, a) => <Tag>{t(a.kind === 'Video' ? 'video' : 'hospital')}</Tag> },
          { title: t('fee'), key: 'f', render: (_, a) => formatTaka(a.feePoisha, i18n.language) },
          { title: t('status'), key: 's', render: (_, a) => <StatusTag status={a.status} /> },
          { title: '', key: 'v', render: (_, a) => <Link to={to('adminAppointment', { appointmentId: a.id })}>{t('view')}</Link> },
        ]}
      />
      {result && result.total > 0 && <Pager page={result.page} pageCount={result.pageCount} onChange={setPage} />}
    </div>
  );
}
