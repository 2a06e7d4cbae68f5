import { useEffect, useState } from 'react';
import { App, Avatar, Button, DatePicker, Form, Input, Select, Skeleton } from 'antd';
import { UserOutlined } from '@ant-design/icons';
import { useMutation, useQuery } from '@apollo/client/react';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { MeDocument, UpdateAvatarDocument, UpdateProfileDocument } from '@/gql/graphql';
import { errorInfo } from '@/lib/errors';
import FormAlert from '@/components/FormAlert';
import { showRefusal } from '@/components/formRefusal';
import { isoDay, todayInDhaka } from '@/lib/dates';
import { updateSessionUser } from '@/lib/session';
import '../i18n';

export default function UpdateProfilePage() {
  const { t } = useTranslation('profile');
  const { message } = App.useApp();
  const [form] = Form.useForm();
  const [error, setError] = useState<string | null>(null);
  const { data, loading } = useQuery(MeDocument);
  const [update, updateState] = useMutation(UpdateProfileDocument);
  const [updateAvatar, avatarState] = useMutation(UpdateAvatarDocument);
  const me = data?.me;

  useEffect(() => {
    if (me) {
      form.setFieldsValue({ name: me.name, gender: me.gender ?? undefined, phone: me.phone ?? '', birthdate: me.birthdate ? dayjs(me.birthdate) : undefined });
    }
  }, [me, form]);

  async function onFinish(v: { name: string; gender?: 'Male' | 'Female'; phone: string; birthdate: Dayjs }) {
    setError(null);
    try {
      const res = await update({ variables: { input: { name: v.name.trim(), gender: v.gender ?? null, phone: v.phone.trim(), birthdate: isoDay(v.birthdate) } } });
      if (res.data) updateSessionUser({ name: res.data.updateProfile.name });
      void message.success({ content: t('infoUpdated'), style: { marginTop: 8 } });
    } catch (e) {
      setError(showRefusal(form, e));
    }
  }

  async function onAvatar(file: File | undefined) {
    if (!file) return;
    try {
      const res = await updateAvatar({ variables: { avatar: file } });
      if (res.data) updateSessionUser({ avatarUrl: res.data.updateAvatar.avatarUrl });
      void message.success(t('photoUpdated'));
    } catch (e) {
      setError(errorInfo(e).message);
    }
  }

  if (loading && !me) return <div className="card"><Skeleton active /></div>;
  return (
    <div className="card" style={{ maxWidth: 560 }}>
      <h1 className="page-title">{t('updateYourInfo')}</h1>
      <FormAlert message={error} />
      <div style={{ display: 'flex', alignItems: 'center', gap: 16, marginBottom: 16 }}>
        <Avatar size={64} src={me?.avatarUrl ?? undefined} icon={<UserOutlined />} alt="" />
        <Button loading={avatarState.loading} onClick={() => document.getElementById('profile-avatar')?.click()}>{t('changePhoto')}</Button>
        <input id="profile-avatar" type="file" accept="image/*" style={{ display: 'none' }} onChange={(e) => void onAvatar(e.target.files?.[0])} />
      </div>
      <Form noValidate form={form} layout="vertical" onFinish={onFinish}>
        <Form.Item name="name" label={t('name')} rules={[{ required: true, whitespace: true, message: t('whatName') }]}>
          <Input placeholder={t('whatName')} autoComplete="name" />
        </Form.Item>
        <Form.Item name="gender" label={t('gender')}>
          <Select placeholder={t('selectGender')} options={[{ value: 'Male', label: t('male') }, { value: 'Female', label: t('female') }]} allowClear />
        </Form.Item>
        <Form.Item name="phone" label={t('phone')} rules={[{ required: true, message: t('enterPhone') }]}>
          <Input placeholder={t('enterPhone')} inputMode="tel" autoComplete="tel" />
        </Form.Item>
        <Form.Item name="birthdate" label={t('birthdate')} rules={[{ required: true, message: t('birthdateRequired') }]}>
          <DatePicker style={{ width: '100%' }} disabledDate={(d) => isoDay(d) > todayInDhaka()} />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={updateState.loading}>{t('update')}</Button>
      </Form>
    </div>
  );
}
