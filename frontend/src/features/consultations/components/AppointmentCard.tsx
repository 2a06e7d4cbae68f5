import { Card, Space, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { readerDigits } from '@/lib/digits';
import { Link } from 'react-router-dom';
import { to } from '@/config/paths';
import { Fragment, type ReactNode } from 'react';
import type { AppointmentRowFragment } from '@/gql/graphql';
import { formatCount, formatTaka } from '@/lib/money';
import { formatDate, formatDateTime, formatTime } from '@/lib/dates';
import PersonPhoto from '@/components/PersonPhoto';
import { CareForLine, CareOfAccount } from '@/components/CareForFilter';
import StatusTag from './StatusTag';
import '../i18n';
import { useDoctorTitle } from '@/lib/doctorTitles';

/** One booking: the doctor (for patients) or the patient (for doctors), fee, status, actions. */
export default function AppointmentCard({ a, side, actions, eager = false }: { a: AppointmentRowFragment; side: 'patient' | 'doctor'; actions?: ReactNode; eager?: boolean }) {
  const { t, i18n } = useTranslation('consultations');
  const titleOf = useDoctorTitle();
  return (
    <Card className="appointment-card" data-testid="appointment-card">
      <Space align="start" size={16} wrap>
        {side === 'patient' && <PersonPhoto url={a.doctor.avatarUrl} name={a.doctor.name} title={titleOf(a.doctor.title)} size={56} eager={eager} />}
        <div style={{ minWidth: 0 }}>
          {side === 'patient' ? (
            <>
              <strong><Link to={to('doctorDetail', { doctorId: a.doctor.id })}>{titleOf(a.doctor.title)} {a.doctor.name}</Link></strong>
              <div className="muted">{a.doctor.degree}</div>
              <CareForLine careFor={a.careFor} />
            </>
          ) : (
            <>
              <strong data-testid="patient-name">{a.patientName}</strong>
              <div className="muted" data-testid="patient-details">
                {[
                  a.age != null ? `${t('age')} ${formatCount(a.age, i18n.language)}` : null,
                  a.patientGender ? t(a.patientGender === 'Male' ? 'male' : 'female') : null,
                  // weight and height as the patient wrote them
                  a.weight ? <span translate="no">{a.weight}</span> : null,
                  a.height ? <span translate="no">{a.height}</span> : null,
                  a.phone ? readerDigits(a.phone, i18n.language) : null,
                ].filter(Boolean).map((part, i) => <Fragment key={i}>{i > 0 && ' · '}{part}</Fragment>)}
              </div>
              <CareOfAccount careFor={a.careFor} />
              {a.problem && <div>{t('problemShort')}: {a.problem}</div>}
            </>
          )}
          <div>
            <Tag>{t(a.kind === 'Video' ? 'video' : 'hospital')}</Tag>
            <StatusTag status={a.status} />
            <Tag color={a.paymentStatus === 'Paid' ? 'green' : undefined}>{t(a.paymentStatus)}</Tag>
          </div>
          <div className="muted">
            {a.kind === 'Hospital' && a.visitDate ? `${formatDate(a.visitDate, i18n.language)} · ${t(a.slot ?? 'Morning')}` : formatDateTime(a.createdAt, i18n.language)}
            {' · '}{t('fee')} {formatTaka(a.feePoisha, i18n.language)}
          </div>
          {side === 'patient' && a.refunds.length > 0 && (
            <div data-testid="booking-refund" style={{ marginTop: 6 }}>
              <div>{a.cancelReason === 'DOCTOR_NO_SHOW' ? t('noShow') : t('cancelledRefund')}</div>
              {a.refunds.map((r) => (
                <div key={r.id}>
                  <strong>{t('refundOf', { amount: formatTaka(r.amountPoisha, i18n.language) })}</strong>{' '}
                  <Tag color={r.status === 'Completed' ? 'green' : r.status === 'Failed' ? 'red' : 'gold'}>{t(`refundStates.${r.status}`)}</Tag>
                  <span className="muted">{formatDate(r.completedAt ?? r.createdAt, i18n.language)}</span>
                </div>
              ))}
            </div>
          )}
          {side === 'doctor' && a.startedAt && a.status === 'Confirmed' && <div className="muted">{t('started', { time: formatDateTime(a.startedAt, i18n.language) })}</div>}
          {side === 'doctor' && a.noShowRefundAt && (
            // Paid and not started: the patient is on the wait page, and the refund clock runs.
            <div data-testid="patient-waiting" style={{ marginTop: 4 }}>
              <Tag color="gold">{t('patientWaiting')}</Tag> <span>{t('startBy', { time: formatTime(a.noShowRefundAt, i18n.language) })}</span>
            </div>
          )}
          {actions && <Space wrap style={{ marginTop: 8 }}>{actions}</Space>}
        </div>
      </Space>
    </Card>
  );
}
