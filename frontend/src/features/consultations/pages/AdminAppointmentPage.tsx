import { useState } from 'react';
import { Alert, App, Button, Descriptions, Popconfirm, Select, Skeleton, Space } from 'antd';
import { useMutation, useQuery } from '@apollo/client/react';
import { Link, useParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { readerDigits } from '@/lib/digits';
import { AppointmentDocument, ChangeAppointmentStatusDocument, type AppointmentStatus } from '@/gql/graphql';
import { formatTaka } from '@/lib/money';
import { CareOfAccount } from '@/components/CareForFilter';
import { formatDate, formatDateTime } from '@/lib/dates';
import { errorInfo } from '@/lib/errors';
import { paths } from '@/config/paths';
import StatusTag from '../components/StatusTag';
import '../i18n';

export default function AdminAppointmentPage() {
  const { appointmentId = '' } = useParams();
  const { t, i18n } = useTranslation('consultations');
  const { message } = App.useApp();
  const { data, loading, error } = useQuery(AppointmentDocument, { variables: { id: appointmentId } });
  const [change, { loading: saving }] = useMutation(ChangeAppointmentStatusDocument);
  const [next, setNext] = useState<AppointmentStatus | null>(null);
  if (loading) return <Skeleton active />;
  if (error || !data) return <Alert type="error" showIcon message={errorInfo(error).message} />;
  const a = data.appointment;
  async function save() {
    if (!next) return;
    try {
      await change({ variables: { id: a.id, status: next } });
      void message.success(t('statusUpdated'));
      setNext(null);
    } catch (e) {
      void message.error(errorInfo(e).message);
    }
  }
  return (
    <div className="card">
      <Link to={paths.adminAppointments}>← {t('backToAppointments')}</Link>
      <h1 className="page-title">{t('appointment')}</h1>
      <Descriptions bordered size="small" column={{ xs: 1, sm: 2 }}>
        <Descriptions.Item label={t('status')}><StatusTag status={a.status} /></Descriptions.Item>
        <Descriptions.Item label={t('kind')}>{t(a.kind === 'Video' ? 'video' : 'hospital')}</Descriptions.Item>
        <Descriptions.Item label={t('doctor')}>{a.doctor.name}</Descriptions.Item>
        <Descriptions.Item label={t('patient')}>{a.patientName} ({a.patientEmail})<CareOfAccount careFor={a.careFor} /></Descriptions.Item>
        <Descriptions.Item label={t('fee')}>{formatTaka(a.feePoisha, i18n.language)} · {t(a.paymentStatus)}</Descriptions.Item>
        <Descriptions.Item label={t('booked')}>{formatDateTime(a.createdAt, i18n.language)}</Descriptions.Item>
        {a.visitDate && <Descriptions.Item label={t('date')}>{formatDate(a.visitDate, i18n.language)} · {t(a.slot ?? 'Morning')}</Descriptions.Item>}
        {a.phone && <Descriptions.Item label={t('phone')}>{readerDigits(a.phone, i18n.language)}</Descriptions.Item>}
        {a.problem && <Descriptions.Item label={t('problemShort')}>{a.problem}</Descriptions.Item>}
        {a.meetingUrl && <Descriptions.Item label={t('url')}>{a.meetingUrl}</Descriptions.Item>}
      </Descriptions>
      {a.nextStatuses.length > 0 && (
        <Space wrap style={{ marginTop: 16 }}>
          <Select<AppointmentStatus>
            aria-label={t('changeStatus')}
            placeholder={t('changeStatus')}
            value={next ?? undefined}
            style={{ width: 200 }}
            onChange={setNext}
            options={a.nextStatuses.map((s) => ({ value: s, label: t(s) }))}
          />
          <Popconfirm title={t('confirmStatus', { status: next ? t(next) : '' })} onConfirm={save} disabled={!next}>
            <Button type="primary" disabled={!next} loading={saving}>{t('changeStatus')}</Button>
          </Popconfirm>
        </Space>
      )}
    </div>
  );
}
