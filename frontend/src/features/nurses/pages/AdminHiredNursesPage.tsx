import { useState } from 'react';
import { Alert, App, Button, Empty, Popconfirm, Select, Space, Table } from 'antd';
import { useMutation, useQuery } from '@apollo/client/react';
import { useTranslation } from 'react-i18next';
import { AdminNurseHiresDocument, SetNurseHireStatusDocument, type AdminNurseHiresQuery, type NurseHireStatus } from '@/gql/graphql';
import { errorInfo } from '@/lib/errors';
import { formatDate } from '@/lib/dates';
import { formatTaka } from '@/lib/money';
import Pager from '@/components/Pager';
import { HireStatusTag, NEXT_STATUSES } from '../components/shared';
import '../i18n';

type Row = AdminNurseHiresQuery['nurseHires']['items'][number];
const PAGE_SIZE = 20;
const STATUSES: NurseHireStatus[] = ['Processing', 'Confirmed', 'Completed', 'Cancelled'];

export default function AdminHiredNursesPage() {
  const { t, i18n } = useTranslation('nurses');
  const { message } = App.useApp();
  const [page, setPage] = useState(1);
  const [status, setStatus] = useState<NurseHireStatus | null>(null);
  const { data, loading, error, refetch } = useQuery(AdminNurseHiresDocument, { variables: { page, pageSize: PAGE_SIZE, status }, fetchPolicy: 'cache-and-network' });
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
    <div className="card">
      <h1 className="page-title">{t('admin.hired')}</h1>
      <Select
        aria-label={t('admin.filter')}
        style={{ minWidth: 180, marginBottom: 16 }}
        value={status ?? 'all'}
        onChange={(v) => {
          setStatus(v === 'all' ? null : (v as NurseHireStatus));
          setPage(1);
        }}
        options={[{ value: 'all', label: t('admin.allStatuses') }, ...STATUSES.map((s) => ({ value: s, label: t(`status.${s}`) }))]}
      />
      {error && <Alert type="error" showIcon title={errorInfo(error).message} style={{ marginBottom: 16 }} />}
      <Table<Row>
        rowKey="id"
        loading={loading && !result}
        dataSource={result?.items ?? []}
        pagination={false}
        scroll={{ x: 900 }}
        locale={{ emptyText: <Empty description={t('admin.noAppointments')} /> }}
        columns={[
          { title: t('admin.patient'), key: 'p', render: (_, h) => <><strong>{h.patientName}</strong><div style={{ color: '#5f6b7a' }}>{h.patientEmail}</div><div>{h.phone} · {t(h.patientGender === 'Male' ? 'male' : 'female')}</div></> },
          { title: t('admin.nurse'), dataIndex: 'nurseName' },
          { title: t('admin.date'), key: 'd', render: (_, h) => formatDate(h.date, i18n.language) },
          { title: t('admin.fee'), key: 'f', render: (_, h) => formatTaka(h.feePoisha, i18n.language) },
          { title: t('admin.statusCol'), key: 's', render: (_, h) => <HireStatusTag status={h.status} /> },
          {
            title: t('admin.setStatus'), key: 'a', fixed: 'right',
            render: (_, h) => (
              <Space wrap>
                {NEXT_STATUSES[h.status].map((next) => (
                  <Popconfirm key={next} title={t('admin.confirmMove', { status: t(`status.${next}`) })} onConfirm={() => onMove(h.id, next)}
                    okButtonProps={{ danger: next === 'Cancelled' }}>
                    <Button size="small" type={next === 'Cancelled' ? 'default' : 'primary'} danger={next === 'Cancelled'}>{t(`status.${next}`)}</Button>
                  </Popconfirm>
                ))}
              </Space>
            ),
          },
        ]}
      />
      {result && result.total > 0 && <Pager page={result.page} pageCount={result.pageCount} onChange={setPage} />}
    </div>
  );
}
