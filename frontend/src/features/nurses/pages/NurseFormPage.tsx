import { useEffect, useState } from 'react';
import { Alert, Button, Form, Input, Select, Skeleton } from 'antd';
import NumberInput from '@/components/NumberInput';
import { useMutation, useQuery } from '@apollo/client/react';
import { useNavigate, useParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import ImagePicker from '@/components/ImagePicker';
import { AdminNurseDocument, AdminNursesDocument, CreateNurseDocument, UpdateNurseDocument, type Gender, type NurseLocation } from '@/gql/graphql';
import { errorInfo } from '@/lib/errors';
import { takaToPoisha } from '@/lib/money';
import { paths } from '@/config/paths';
import { useAreaOptions } from '@/lib/areas';
import '../i18n';
import { flash } from '@/lib/flash';

interface Values {
  name: string;
  degree: string;
  work: string;
  fees: number;
  phone: string;
  email: string;
  gender: Gender;
  location: NurseLocation;
  description?: string;
}

/** /admin/create-nurse and /update-nurse/:nurseId: one form; images sent with it replace the old ones. */
export default function NurseFormPage() {
  const { nurseId } = useParams();
  const editing = !!nurseId;
  const { t } = useTranslation('nurses');
  const locations = useAreaOptions('nurseLocations');
  const navigate = useNavigate();
  const [form] = Form.useForm<Values>();
  const [files, setFiles] = useState<File[]>([]);
  const [error, setError] = useState<string | null>(null);
  const existing = useQuery(AdminNurseDocument, { variables: { id: nurseId ?? '' }, skip: !editing });
  const [create, createState] = useMutation(CreateNurseDocument, { refetchQueries: [AdminNursesDocument] });
  const [update, updateState] = useMutation(UpdateNurseDocument);
  const nurse = existing.data?.nurse;

  useEffect(() => {
    if (nurse) form.setFieldsValue({ ...nurse, fees: nurse.feePoisha / 100 });
  }, [nurse, form]);

  async function onFinish(v: Values) {
    setError(null);
    const input = {
      name: v.name.trim(), degree: v.degree.trim(), work: v.work.trim(), feePoisha: takaToPoisha(v.fees), phone: v.phone.trim(), email: v.email.trim(),
      gender: v.gender, location: v.location, description: v.description?.trim() ?? '',
    };
    try {
      if (editing) {
        await update({ variables: { id: nurseId!, input, images: files.length ? files : null } });
        flash(t('admin.updated'));
      } else {
        await create({ variables: { input, images: files.length ? files : null } });
        flash(t('admin.created'));
      }
      navigate(paths.adminAllNurses);
    } catch (e) {
      const info = errorInfo(e);
      setError(info.message);
      if (info.fields) form.setFields(Object.entries(info.fields).filter(([n]) => n in input).map(([name, msg]) => ({ name: name as keyof Values, errors: [msg] })));
    }
  }

  if (editing && existing.loading && !nurse) return <div className="card"><Skeleton active /></div>;
  if (editing && existing.error) return <Alert type="error" showIcon title={errorInfo(existing.error).message} />;
  const required = [{ required: true, whitespace: true, message: t('admin.required') }];
  return (
    <div className="card" style={{ maxWidth: 720 }}>
      <h1 className="page-title">{editing ? t('admin.updateTitle') : t('admin.createTitle')}</h1>
      {error && <Alert type="error" showIcon title={error} role="alert" style={{ marginBottom: 16 }} />}
      <Form form={form} layout="vertical" noValidate onFinish={onFinish} requiredMark={false} initialValues={{ description: '' }}>
        <Form.Item name="name" label={t('admin.name')} rules={required}><Input maxLength={100} /></Form.Item>
        <Form.Item name="degree" label={t('admin.degree')} rules={required}><Input maxLength={200} /></Form.Item>
        <Form.Item name="work" label={t('admin.work')} rules={required}><Input maxLength={200} /></Form.Item>
        <Form.Item name="fees" label={t('admin.fees')} rules={[{ required: true, message: t('admin.required') }]}>
          <NumberInput min={0} max={100000} step={50} style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item name="phone" label={t('admin.phone')} rules={required}><Input inputMode="tel" placeholder="01XXXXXXXXX" /></Form.Item>
        <Form.Item name="email" label={t('admin.email')} rules={[...required, { type: 'email', message: t('admin.email') }]}><Input type="email" /></Form.Item>
        <Form.Item name="gender" label={t('admin.gender')} rules={[{ required: true, message: t('admin.required') }]}>
          <Select options={[{ value: 'Male', label: t('male') }, { value: 'Female', label: t('female') }]} />
        </Form.Item>
        <Form.Item name="location" label={t('admin.location')} rules={[{ required: true, message: t('admin.required') }]}>
          <Select options={locations} />
        </Form.Item>
        <Form.Item name="description" label={t('admin.description')}><Input.TextArea rows={4} maxLength={5000} /></Form.Item>
        <Form.Item label={t('admin.images')} htmlFor="nurse-images" extra={editing ? t('admin.keepImages') : undefined}>
          <ImagePicker id="nurse-images" multiple value={files} onChange={setFiles} current={nurse?.imageUrls ?? []} alt={nurse?.name ?? t('admin.images')} />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={createState.loading || updateState.loading}>{editing ? t('admin.update') : t('admin.create')}</Button>
      </Form>
    </div>
  );
}
