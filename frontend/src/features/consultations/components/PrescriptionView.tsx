import { useState } from 'react';
import { App, Button, Descriptions, Table } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { PrescriptionFullFragment } from '@/gql/graphql';
import { formatDate } from '@/lib/dates';
import { formatCount } from '@/lib/money';
import { CareForLine } from '@/components/CareForFilter';
import DispensingSummary from '@/components/DispensingSummary';
import { downloadPrescriptionPdf } from './downloadPdf';
import '../i18n';
import { useDoctorTitle } from '@/lib/doctorTitles';
import { useSession } from '@/lib/session';
import { Link } from 'react-router-dom';
import { ShoppingCartOutlined } from '@ant-design/icons';
import { to } from '@/config/paths';

/** The prescription as text, with Download (the real PDF, verifiable by its code and QR). */
export default function PrescriptionView({ p }: { p: PrescriptionFullFragment }) {
  const { t, i18n } = useTranslation('consultations');
  const titleOf = useDoctorTitle();
  const { message } = App.useApp();
  const [busy, setBusy] = useState(false);
  const session = useSession();
  async function download() {
    setBusy(true);
    try {
      await downloadPrescriptionPdf(p.pdfPath, p.verificationCode);
    } catch {
      void message.error(t('downloadFailed'));
    } finally {
      setBusy(false);
    }
  }
  return (
    <div className="prescription">
      <h3 style={{ marginBottom: 0 }}>{titleOf(p.doctor.title)} {p.doctor.name}</h3>
      <div className="muted">{p.doctor.degree} · {p.doctor.work} · BMDC {p.doctor.bmdcNo}</div>
      <CareForLine careFor={p.careFor} />
      <Descriptions size="small" column={{ xs: 1, sm: 3 }} style={{ marginTop: 12 }}>
        <Descriptions.Item label={t('vitals')}>{p.patientName}</Descriptions.Item>
        {p.age != null && <Descriptions.Item label={t('age')}>{formatCount(p.age, i18n.language)}</Descriptions.Item>}
        {p.weight && <Descriptions.Item label={t('weight')}><span translate="no">{p.weight}</span></Descriptions.Item>}
        {p.height && <Descriptions.Item label={t('height')}><span translate="no">{p.height}</span></Descriptions.Item>}
        {p.problem && <Descriptions.Item label={t('problemShort')}>{p.problem}</Descriptions.Item>}
        <Descriptions.Item label={t('issued')}>{formatDate(p.createdAt, i18n.language)}</Descriptions.Item>
      </Descriptions>
      <Table
        size="small"
        rowKey={(_, i) => String(i)}
        pagination={false}
        dataSource={p.medicines.map((m, i) => ({ ...m, ledger: p.dispensing[i] }))}
        columns={[
          // what the doctor wrote stays as written; the days are a number, in the reader's digits
          { title: t('medicine'), dataIndex: 'medname', render: (v: string) => <span translate="no">{v}</span> },
          { title: t('dailyUse'), dataIndex: 'dailyUse', render: (v: string) => <span translate="no">{v}</span> },
          { title: t('days'), dataIndex: 'days', render: (v: number) => formatCount(v, i18n.language) },
          { title: t('quantity'), dataIndex: 'quantity', render: (v: string) => <span translate="no">{v}</span> },
        ]}
        // What a pharmacy may still dispense on each line (the server's ledger), under the line across the table's width.
        expandable={{
          expandedRowKeys: p.medicines.map((_, i) => String(i)), showExpandColumn: false,
          expandedRowRender: (row) => (row.ledger ? <DispensingSummary line={row.ledger} /> : null),
        }}
      />
      {p.medInfo && <p><strong>{t('medInfo')}:</strong> {p.medInfo}</p>}
      {p.doctorAdvice && <p><strong>{t('doctorAdvice')}:</strong> {p.doctorAdvice}</p>}
      {p.followUp && <p><strong>{t('followUp')}:</strong> {p.followUp}</p>}
      <p className="muted">{t('verification')}: {p.verificationCode}</p>
      <div style={{ display: 'flex', gap: 8, flexWrap: 'wrap' }}>
        {/* The patient's one tap from the prescription to a filled cart (confirmed line by line there). */}
        {session?.user.role === 'user' && p.medicines.length > 0 && (
          <Link to={to('prescriptionOrder', { prescriptionId: p.id })}><Button type="primary" icon={<ShoppingCartOutlined />} data-testid="order-these">{t('orderThese')}</Button></Link>
        )}
        <Button icon={<DownloadOutlined />} onClick={download} loading={busy}>{t('download')}</Button>
      </div>
    </div>
  );
}
