import { useState } from 'react';
import { App, Button, Form, Input, Modal, Select, Tag } from 'antd';
import { useMutation, useQuery } from '@apollo/client/react';
import { useTranslation } from 'react-i18next';
import {
  CreateSpecialityTermDocument, DeleteSpecialityTermDocument, SpecialitiesDocument, SpecialityTermsDocument, UpdateSpecialityTermDocument,
  type SpecialityTermKind, type SpecialityTermsQuery,
} from '@/gql/graphql';
import { ADMIN_TABLE_FILTERS, paths } from '@/config/paths';
import { errorInfo } from '@/lib/errors';
import { formatDate } from '@/lib/dates';
import { specialityTitle } from '@/lib/specialities';
import { scriptLang } from '@/lib/script';
import AdminTable, { actionsColumn, useTableParams } from '@/components/AdminTable';
import ConfirmButton from '@/components/ConfirmButton';
import '../search-terms-i18n';

type Row = SpecialityTermsQuery['specialityTerms']['items'][number];
interface Values { term: string; kind: SpecialityTermKind; specialities: string[] }
const PAGE_SIZE = 20;
const KINDS: SpecialityTermKind[] = ['Word', 'Complaint'];

/**
 * The words and complaints that lead a doctor search to specialities (docs/search.md): the shipped,
 * reviewed set and what admins add. Every change is in the audit log, like any admin change.
 */
export default function AdminSearchTermsPage() {
  const { t, i18n } = useTranslation('searchTerms');
  const { message } = App.useApp();
  const table = useTableParams(ADMIN_TABLE_FILTERS[paths.adminSearchTerms]);
  const kind = KINDS.find((k) => k === table.filters.kind) ?? null;
  const { data, previousData, loading, error, refetch } = useQuery(SpecialityTermsDocument, {
    variables: { page: table.page, pageSize: PAGE_SIZE, search: table.q || null, kind, speciality: table.filters.speciality || null },
  });
  const specialities = useQuery(SpecialitiesDocument).data?.specialities ?? [];
  const titleOf = (title: string) => {
    const s = specialities.find((x) => x.title === title);
    return s ? specialityTitle(s, i18n.language) : title;
  };
  const [create, creating] = useMutation(CreateSpecialityTermDocument);
  const [update, updating] = useMutation(UpdateSpecialityTermDocument);
  const [remove] = useMutation(DeleteSpecialityTermDocument);
  const [editing, setEditing] = useState<Row | 'new' | null>(null);
  const [form] = Form.useForm<Values>();

  function open(row: Row | 'new') {
    setEditing(row);
    form.resetFields();
    form.setFieldsValue(row === 'new' ? { kind: 'Complaint', specialities: [] } : { term: row.term, kind: row.kind, specialities: row.specialities });
  }

  async function save() {
    let v: Values;
    try {
      v = await form.validateFields();
    } catch {
      void message.error(t('required'));
      return;
    }
    try {
      if (editing === 'new') await create({ variables: { input: v } });
      else if (editing) await update({ variables: { id: editing.id, input: v } });
      void message.success(t('saved'));
      setEditing(null);
      await refetch();
    } catch (e) {
      void message.error(errorInfo(e).message);
    }
  }

  async function drop(row: Row) {
    try {
      await remove({ variables: { id: row.id } });
      void message.success(t('deleted'));
      await refetch();
    } catch (e) {
      void message.error(errorInfo(e).message);
    }
  }

  const required = [{ required: true, message: t('required') }];
  const specialityOptions = specialities.map((s) => ({ value: s.title, label: specialityTitle(s, i18n.language) }));
  return (
    <>
      <AdminTable<Row>
        title={t('title')} table={table} result={(data ?? previousData)?.specialityTerms} loading={loading} error={error} empty={t('empty')}
        search={t('search')} sortOptions={[]} scrollX={760}
        filters={[
          { key: 'kind', label: t('anyKind'), options: KINDS.map((k) => ({ value: k, label: t(`kinds.${k}`) })) },
          { key: 'speciality', label: t('anySpeciality'), options: specialityOptions },
        ]}
        extra={<Button type="primary" onClick={() => open('new')}>{t('add')}</Button>}
        columns={[
          { title: t('term'), key: 'term', render: (_, r) => <strong lang={scriptLang(r.term)}>{r.term}</strong> },
          { title: t('kind'), key: 'kind', render: (_, r) => <Tag>{t(`kinds.${r.kind}`)}</Tag> },
          { title: t('specialities'), key: 'sp', render: (_, r) => r.specialities.map(titleOf).join(', ') },
          { title: t('changed'), key: 'at', render: (_, r) => formatDate(r.changedAt, i18n.language) },
          actionsColumn<Row>(t('actions'), (r) => (
            <>
              <Button size="small" onClick={() => open(r)}>{t('edit')}</Button>
              <ConfirmButton className="btn btn-sm" question={t('deleteQuestion', { term: r.term })} okText={t('delete')} onConfirm={() => void drop(r)}>{t('delete')}</ConfirmButton>
            </>
          ), 170),
        ]}
      >
        <p className="muted" style={{ marginTop: 16 }}>{t('intro')}</p>
      </AdminTable>
      <Modal open={!!editing} title={editing === 'new' ? t('add') : t('edit')} onCancel={() => setEditing(null)} onOk={() => void save()}
        okText={t('save')} okButtonProps={{ loading: creating.loading || updating.loading }} destroyOnHidden>
        <Form noValidate form={form} layout="vertical" requiredMark={false}>
          <Form.Item name="term" label={t('term')} rules={required} extra={t('termHint')}><Input maxLength={80} /></Form.Item>
          <Form.Item name="kind" label={t('kind')} rules={required}><Select options={KINDS.map((k) => ({ value: k, label: t(`kinds.${k}`) }))} /></Form.Item>
          <Form.Item name="specialities" label={t('specialities')} rules={required} extra={t('specialitiesHint')}>
            <Select mode="multiple" maxCount={5} options={specialityOptions} />
          </Form.Item>
        </Form>
      </Modal>
    </>
  );
}
