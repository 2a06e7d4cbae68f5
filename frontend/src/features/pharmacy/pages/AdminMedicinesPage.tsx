import { useState } from 'react';
import { Alert, App, Button, Empty, Form, Input, Modal, Select, Switch, Table, Tag } from 'antd';
import NumberInput from '@/components/NumberInput';
import { useMutation, useQuery } from '@apollo/client/react';
import { useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { CreateMedicineDocument, MedicinesDocument, UpdateMedicineDocument, type MedicineUnit, type MedicinesQuery, type MedicineForm } from '@/gql/graphql';
import { errorInfo } from '@/lib/errors';
import { formatCount, formatTaka, takaToPoisha } from '@/lib/money';
import Pager from '@/components/Pager';
import { actionsColumn } from '@/components/AdminTable';
import ImagePicker from '@/components/ImagePicker';
import MedicineImage from '../components/MedicineImage';
import RxBadge from '../components/RxBadge';
import { FORMS } from '../components/medicineForms';
import '../i18n';
import '../orders-i18n';
import '../admin-i18n';
import '../rx-i18n';
import '../pharmacy.css';

type Row = MedicinesQuery['medicines']['items'][number];
interface Values {
  name: string; nameBn?: string; genericName: string; company: string; strength: string; form: MedicineForm; unit: MedicineUnit;
  price: number; stock: number; description?: string; isActive?: boolean; prescriptionRequired?: boolean; dosesPerUnit?: number | null;
}
const UNITS: MedicineUnit[] = ['Pcs', 'Strip', 'Bottle'];

/** Admins create and update medicines: image, price and stock. */
export default function AdminMedicinesPage() {
  const { t, i18n } = useTranslation('pharmacy');
  const { message } = App.useApp();
  const [page, setPage] = useState(1);
  const [keyword, setKeyword] = useState('');
  const [editing, setEditing] = useState<Row | 'new' | null>(null);
  const [images, setImages] = useState<File[]>([]);
  const image = images[0] ?? null;
  const [form] = Form.useForm<Values>();
  // ?lowStock=1 (the dashboard's tile): catalogue medicines at or below the low-stock threshold.
  const [params, setParams] = useSearchParams();
  const lowStock = params.get('lowStock') === '1';
  const { data, loading, error, refetch } = useQuery(MedicinesDocument, { variables: { keyword: keyword || undefined, page, pageSize: 20, includeInactive: !lowStock, lowStock } });
  const [create, creating] = useMutation(CreateMedicineDocument);
  const [update, updating] = useMutation(UpdateMedicineDocument);
  const result = data?.medicines;

  function open(row: Row | 'new') {
    setEditing(row);
    setImages([]);
    form.resetFields();
    if (row !== 'new') {
      form.setFieldsValue({ ...row, price: row.pricePoisha / 100, isActive: row.isActive, prescriptionRequired: row.prescriptionRequired, dosesPerUnit: row.dosesPerUnit });
    } else form.setFieldsValue({ form: 'Tablet', unit: 'Strip', isActive: true, prescriptionRequired: false });
  }

  async function save() {
    let v: Values;
    try {
      v = await form.validateFields();
    } catch {
      void message.error(t('enterAll'));
      return;
    }
    const base = {
      name: v.name, nameBn: v.nameBn?.trim() ?? '', genericName: v.genericName, company: v.company, strength: v.strength, form: v.form, unit: v.unit,
      pricePoisha: takaToPoisha(v.price), stock: v.stock, description: v.description ?? '',
      prescriptionRequired: v.prescriptionRequired ?? false, ...(v.dosesPerUnit ? { dosesPerUnit: v.dosesPerUnit } : {}),
    };
    try {
      if (editing === 'new') await create({ variables: { input: base, image } });
      else if (editing) await update({ variables: { id: editing.id, input: { ...base, isActive: v.isActive ?? true }, image } });
      void message.success(t('saved'));
      setEditing(null);
      await refetch();
    } catch (e) {
      void message.error(errorInfo(e).message);
    }
  }

  const required = [{ required: true, message: t('enterAll') }];
  return (
    <div className="card">
      <div style={{ display: 'flex', justifyContent: 'space-between', gap: 8, flexWrap: 'wrap', marginBottom: 12 }}>
        <h1 className="page-title">{t('medicines')}</h1>
        <Button type="primary" onClick={() => open('new')}>{t('newMedicine')}</Button>
      </div>
      <Input.Search placeholder={t('searchPlaceholder')} allowClear onSearch={(v) => { setKeyword(v.trim()); setPage(1); }} style={{ marginBottom: 12 }} aria-label={t('search')} />
      <label className="med-lowstock">
        <Switch size="small" checked={lowStock} onChange={(on) => { const next = new URLSearchParams(params); if (on) next.set('lowStock', '1'); else next.delete('lowStock'); setParams(next, { replace: true }); setPage(1); }} />
        {' '}{t('lowStockOnly')}
      </label>
      {error && <Alert type="error" showIcon message={errorInfo(error).message} />}
      <Table<Row>
        rowKey="id" loading={loading} dataSource={result?.items ?? []} pagination={false} scroll={{ x: 900 }}
        locale={{ emptyText: <Empty description={t('noMedicine')} /> }}
        columns={[
          { title: t('image'), key: 'img', width: 80, render: (_, m) => <MedicineImage url={m.imageUrl} name={m.name} strength={m.strength} small /> },
          { title: t('name'), key: 'name', render: (_, m) => <><strong>{m.name}</strong> <span translate="no">{m.strength}</span> {m.prescriptionRequired && <RxBadge />}{m.nameBn && <div lang="bn">{m.nameBn}</div>}<div className="med-meta">{m.genericName} · {m.company}</div></> },
          { title: t('type'), key: 'type', render: (_, m) => `${t(`forms.${m.form}`)} / ${t(`unit.${m.unit}`)}` },
          { title: t('price'), key: 'price', render: (_, m) => formatTaka(m.pricePoisha, i18n.language) },
          { title: t('stock'), dataIndex: 'stock', width: 90, render: (stock: number) => formatCount(stock, i18n.language) },
          { title: t('status'), key: 'active', render: (_, m) => (m.isActive ? <Tag color="green">{t('active')}</Tag> : <Tag>{t('hidden')}</Tag>) },
          actionsColumn<Row>(t('actions'), (m) => <Button size="small" data-testid="edit-medicine" onClick={() => open(m)}>{t('edit')}</Button>, 100),
        ]}
      />
      {result && result.total > 0 && <Pager page={result.page} pageCount={result.pageCount} onChange={setPage} />}
      <Modal open={!!editing} title={editing === 'new' ? t('newMedicine') : t('editMedicine')} onCancel={() => setEditing(null)}
        onOk={() => void save()} okText={t('save')} okButtonProps={{ loading: creating.loading || updating.loading }} destroyOnHidden>
        <Form noValidate form={form} layout="vertical" requiredMark={false}>
          <Form.Item name="name" label={t('name')} rules={required}><Input maxLength={120} /></Form.Item>
          <Form.Item name="nameBn" label={t('nameBn')}><Input maxLength={120} lang="bn" /></Form.Item>
          <Form.Item name="genericName" label={t('generic')} rules={required}><Input maxLength={200} /></Form.Item>
          <Form.Item name="company" label={t('company')} rules={required}><Input maxLength={120} /></Form.Item>
          <Form.Item name="strength" label={t('strength')} rules={required}><Input maxLength={60} /></Form.Item>
          <Form.Item name="form" label={t('type')} rules={required}><Select options={FORMS.map((f) => ({ value: f, label: t(`forms.${f}`) }))} /></Form.Item>
          <Form.Item name="unit" label={t('unitLabel')} rules={required}><Select options={UNITS.map((u) => ({ value: u, label: t(`unit.${u}`) }))} /></Form.Item>
          <Form.Item name="price" label={t('priceBdt')} rules={required}><NumberInput min={0.01} step={0.5} precision={2} style={{ width: '100%' }} /></Form.Item>
          <Form.Item name="stock" label={t('stock')} rules={required}><NumberInput min={0} precision={0} style={{ width: '100%' }} /></Form.Item>
          <Form.Item name="dosesPerUnit" label={t('doses')} extra={t('dosesHint')}><NumberInput min={1} max={1000} precision={0} style={{ width: '100%' }} /></Form.Item>
          <Form.Item name="prescriptionRequired" label={t('rxRequired')} valuePropName="checked" extra={t('rxHint')}><Switch /></Form.Item>
          <Form.Item name="description" label={t('description')}><Input.TextArea rows={3} maxLength={5000} /></Form.Item>
          {editing !== 'new' && <Form.Item name="isActive" label={t('active')} valuePropName="checked"><Switch /></Form.Item>}
          <Form.Item label={t('image')} htmlFor="medicine-image">
            <ImagePicker id="medicine-image" value={images} onChange={setImages}
              current={editing && editing !== 'new' && editing.imageUrl ? [editing.imageUrl] : []} alt={editing && editing !== 'new' ? editing.name : t('image')} />
          </Form.Item>
        </Form>
      </Modal>
    </div>
  );
}
