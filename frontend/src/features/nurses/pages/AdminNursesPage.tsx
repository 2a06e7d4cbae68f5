import { App, Button, Popconfirm } from 'antd';
import { useAreaLabel } from '@/lib/areas';
import { useMutation, useQuery } from '@apollo/client/react';

import { useTranslation } from 'react-i18next';
import { readerDigits } from '@/lib/digits';
import { AdminNursesDocument, DeleteNurseDocument, type AdminNursesQuery } from '@/gql/graphql';
import { errorInfo } from '@/lib/errors';
import { formatTaka } from '@/lib/money';
import { to } from '@/config/paths';
import AdminTable, { actionsColumn, useTableParams, type ListOrder } from '@/components/AdminTable';
import ButtonLink from '@/components/ButtonLink';
import { NursePhoto } from '../components/shared';
import '../i18n';

type Row = AdminNursesQuery['adminNurses']['items'][number];
const PAGE_SIZE = 20;

export default function AdminNursesPage() {
  const { t, i18n } = useTranslation('nurses');
  const areaLabel = useAreaLabel();
  const { message } = App.useApp();
  const table = useTableParams();
  const { data, loading, error, refetch } = useQuery(AdminNursesDocument, {
    variables: { page: table.page, pageSize: PAGE_SIZE, sort: table.sort as ListOrder }, fetchPolicy: 'cache-and-network',
  });
  const [remove] = useMutation(DeleteNurseDocument);
  const result = data?.adminNurses;

  async function onDelete(id: string) {
    try {
      const res = await remove({ variables: { id } });
      void message.success(t('admin.deleted', { count: res.data?.deleteNurse.cancelledHires ?? 0 }));
      await refetch();
    } catch (e) {
      void message.error(errorInfo(e).message);
    }
  }

  return (
    <AdminTable<Row>
        title={t('admin.allNurses')} table={table} result={result} loading={loading && !result} error={error}
        csv="nurses" empty={t('noNurses')} scrollX={720}
        columns={[
          { title: t('admin.image'), key: 'img', width: 72, render: (_, n) => <NursePhoto url={n.imageUrls[0]} name={n.name} size={44} /> },
          { title: t('admin.name'), key: 'name', render: (_, n) => <><strong>{n.name}</strong><div style={{ color: '#5f6b7a' }}>{readerDigits(n.phone, i18n.language)}</div></> },
          { title: t('admin.email'), dataIndex: 'email' },
          { title: t('admin.location'), key: 'loc', render: (_, n) => areaLabel(n.location) },
          { title: t('fees'), key: 'fee', render: (_, n) => formatTaka(n.feePoisha, i18n.language) },
          // Kept in view on the right, its buttons stacked when narrow (they were cut off at 390 px).
          actionsColumn<Row>(t('admin.actions'), (n) => (
            <>
              <ButtonLink to={to('adminUpdateNurse', { nurseId: n.id })} size="small">{t('admin.edit')}</ButtonLink>
              <Popconfirm title={t('admin.deleteConfirm', { name: n.name })} onConfirm={() => onDelete(n.id)} okText={t('admin.delete')} okButtonProps={{ danger: true }}>
                <Button danger size="small">{t('admin.delete')}</Button>
              </Popconfirm>
            </>
          ), 110),
        ]}
    />
  );
}
