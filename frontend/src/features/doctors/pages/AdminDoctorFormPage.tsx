import { useEffect, useState } from 'react';
import { Alert, App, Button, Form, Input, Select, Skeleton } from 'antd';
import NumberInput from '@/components/NumberInput';
import { useMutation, useQuery } from '@apollo/client/react';
import { useNavigate, useParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { asciiDigits } from '@/lib/digits';
import ImagePicker from '@/components/ImagePicker';
import { AdminDoctorDocument, CreateDoctorDocument, UpdateDoctorDocument, type DoctorTitle, type DoctorType, type Gender } from '@/gql/graphql';
import { paths } from '@/config/paths';
import { errorInfo, formErrorParts } from '@/lib/errors';
import { useDoctorTitleOptions } from '@/lib/doctorTitles';
import '../i18n';
import '../admin-i18n';
import { flash } from '@/lib/flash';

interface Values {
  title: DoctorTitle; name: string; email: string; phone: string; gender: Gender; degree: string; specialities: string;
  work: string; experienceYears: number; fees: number; location: string; description: string; bmdcNo: string; nidNo: string;
  type: DoctorType; hospitalSlotCapacity: number;
}

/** /admin/create-doctor and /update-doctor/:doctorId: the same form; images go up as multipart. */
export default function AdminDoctorFormPage() {
  const { doctorId } = useParams();
  const editing = !!doctorId;
  const { t } = useTranslation('doctors');
  const titleOptions = useDoctorTitleOptions();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const [form] = Form.useForm<Values>();
  const [images, setImages] = useState<File[]>([]);
  const image = images[0] ?? null;
  const { data, loading, error } = useQuery(AdminDoctorDocument, { variables: { id: doctorId ?? '' }, skip: !editing });
  const [create, { loading: creating }] = useMutation(CreateDoctorDocument);
  const [update, { loading: updating }] = useMutation(UpdateDoctorDocument);

  useEffect(() => {
    const d = data?.doctor;
    if (d) {
      form.setFieldsValue({
        title: d.title, name: d.name, email: d.email ?? '', phone: d.phone ?? '', gender: d.gender ?? 'Male', degree: d.degree,
        specialities: d.specialities.join(', '), work: d.work, experienceYears: d.experienceYears, fees: d.feePoisha / 100,
        location: d.location, description: d.description, bmdcNo: d.bmdcNo, type: d.type, hospitalSlotCapacity: d.hospitalSlotCapacity,
      });
    }
  }, [data, form]);

  async function submit(v: Values) {
    const specialities = v.specialities.split(',').map((s) => s.trim()).filter(Boolean);
    try {
      if (editing) {
        await update({ variables: { id: doctorId!, image, input: {
          title: v.title, name: v.name, phone: v.phone, gender: v.gender, degree: v.degree, specialities, work: v.work,
          experienceYears: v.experienceYears, fees: v.fees, location: v.location, description: v.description, type: v.type,
          hospitalSlotCapacity: v.hospitalSlotCapacity,
        } } });
        flash(t('updateSuccess'));
      } else {
        await create({ variables: { image, input: { ...v, specialities, bmdcNo: asciiDigits(v.bmdcNo.trim()), nidNo: asciiDigits(v.nidNo ?? '') } } });
        flash(t('createSuccess'));
      }
      navigate(paths.adminAllDoctors);
    } catch (e) {
      const parts = formErrorParts(errorInfo(e), Object.keys(form.getFieldsValue(true)));
      form.setFields(parts.fields.map((f) => ({ ...f, name: f.name as keyof Values })));
      if (parts.message) void message.error(parts.message);
    }
  }

  if (editing && loading) return <Skeleton active />;
  if (editing && error) return <Alert type="error" showIcon message={errorInfo(error).message} />;
  const req = [{ required: true, message: t('required') }];
  return (
    <div className="card">
      <h1 className="page-title">{editing ? t('updateDoctor') : t('createDoctor')}</h1>
      <Form<Values> form={form} layout="vertical" noValidate onFinish={submit} initialValues={{ title: 'Dr', type: 'Medical', gender: 'Male', experienceYears: 0, hospitalSlotCapacity: 10, description: '', nidNo: '' }}>
        <div className="form-grid">
          <Form.Item name="title" label={t('title')} rules={req}><Select options={titleOptions} /></Form.Item>
          <Form.Item name="name" label={t('name')} rules={req}><Input maxLength={100} /></Form.Item>
          <Form.Item name="email" label={t('email')} rules={req}><Input type="email" disabled={editing} /></Form.Item>
          <Form.Item name="phone" label={t('phone')} extra={t('phoneHint')} rules={req}><Input inputMode="tel" /></Form.Item>
          <Form.Item name="gender" label={t('gender')} rules={req}><Select options={[{ value: 'Male', label: t('male') }, { value: 'Female', label: t('female') }]} /></Form.Item>
          <Form.Item name="degree" label={t('degree')} rules={req}><Input /></Form.Item>
          <Form.Item name="specialities" label={t('specialities')} rules={req}><Input placeholder={t('specialitiesExample')} /></Form.Item>
          <Form.Item name="work" label={t('work')} rules={req}><Input /></Form.Item>
          <Form.Item name="location" label={t('location')} rules={req}><Input /></Form.Item>
          <Form.Item name="experienceYears" label={t('experienceYears')}><NumberInput min={0} max={70} style={{ width: '100%' }} /></Form.Item>
          <Form.Item name="fees" label={t('feesBdt')} rules={req}><NumberInput min={0} max={100000} style={{ width: '100%' }} /></Form.Item>
          <Form.Item name="bmdcNo" label={t('bmdc')} rules={req}><Input disabled={editing} placeholder="A-12345" /></Form.Item>
          {!editing && <Form.Item name="nidNo" label={t('nid')}><Input /></Form.Item>}
          <Form.Item name="type" label={t('type')}><Select options={[{ value: 'Medical', label: t('medical') }, { value: 'Dental', label: t('dental') }]} /></Form.Item>
          <Form.Item name="hospitalSlotCapacity" label={t('capacity')}><NumberInput min={1} max={200} style={{ width: '100%' }} /></Form.Item>
        </div>
        <Form.Item name="description" label={t('description')}><Input.TextArea rows={4} maxLength={5000} /></Form.Item>
        <Form.Item label={t('images')} htmlFor="doctor-image">
          <ImagePicker id="doctor-image" value={images} onChange={setImages} current={data?.doctor?.avatarUrl ? [data.doctor.avatarUrl] : []}
            alt={t('images')} />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={creating || updating}>{editing ? t('update') : t('create')}</Button>
      </Form>
    </div>
  );
}
