import { Tag } from 'antd';
import { useQuery } from '@apollo/client/react';
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { useSpecialityNames } from '@/lib/specialities';
import { AllDoctorsDocument, type AllDoctorsQuery, type DoctorStatus } from '@/gql/graphql';
import { ADMIN_TABLE_FILTERS, paths, to } from '@/config/paths';
import { formatTaka } from '@/lib/money';
import AdminTable, { actionsColumn, useTableParams, type ListOrder } from '@/components/AdminTable';
import PersonPhoto from '@/components/PersonPhoto';
import { useDoctorTitle } from '@/lib/doctorTitles';
import '../i18n';
import '../admin-i18n';

type Row = AllDoctorsQuery['allDoctors']['items'][number];
const PAGE_SIZE = 20;
const STATUS_COLOR: Record<DoctorStatus, string> = { Approved: 'green', Pending: 'gold', Rejected: 'red' };

export default function AdminAllDoctorsPage() {
  const { t, i18n } = useTranslation('doctors');
  const specialityNames = useSpecialityNames();
  const titleOf = useDoctorTitle();
  const table = useTableParams(ADMIN_TABLE_FILTERS[paths.adminAllDoctors]);
  const status = (Object.keys(STATUS_COLOR) as DoctorStatus[]).find((s) => s === table.filters.status) ?? null;
  const { data, previousData, loading, error } = useQuery(AllDoctorsDocument, {
    variables: { page: table.page, pageSize: PAGE_SIZE, search: table.q || null, status, sort: table.sort as ListOrder },
  });
  const result = (data ?? previousData)?.allDoctors;
  return (
    <AdminTable<Row>
        title={t('allDoctors')} table={table} result={result} loading={loading} error={error}
        csv="doctors" empty={t('noDoctorFound')} scrollX={900} search={t('search')}
        filters={[{ key: 'status', label: t('anyStatus'), options: [{ value: 'Approved', label: t('statusApproved') }, { value: 'Pending', label: t('statusPending') }, { value: 'Rejected', label: t('statusRejected') }] }]}
        extra={<Link to={paths.adminPendingDoctors}>{t('pendingLink')}</Link>}
        columns={[
          { title: t('images'), key: 'a', width: 88, render: (_, d) => <PersonPhoto url={d.avatarUrl} name={d.name} title={titleOf(d.title)} size={40} /> },
          { title: t('name'), key: 'n', render: (_, d) => <><strong>{titleOf(d.title)} {d.name}</strong><div className="muted">{d.email}</div></> },
          { title: t('specialities'), key: 's', render: (_, d) => specialityNames(d.specialities) },
          { title: t('work'), dataIndex: 'work' },
          { title: t('fee'), key: 'f', render: (_, d) => formatTaka(d.feePoisha, i18n.language) },
          { title: t('status'), key: 'st', render: (_, d) => <Tag color={STATUS_COLOR[d.status]}>{t(`status${d.status}`)}</Tag> },
          actionsColumn<Row>(t('actions'), (d) => <Link to={to('adminUpdateDoctor', { doctorId: d.id })}>{t('update')}</Link>, 100),
        ]}
    />
  );
}
