import { useState } from 'react';
import { App, Button, Form, Input, Modal, Table } from 'antd';
import { useMutation, useQuery } from '@apollo/client/react';
import { useTranslation } from 'react-i18next';
import { AdminSpecialitiesDocument, CreateSpecialityDocument, UpdateSpecialityDocument, type AdminSpecialityFieldsFragment } from '@/gql/graphql';
import NumberInput from '@/components/NumberInput';
import { actionsColumn } from '@/components/AdminTable';
import { errorInfo } from '@/lib/errors';
import { formatCount } from '@/lib/money';
import '../i18n';

type Row = AdminSpecialityFieldsFragment;
interface Values { title: string; titleBn?: string; sortOrder?: number | null }

/** Specialities as the /consultation grid and the doctors filter show them: added and edited here, in English and Bangla. */
export default function SpecialitiesPanel() {
  const { t, i18n } = useTranslation('admin');
  const { message } = App.useApp();
  const [editing, setEditing] = useState<Row | 'new' | null>(null);
  const [form] = Form.useForm<Values>();
  const { data, loading, refetch } = useQuery(AdminSpecialitiesDocument, { fetchPolicy: 'cache-and-network' });
  const [create, creating] = useMutation(CreateSpecialityDocument);
  const [update, updating] = useMutation(UpdateSpecialityDocument);

  function open(row: Row | 'new') {
    setEditing(row);
    form.resetFields();
    if (row !== 'new') form.setFieldsValue({ title: row.title, titleBn: row.titleBn, sortOrder: row.sortOrder });
  }

  async function save() {
    let v: Values;
    try {
      v = await form.validateFields();
    } catch {
      return;
    }
    const input = { title: v.title.trim(), titleBn: v.titleBn?.trim() ?? '', sortOrder: v.sortOrder ?? null };
    try {
      if (editing === 'new') await create({ variables: { input } });
      else if (editing) await update({ variables: { id: editing.id, input } });
      void message.success(t('catalogue.specialitySaved'));
      setEditing(null);
      await refetch();
    } catch (e) {
      void message.error(errorInfo(e).message);
    }
  }

  return (
    <div>
      <div className="catalogue-toolbar">
        <p className="muted">{t('catalogue.specialitiesIntro')}</p>
        <Button type="primary" onClick={() => open('new')}>{t('catalogue.addSpeciality')}</Button>
      </div>
      <Table<Row>
        rowKey="id" loading={loading && !data} dataSource={data?.specialities ?? []} pagination={false} size="small"
        columns={[
          { title: t('catalogue.order'), key: 'order', width: 64, render: (_, s) => formatCount(s.sortOrder, i18n.language) },
          {
            title: `${t('catalogue.titleEn')} / ${t('catalogue.titleBn')}`, key: 'title',
            render: (_, s) => <><span lang="en">{s.title}</span><div>{s.titleBn ? <span lang="bn">{s.titleBn}</span> : <span className="muted">{t('catalogue.noBangla')}</span>}</div></>,
          },
          actionsColumn<Row>(t('actions'), (s) => <Button size="small" onClick={() => open(s)} aria-label={t('catalogue.editNamed', { name: s.title })}>{t('catalogue.edit')}</Button>, 100),
        ]}
      />
      <Modal open={!!editing} title={editing === 'new' ? t('catalogue.addSpeciality') : t('catalogue.editSpeciality')} onCancel={() => setEditing(null)}
        onOk={() => void save()} okText={t('catalogue.save')} cancelText={t('catalogue.cancel')} okButtonProps={{ loading: creating.loading || updating.loading }} destroyOnHidden>
        <Form noValidate form={form} layout="vertical" requiredMark={false}>
          <Form.Item name="title" label={t('catalogue.titleEn')} rules={[{ required: true, whitespace: true, message: t('catalogue.titleRequired') }]}><Input maxLength={60} lang="en" autoFocus /></Form.Item>
          <Form.Item name="titleBn" label={t('catalogue.titleBn')}><Input maxLength={60} lang="bn" /></Form.Item>
          <Form.Item name="sortOrder" label={t('catalogue.order')} extra={t('catalogue.orderHint')}><NumberInput min={0} max={10000} precision={0} style={{ width: '100%' }} /></Form.Item>
        </Form>
      </Modal>
    </div>
  );
}
