import { useState } from 'react';
import { Alert, App, Button, Form, Input } from 'antd';
import { useMutation } from '@apollo/client/react';
import { useTranslation } from 'react-i18next';
import { ChangePasswordDocument } from '@/gql/graphql';
import { errorInfo } from '@/lib/errors';
import { passwordRules } from '@/lib/passwordRules';
import '../i18n';

/** Patients, admins and doctors: the server checks the old password, the match and the strength. */
export default function ChangePasswordPage() {
  const { t } = useTranslation('auth');
  const { message } = App.useApp();
  const [form] = Form.useForm();
  const [error, setError] = useState<string | null>(null);
  const [change, { loading }] = useMutation(ChangePasswordDocument);

  async function onFinish(values: { oldPassword: string; newPassword: string; confirmPassword: string }) {
    setError(null);
    try {
      await change({ variables: { input: values } });
      void message.success(t('passwordUpdated'));
      form.resetFields();
    } catch (e) {
      setError(errorInfo(e).message);
    }
  }

  return (
    <div className="card" style={{ maxWidth: 520 }}>
      <h1 className="page-title">{t('changePassword')}</h1>
      {error && <Alert type="error" showIcon message={error} style={{ marginBottom: 16 }} role="alert" />}
      <Form noValidate form={form} layout="vertical" onFinish={onFinish} requiredMark={false}>
        <Form.Item name="oldPassword" rules={[{ required: true, message: t('passwordRequired') }]}>
          <Input.Password placeholder={t('oldPassword')} autoComplete="current-password" aria-label={t('oldPassword')} />
        </Form.Item>
        <Form.Item name="newPassword" rules={passwordRules(t)}>
          <Input.Password placeholder={t('newPassword')} autoComplete="new-password" aria-label={t('newPassword')} />
        </Form.Item>
        <Form.Item
          name="confirmPassword"
          dependencies={['newPassword']}
          rules={[
            { required: true, message: t('passwordRequired') },
            ({ getFieldValue }) => ({
              validator: (_r, v) => (!v || v === getFieldValue('newPassword') ? Promise.resolve() : Promise.reject(new Error(t('mismatch')))),
            }),
          ]}
        >
          <Input.Password placeholder={t('confirmPassword')} autoComplete="new-password" aria-label={t('confirmPassword')} />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={loading}>{t('changePassword')}</Button>
      </Form>
    </div>
  );
}
