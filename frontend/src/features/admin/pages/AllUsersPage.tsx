import { useState } from 'react';
import { Alert, App, Avatar, Button, Empty, Input, Popconfirm, Select, Space, Table, Tag } from 'antd';
import { DownloadOutlined, UserOutlined } from '@ant-design/icons';
import { useMutation, useQuery } from '@apollo/client/react';
import { useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { AdminUsersDocument, DeleteUserDocument, type AdminUsersQuery, type Role, type UserSort } from '@/gql/graphql';
import { errorInfo } from '@/lib/errors';
import { formatDate } from '@/lib/dates';
import { downloadFile } from '@/lib/download';
import { useSession } from '@/lib/session';
import Pager from '@/components/Pager';
import '../i18n';

type Row = AdminUsersQuery['users']['items'][number];
const PAGE_SIZE = 20;

/** Every user: search, role filter, sort, server paging, CSV of the filtered rows, delete with confirmation. */
export default function AllUsersPage() {
  const { t, i18n } = useTranslation('admin');
  const { message } = App.useApp();
  const session = useSession();
  const [params, setParams] = useSearchParams();
  const page = Number(params.get('page') ?? 1) || 1;
  const search = params.get('q') ?? '';
  const role = (params.get('role') as Role | null) ?? null;
  const sort = (params.get('sort') as UserSort | null) ?? 'newest';
  const set = (patch: Record<string, string | null>) => {
    const next = new URLSearchParams(params);
    for (const [k, v] of Object.entries(patch)) if (v) next.set(k, v); else next.delete(k);
    if (!('page' in patch)) next.delete('page');
    setParams(next, { replace: true });
  };
  const { data, loading, error, refetch } = useQuery(AdminUsersDocument, {
    variables: { page, pageSize: PAGE_SIZE, search: search || null, role, sort },
  });
  const [remove] = useMutation(DeleteUserDocument);
  const result = data?.users;

  async function onDelete(id: string) {
    try {
      await remove({ variables: { id } });
      void message.success(t('userDeleted'));
      await refetch();
    } catch (e) {
      void message.error(errorInfo(e).message);
    }
  }

  async function onExport() {
    const q = new URLSearchParams({ ...(search ? { search } : {}), ...(role ? { role } : {}), sort });
    try {
      await downloadFile(`/api/admin/users.csv?${q}`, 'nirog-users.csv');
    } catch (e) {
      void message.error(errorInfo(e).message);
    }
  }

  return (
    <div className="card">
      <h1 className="page-title">{t('allUsers')}</h1>
      <Space wrap style={{ marginBottom: 16 }}>
        <Input.Search allowClear defaultValue={search} placeholder={t('search')} onSearch={(q) => set({ q })} style={{ width: 280 }} aria-label={t('search')} />
        <Select<Role | ''> value={role ?? ''} style={{ width: 150 }} aria-label={t('role')} onChange={(v) => set({ role: v || null })}
          options={[{ value: '', label: t('allRoles') }, ...(['User', 'Doctor', 'Admin'] as const).map((r) => ({ value: r, label: t(`roles.${r}`) }))]} />
        <Select<UserSort> value={sort} style={{ width: 150 }} aria-label={t('sort')} onChange={(v) => set({ sort: v })}
          options={[{ value: 'newest', label: t('newest') }, { value: 'oldest', label: t('oldest') }, { value: 'name', label: t('byName') }, { value: 'email', label: t('byEmail') }]} />
        <Button icon={<DownloadOutlined />} onClick={onExport}>{t('exportCsv')}</Button>
      </Space>
      {error && <Alert type="error" showIcon message={errorInfo(error).message} style={{ marginBottom: 16 }} />}
      <Table<Row>
        rowKey="id"
        loading={loading}
        dataSource={result?.items ?? []}
        pagination={false}
        scroll={{ x: 760 }}
        locale={{ emptyText: <Empty description={t('noUsers')} /> }}
        columns={[
          { title: '', key: 'avatar', width: 56, render: (_, u) => <Avatar src={u.avatarUrl ?? undefined} icon={<UserOutlined />} alt="" /> },
          { title: t('allUsers'), key: 'name', render: (_, u) => <><strong>{u.name}</strong><div style={{ color: '#667' }}>{u.email}</div></> },
          { title: t('role'), key: 'role', render: (_, u) => <Tag color={u.role === 'Admin' ? 'gold' : u.role === 'Doctor' ? 'blue' : 'green'}>{t(`roles.${u.role}`)}</Tag> },
          { title: 'Phone', dataIndex: 'phone' },
          { title: t('verified'), key: 'v', render: (_, u) => (u.emailVerified ? t('yes') : t('no')) },
          { title: t('joined'), key: 'joined', render: (_, u) => formatDate(u.createdAt, i18n.language) },
          {
            title: '', key: 'actions', fixed: 'right', width: 96,
            render: (_, u) => u.id === session?.user.id ? null : (
              <Popconfirm title={t('deleteConfirm')} okText={t('deleteUser')} okButtonProps={{ danger: true }} onConfirm={() => onDelete(u.id)}>
                <Button danger size="small">{t('deleteUser')}</Button>
              </Popconfirm>
            ),
          },
        ]}
      />
      {result && result.total > 0 && <Pager page={result.page} pageCount={result.pageCount} onChange={(p) => set({ page: String(p) })} />}
    </div>
  );
}
