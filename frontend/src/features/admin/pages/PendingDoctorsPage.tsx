import { App, Button, Popconfirm } from 'antd';
import { useMutation, useQuery } from '@apollo/client/react';
import { useTranslation } from 'react-i18next';
import { useSpecialityNames } from '@/lib/specialities';
import { ApproveDoctorDocument, PendingDoctorsDocument, RejectDoctorDocument, type PendingDoctorsQuery } from '@/gql/graphql';
import { errorInfo } from '@/lib/errors';
import { formatDate } from '@/lib/dates';
import AdminTable, { actionsColumn, useTableParams } from '@/components/AdminTable';
import PersonPhoto from '@/components/PersonPhoto';
import '../i18n';

type Row = PendingDoctorsQuery['pendingDoctors']['items'][number];
const PAGE_SIZE = 20;

export default function PendingDoctorsPage() {
  const { t, i18n } = useTranslation('admin');
  const specialityNames = useSpecialityNames();
  const { message } = App.useApp();
  const table = useTableParams();
  const { data, loading, error, refetch } = useQuery(PendingDoctorsDocument, { variables: { page: table.page, pageSize: PAGE_SIZE } });
  const [approve] = useMutation(ApproveDoctorDocument);
  const [reject] = useMutation(RejectDoctorDocument);
  const result = data?.pendingDoctors;

  async function decide(id: string, action: 'approve' | 'reject') {
    try {
      if (action === 'approve') await approve({ variables: { id } });
      else await reject({ variables: { id } });
      void message.success(t(action === 'approve' ? 'approved' : 'rejected'));
      await refetch();
    } catch (e) {
      void message.error(errorInfo(e).message);
    }
  }

  return (
    // The server lists waiting doctors newest registration first; there is nothing to sort or export.
    <AdminTable<Row>
        title={t('pendingDoctors')} table={table} result={result} loading={loading} error={error}
        empty={t('noPending')} scrollX={900} sortOptions={[]}
        columns={[
          { title: t('photo'), key: 'avatar', width: 72, render: (_, d) => <PersonPhoto url={d.avatarUrl} name={d.name} size={48} /> },
          { title: t('name'), key: 'name', render: (_, d) => <><strong>{d.name}</strong><div style={{ color: '#667' }}>{d.email}</div></> },
          { title: t('degree'), dataIndex: 'degree' },
          { title: t('specialities'), key: 'sp', render: (_, d) => specialityNames(d.specialities) },
          { title: t('work'), dataIndex: 'work' },
          { title: t('bmdc'), dataIndex: 'bmdcNo' },
          { title: t('registered'), key: 'at', render: (_, d) => formatDate(d.createdAt, i18n.language) },
          actionsColumn<Row>(t('actions'), (d) => (
            <>
              <Popconfirm title={t('approveConfirm')} onConfirm={() => decide(d.id, 'approve')} okText={t('approve')}>
                <Button type="primary" size="small">{t('approve')}</Button>
              </Popconfirm>
              <Popconfirm title={t('rejectConfirm')} onConfirm={() => decide(d.id, 'reject')} okText={t('reject')} okButtonProps={{ danger: true }}>
                <Button danger size="small">{t('reject')}</Button>
              </Popconfirm>
            </>
          ), 112),
        ]}
    />
  );
}
