import { useState } from 'react';
import { Alert, App, Avatar, Button, Empty, Popconfirm, Space, Table } from 'antd';
import { UserOutlined } from '@ant-design/icons';
import { useMutation, useQuery } from '@apollo/client/react';
import { useTranslation } from 'react-i18next';
import { ApproveDoctorDocument, PendingDoctorsDocument, RejectDoctorDocument, type PendingDoctorsQuery } from '@/gql/graphql';
import { errorInfo } from '@/lib/errors';
import { formatDate } from '@/lib/dates';
import Pager from '@/components/Pager';
import '../i18n';

type Row = PendingDoctorsQuery['pendingDoctors']['items'][number];
const PAGE_SIZE = 20;

export default function PendingDoctorsPage() {
  const { t, i18n } = useTranslation('admin');
  const { message } = App.useApp();
  const [page, setPage] = useState(1);
  const { data, loading, error, refetch } = useQuery(PendingDoctorsDocument, { variables: { page, pageSize: PAGE_SIZE } });
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
    <div className="card">
      <h1 className="page-title">{t('pendingDoctors')}</h1>
      {error && <Alert type="error" showIcon message={errorInfo(error).message} style={{ marginBottom: 16 }} />}
      <Table<Row>
        rowKey="id"
        loading={loading}
        dataSource={result?.items ?? []}
        pagination={false}
        scroll={{ x: 900 }}
        locale={{ emptyText: <Empty description={t('noPending')} /> }}
        columns={[
          { title: t('photo'), key: 'avatar', width: 72, render: (_, d) => <Avatar src={d.avatarUrl ?? undefined} icon={<UserOutlined />} alt="" /> },
          { title: t('name'), key: 'name', render: (_, d) => <><strong>{d.name}</strong><div style={{ color: '#667' }}>{d.email}</div></> },
          { title: t('degree'), dataIndex: 'degree' },
          { title: t('specialities'), key: 'sp', render: (_, d) => d.specialities.join(', ') },
          { title: t('work'), dataIndex: 'work' },
          { title: t('bmdc'), dataIndex: 'bmdcNo' },
          { title: t('registered'), key: 'at', render: (_, d) => formatDate(d.createdAt, i18n.language) },
          {
            title: t('actions'), key: 'actions', fixed: 'right',
            render: (_, d) => (
              <Space>
                <Popconfirm title={t('approveConfirm')} onConfirm={() => decide(d.id, 'approve')} okText={t('approve')}>
                  <Button type="primary" size="small">{t('approve')}</Button>
                </Popconfirm>
                <Popconfirm title={t('rejectConfirm')} onConfirm={() => decide(d.id, 'reject')} okText={t('reject')} okButtonProps={{ danger: true }}>
                  <Button danger size="small">{t('reject')}</Button>
                </Popconfirm>
              </Space>
            ),
          },
        ]}
      />
      {result && result.total > 0 && <Pager page={result.page} pageCount={result.pageCount} onChange={setPage} />}
    </div>
  );
}
