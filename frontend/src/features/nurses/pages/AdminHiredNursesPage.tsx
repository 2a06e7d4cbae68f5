import { App, Button, Popconfirm } from 'antd';
import { useMutation, useQuery } from '@apollo/client/react';
import { useTranslation } from 'react-i18next';
import { readerDigits } from '@/lib/digits';
import { AdminNurseHiresDocument, SetNurseHireStatusDocument, type AdminNurseHiresQuery, type NurseHireStatus } from '@/gql/graphql';
import { ADMIN_TABLE_FILTERS, paths } from '@/config/paths';
import { errorInfo } from '@/lib/errors';
import { formatDate } from '@/lib/dates';
import { formatTaka } from '@/lib/money';
import { CareForLine } from '@/components/CareForFilter';
import AdminTable, { actionsColumn, useTableParams, type ListOrder } from '@/components/AdminTable';
import { HireStatusTag, NursePhoto } from '../components/shared';
import '../i18n';

type Row = AdminNurseHiresQuery['nurseHires']['items'][number];
const PAGE_SIZE = 20;
const STATUSES: NurseHireStatus[] = ['Processing', 'Confirmed', 'Completed', 'Cancelled'];

export default function AdminHiredNursesPage() {
  const { t, i18n } = useTranslation('nurses');
  const { message } = App.useApp();
  const table = useTableParams(ADMIN_TABLE_FILTERS[paths.adminHiredNurses]);
  const status = STATUSES.find((s) => s === table.filters.status) ?? null;
  const { data, loading, error, refetch } = useQuery(AdminNurseHiresDocument, {
    variables: { page: table.page, pageSize: PAGE_SIZE, status, sort: table.sort as ListOrder }, fetchPolicy: 'cache-and-network',
  });
  const [move] = useMutation(SetNurseHireStatusDocument);
  const result = data?.nurseHires;

  async function onMove(id: string, to: NurseHireStatus) {
    try {
      await move({ variables: { id, status: to } });
      void message.success(t('admin.statusUpdated'));
      await refetch();
    } catch (e) {
      void message.error(errorInfo(e).message);
      await refetch();
    }
  }

  return (
    <AdminTable<Row>
        title={t('admin.hired')} table={table} result={result} loading={loading && !result} error={error}
        csv="nurse-hires" empty={t('admin.noAppointments')} scrollX={900}
        filters={[{ key: 'status', label: t('admin.allStatuses'), options: STATUSES.map((s) => ({ value: s, label: t(`status.${s}`) })) }]}
        columns={[
          { title: t('admin.patient'), key: 'p', render: (_, h) => <><strong>{h.patientName}</strong><div style={{ color: '#5f6b7a' }}>{h.patientEmail}</div><CareForLine careFor={h.careFor} /><div>{readerDigits(h.phone, i18n.language)} · {t(h.patientGender === 'Male' ? 'male' : 'female')}</div></> },
          {
            title: t('admin.nurse'), key: 'n',
            render: (_, h) => <span style={{ display: 'flex', alignItems: 'center', gap: 8 }}><NursePhoto url={h.nurseImageUrl} name={h.nurseName} size={32} />{h.nurseName}</span>,
          },
          { title: t('admin.date'), key: 'd', render: (_, h) => formatDate(h.date, i18n.language) },
          { title: t('admin.fee'), key: 'f', render: (_, h) => formatTaka(h.feePoisha, i18n.language) },
          { title: t('admin.statusCol'), key: 's', render: (_, h) => <HireStatusTag status={h.status} /> },
          // The moves the server offers for this hire now (Completed only from the day of the visit on),
          // kept in view on the right.
          actionsColumn<Row>(t('admin.setStatus'), (h) => h.nextStatuses.map((next) => (
            <Popconfirm key={next} title={t('admin.confirmMove', { status: t(`status.${next}`) })} onConfirm={() => onMove(h.id, next)}
              okButtonProps={{ danger: next === 'Cancelled' }}>
              <Button size="small" type={next === 'Cancelled' ? 'default' : 'primary'} danger={next === 'Cancelled'}>{t(`status.${next}`)}</Button>
            </Popconfirm>
          )), 130),
        ]}
    />
  );
}
