import { useState } from 'react';
import { Alert, Button, Form, Input } from 'antd';
import { useMutation } from '@apollo/client/react';
import { useNavigate, useParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { DoctorResetPasswordDocument, ResetPasswordDocument } from '@/gql/graphql';
import { errorInfo } from '@/lib/errors';
import { paths } from '@/config/paths';
import { passwordRules } from '@/lib/passwordRules';
import '../i18n';
import { flash } from '@/lib/flash';

/** /password/reset/:token (patients → /user-signin) and /forgot/password/reset/:token (doctors → /doctor/login). */
export function ResetPasswordForm({ door }: { door: 'patient' | 'doctor' }) {
  const { t } = useTranslation('email');
  const navigate = useNavigate();
  const { token = '' } = useParams();
  const [error, setError] = useState<string | null>(null);
  const [patientReset, patientState] = useMutation(ResetPasswordDocument);
  const [doctorReset, doctorState] = useMutation(DoctorResetPasswordDocument);

  async function onFinish(values: { password: string; confirmPassword: string }) {
    setError(null);
    try {
      const variables = { token, input: values };
      if (door === 'doctor') await doctorReset({ variables });
      else await patientReset({ variables });
      flash(t('passwordUpdated'));
      navigate(door === 'doctor' ? paths.doctorLogin : paths.userSignin, { replace: true });
    } catch (e) {
      setError(errorInfo(e).message);
    }
  }

  return (
    <div className="card auth-card">
      <h1 className="page-title">{door === 'doctor' ? t('doctorResetTitle') : t('resetTitle')}</h1>
      {error && <Alert type="error" showIcon message={error} style={{ marginBottom: 16 }} role="alert" />}
      <Form noValidate layout="vertical" onFinish={onFinish} requiredMark={false}>
        <Form.Item name="password" rules={passwordRules(t)}>
          <Input.Password placeholder={t('newPassword')} aria-label={t('newPassword')} autoComplete="new-password" />
        </Form.Item>
        <Form.Item
          name="confirmPassword"
          dependencies={['password']}
          rules={[
            { required: true, message: t('passwordRequired') },
            ({ getFieldValue }) => ({
              validator: (_r, v) => (!v || v === getFieldValue('password') ? Promise.resolve() : Promise.reject(new Error(t('mismatch')))),
            }),
          ]}
        >
          <Input.Password placeholder={t('confirmPassword')} aria-label={t('confirmPassword')} autoComplete="new-password" />
        </Form.Item>
        <Button type="primary" htmlType="submit" block size="large" loading={patientState.loading || doctorState.loading}>{t('update')}</Button>
      </Form>
    </div>
  );
}
