import { Tabs, Tag } from 'antd';
import { useAreaLabel } from '@/lib/areas';
import { useQuery } from '@apollo/client/react';
import { useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { readerDigits } from '@/lib/digits';
import { formatCount } from '@/lib/money';
import { AdminBloodRequestsDocument, AdminContactMessagesDocument, AdminInsuranceApplicationsDocument, type BloodGroup } from '@/gql/graphql';
import { formatDateTime } from '@/lib/dates';
import AdminTable, { useTableParams, type ListOrder } from '@/components/AdminTable';
import '../i18n';

const PAGE_SIZE = 20;
const GROUP: Record<BloodGroup, string> = { APositive: 'A+', ANegative: 'A-', BPositive: 'B+', BNegative: 'B-', OPositive: 'O+', ONegative: 'O-', ABPositive: 'AB+', ABNegative: 'AB-' };

/** Admins read what visitors sent: blood requests, insurance applications and contact messages (tab in the URL). */
export default function AdminInboxPage() {
  const { t, i18n } = useTranslation('info');
  const areaLabel = useAreaLabel();
  const [params, setParams] = useSearchParams();
  const tab = params.get('tab') ?? 'blood';
  const bloodTable = useTableParams([], 'b');
  const insuranceTable = useTableParams([], 'i');
  const contactTable = useTableParams([], 'c');
  const blood = useQuery(AdminBloodRequestsDocument, { variables: { page: bloodTable.page, pageSize: PAGE_SIZE, sort: bloodTable.sort as ListOrder }, fetchPolicy: 'cache-and-network' });
  const insurance = useQuery(AdminInsuranceApplicationsDocument, { variables: { page: insuranceTable.page, pageSize: PAGE_SIZE, sort: insuranceTable.sort as ListOrder }, fetchPolicy: 'cache-and-network' });
  const contact = useQuery(AdminContactMessagesDocument, { variables: { page: contactTable.page, pageSize: PAGE_SIZE }, fetchPolicy: 'cache-and-network' });
  const when = (d: string) => formatDateTime(d, i18n.language);
  const b = blood.data?.bloodRequests;
  const ins = insurance.data?.insuranceApplications;
  const c = contact.data?.contactMessages;
  type BloodRow = NonNullable<typeof b>['items'][number];
  type InsuranceRow = NonNullable<typeof ins>['items'][number];
  type ContactRow = NonNullable<typeof c>['items'][number];

  return (
    <div className="card">
      <h1 className="page-title">{t('inbox.title')}</h1>
      {/* Short tab names that fit a phone: antd puts an overflow button inside the tablist, which screen readers cannot use (axe). */}
      <Tabs tabBarGutter={16} activeKey={tab} onChange={(key) => { const next = new URLSearchParams(params); next.set('tab', key); setParams(next, { replace: true }); }} items={[
        {
          key: 'blood', label: `${t('inbox.bloodTab')} (${formatCount(b?.total ?? 0, i18n.language)})`,
          children: <AdminTable<BloodRow> bare title={t('inbox.blood')} table={bloodTable} result={b} loading={blood.loading && !b} error={blood.error}
            csv="blood-requests" empty={t('inbox.empty')} scrollX={720} columns={[
              { title: t('inbox.name'), key: 'n', render: (_, r) => <><strong>{r.name}</strong><div>{r.email}</div></> },
              { title: t('inbox.phone'), key: 'p', render: (_, r) => <a href={`tel:${r.phone}`}>{readerDigits(r.phone, i18n.language)}</a> },
              { title: t('inbox.group'), key: 'g', render: (_, r) => <Tag color="red">{GROUP[r.group]}</Tag> },
              { title: t('inbox.area'), key: 'a', render: (_, r) => (r.area ? areaLabel(r.area) : '—') },
              { title: t('inbox.received'), key: 'd', render: (_, r) => when(r.createdAt) },
            ]} />,
        },
        {
          key: 'insurance', label: `${t('inbox.insuranceTab')} (${formatCount(ins?.total ?? 0, i18n.language)})`,
          children: <AdminTable<InsuranceRow> bare title={t('inbox.insurance')} table={insuranceTable} result={ins} loading={insurance.loading && !ins} error={insurance.error}
            csv="insurance-applications" empty={t('inbox.empty')} scrollX={720} columns={[
              { title: t('inbox.name'), key: 'n', render: (_, r) => <><strong>{r.name}</strong><div>{r.email}</div></> },
              { title: t('inbox.phone'), key: 'p', render: (_, r) => <a href={`tel:${r.phone}`}>{readerDigits(r.phone, i18n.language)}</a> },
              { title: t('inbox.gender'), key: 'g', render: (_, r) => t(r.gender === 'Male' ? 'insurance.male' : 'insurance.female') },
              { title: t('inbox.received'), key: 'd', render: (_, r) => when(r.createdAt) },
            ]} />,
        },
        {
          key: 'contact', label: `${t('inbox.contactTab')} (${formatCount(c?.total ?? 0, i18n.language)})`,
          children: <AdminTable<ContactRow> bare title={t('inbox.contact')} table={contactTable} result={c} loading={contact.loading && !c} error={contact.error}
            empty={t('inbox.empty')} scrollX={720} sortOptions={[]} columns={[
              { title: t('inbox.name'), key: 'n', render: (_, r) => <><strong>{r.name}</strong><div><a href={`mailto:${r.email}`}>{r.email}</a></div></> },
              { title: t('inbox.message'), key: 'm', render: (_, r) => <>{r.subject && <strong>{r.subject}<br /></strong>}<span style={{ whiteSpace: 'pre-line' }}>{r.message}</span></> },
              { title: t('inbox.received'), key: 'd', render: (_, r) => when(r.createdAt) },
          ]} />,
        },
      ]} />
    </div>
  );
}
