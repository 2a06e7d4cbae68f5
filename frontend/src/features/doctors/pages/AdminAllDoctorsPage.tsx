import { useState } from 'react';
import { Alert, Avatar, Empty, Input, Select, Space, Table, Tag } from 'antd';
import { UserOutlined } from '@ant-design/icons';
import { useQuery } from '@apollo/client/react';
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { AllDoctorsDocument, type AllDoctorsQuery, type DoctorStatus } from '@/gql/graphql';
import { paths, to } from '@/config/paths';
import { formatTaka } from '@/lib/money';
import { errorInfo } from '@/lib/errors';
import Pager from '@/components/Pager';
import { titleOf } from '../components/titles';
import '../i18n';

type Row = AllDoctorsQuery['allDoctors']['items'][number];
const PAGE_SIZE = 20;
const STATUS_COLOR: Record<DoctorStatus, string> = { Approved: 'green', Pending: 'gold', Rejected: 'red' };

export default function AdminAllDoctorsPage() {
  const { t, i18n } = useTranslation('doctors');
  const [page, setPage] = useState(1);
  const [search, setSearch] = useState('');
  const [status, setStatus] = useState<DoctorStatus | null>(null);
  const { data, previousData, loading, error } = useQuery(AllDoctorsDocument, { variables: { page, pageSize: PAGE_SIZE, search: search || null, status } });
  const result = (data ?? previousData)?.allDoctors;
  return (
    <div className="card">
      <h1 className="page-title">{t('allDoctors')}</h1>
      <Space wrap style={{ marginBottom: 12 }}>
        <Input.Search aria-label={t('search')} placeholder={t('name')} allowClear onSearch={(v) => { setSearch(v.trim()); setPage(1); }} style={{ width: 260 }} />
        <Select<DoctorStatus | 'any'>
          aria-label={t('status')}
          value={status ?? 'any'}
          style={{ width: 160 }}
          onChange={(v) => { setStatus(v === 'any' ? null : v); setPage(1); }}
          options={[{ value: 'any', label: t('anyStatus') }, { value: 'Approved', label: t('statusApproved') }, { value: 'Pending', label: t('statusPending') }, { value: 'Rejected', label: t('statusRejected') }]}
        />
        <Link to={paths.adminPendingDoctors}>{t('pendingLink')}</Link>
      </Space>
      {error && <Alert type="error" showIcon message={errorInfo(error).message} />}
      <Table<Row>
        rowKey="id"
        loading={loading}
        dataSource={result?.items ?? []}
        pagination={false}
        scroll={{ x: 900 }}
        locale={{ emptyText: <Empty description={t('noDoctorFound')} /> }}
        columns={[
          { title: t('images'), key: 'a', width: 64, render: (_, d) => <Avatar src={d.avatarUrl ?? undefined} icon={<UserOutlined />} alt="" /> },
          { title: t('name'), key: 'n', render: (_, d) => <><strong>{titleOf(d.title)} {d.name}</strong><div className="muted">{d.email}</div></> },
          { title: t('specialities'), key: 's', render: (_, d) => d.specialities.join(', ') },
          { title: t('work'), dataIndex: 'work' },
          { title: t('fee'), key: 'f', render: (_, d) => formatTaka(d.feePoisha, i18n.language) },
          { title: t('status'), key: 'st', render: (_, d) => <Tag color={STATUS_COLOR[d.status]}>{t(`status${d.status}`)}</Tag> },
          { title: t('actions'), key: 'x', render: (_, d) => <Link to={to('adminUpdateDoctor', { doctorId: d.id })}>{t('update')}</Link> },
        ]}
      />
      {result && result.total > 0 && <Pager page={result.page} pageCount={result.pageCount} onChange={setPage} />}
    </div>
  );
}
