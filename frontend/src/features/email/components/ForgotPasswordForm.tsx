import { useState } from 'react';
import { Alert, App, Button, Form, Input } from 'antd';
import { useMutation } from '@apollo/client/react';
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { DoctorForgotPasswordDocument, ForgotPasswordDocument } from '@/gql/graphql';
import { errorInfo } from '@/lib/errors';
import { paths } from '@/config/paths';
import '../i18n';

/** /user/password (patients) and /doctor-forgot-password (doctors): one form, two doors. */
export function ForgotPasswordForm({ door }: { door: 'patient' | 'doctor' }) {
  const { t } = useTranslation('email');
  const { message } = App.useApp();
  const [error, setError] = useState<string | null>(null);
  const [sent, setSent] = useState(false);
  const [patientForgot, patientState] = useMutation(ForgotPasswordDocument);
  const [doctorForgot, doctorState] = useMutation(DoctorForgotPasswordDocument);

  async function onFinish(values: { email: string }) {
    setError(null);
    try {
      const input = { email: values.email.trim() };
      if (door === 'doctor') await doctorForgot({ variables: { input } });
      else await patientForgot({ variables: { input } });
      setSent(true);
      void message.success(t('resetSent'));
    } catch (e) {
      setError(errorInfo(e).message);
    }
  }

  return (
    <div className="card auth-card">
      <h1 className="page-title">{door === 'doctor' ? t('doctorForgotTitle') : t('forgotTitle')}</h1>
      {sent ? (
        <Alert type="success" showIcon message={t('resetSent')} description={t('resetSentHint')} style={{ marginBottom: 16 }} />
      ) : (
        <>
          <p>{t('forgotHint')}</p>
          {error && <Alert type="error" showIcon message={error} style={{ marginBottom: 16 }} role="alert" />}
          <Form noValidate layout="vertical" onFinish={onFinish} requiredMark={false}>
            <Form.Item name="email" label={t('email')} rules={[{ required: true, message: t('emailRequired') }, { type: 'email', message: t('emailInvalid') }]}>
              <Input autoComplete="email" inputMode="email" />
            </Form.Item>
            <Button type="primary" htmlType="submit" block size="large" loading={patientState.loading || doctorState.loading}>{t('send')}</Button>
          </Form>
        </>
      )}
      <div style={{ marginTop: 16 }}>
        <Link to={door === 'doctor' ? paths.doctorLogin : paths.userSignin}>{t('backToLogin')}</Link>
      </div>
    </div>
  );
}
