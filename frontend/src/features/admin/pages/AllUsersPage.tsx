import { App, Avatar, Button, Popconfirm, Tag } from 'antd';
import { UserOutlined } from '@ant-design/icons';
import { useMutation, useQuery } from '@apollo/client/react';
import { useTranslation } from 'react-i18next';
import { readerDigits } from '@/lib/digits';
import { AdminUsersDocument, DeleteUserDocument, type AdminUsersQuery, type Role, type UserSort, type UserStatus } from '@/gql/graphql';
import { ADMIN_TABLE_FILTERS, paths } from '@/config/paths';
import { errorInfo } from '@/lib/errors';
import { formatDate } from '@/lib/dates';
import { useSession } from '@/lib/session';
import AdminTable, { useTableParams } from '@/components/AdminTable';
import '../i18n';

type Row = AdminUsersQuery['users']['items'][number];
const PAGE_SIZE = 20;
const ROLES: Role[] = ['User', 'Doctor', 'Admin', 'Pharmacist'];
const SORTS: UserSort[] = ['newest', 'oldest', 'name', 'email'];
const STATUSES: UserStatus[] = ['verified', 'unverified'];

/** Every user: search, role filter, sort, server paging, CSV of the filtered rows, delete with confirmation. */
export default function AllUsersPage() {
  const { t, i18n } = useTranslation('admin');
  const { message } = App.useApp();
  const session = useSession();
  const table = useTableParams(ADMIN_TABLE_FILTERS[paths.adminUsers]);
  const role = ROLES.find((r) => r === table.filters.role) ?? null;
  const status = STATUSES.find((s) => s === table.filters.status) ?? null;
  const sort = SORTS.find((s) => s === table.sort) ?? 'newest';
  const { data, loading, error, refetch } = useQuery(AdminUsersDocument, {
    variables: { page: table.page, pageSize: PAGE_SIZE, search: table.q || null, role, status, sort },
  });
  const [remove] = useMutation(DeleteUserDocument);

  async function onDelete(id: string) {
    try {
      await remove({ variables: { id } });
      void message.success(t('userDeleted'));
      await refetch();
    } catch (e) {
      void message.error(errorInfo(e).message);
    }
  }

  return (
    <AdminTable<Row>
      title={t('allUsers')} table={table} result={data?.users} loading={loading} error={error}
      csv="users" empty={t('noUsers')} scrollX={900} search={t('search')}
      filters={[
        { key: 'role', label: t('allRoles'), options: ROLES.map((r) => ({ value: r, label: t(`roles.${r}`) })) },
        { key: 'status', label: t('anyStatus'), options: STATUSES.map((s) => ({ value: s, label: t(`userStatus.${s}`) })) },
      ]}
      sortOptions={[{ value: 'newest', label: t('newest') }, { value: 'oldest', label: t('oldest') }, { value: 'name', label: t('byName') }, { value: 'email', label: t('byEmail') }]}
      columns={[
        { title: '', key: 'avatar', width: 56, render: (_, u) => <Avatar src={u.avatarUrl ?? undefined} icon={<UserOutlined />} alt="" /> },
        { title: t('name'), key: 'name', width: 280, render: (_, u) => <><strong>{u.name}</strong><div style={{ color: '#667' }}>{u.email}</div></> },
        { title: t('role'), key: 'role', render: (_, u) => <Tag color={u.role === 'Admin' ? 'gold' : u.role === 'Doctor' ? 'blue' : u.role === 'Pharmacist' ? 'purple' : 'green'}>{t(`roles.${u.role}`)}</Tag> },
        // a phone number never breaks in two
        { title: t('phone'), dataIndex: 'phone', render: (phone: string | null) => phone && <span style={{ whiteSpace: 'nowrap' }}>{readerDigits(phone, i18n.language)}</span> },
        // Verified: an email or a mobile number proved (what booking, hiring and ordering need); which one, beside it.
        { title: t('verified'), key: 'v', render: (_, u) => (u.contactVerified
          ? <>{t('yes')} <span className="muted">({[u.emailVerified ? t('viaEmail') : null, u.phoneVerified ? t('viaPhone') : null].filter(Boolean).join(', ')})</span></>
          : t('no')) },
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
  );
}
