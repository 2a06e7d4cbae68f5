import { useState } from 'react';
import { Alert, App, Button, Form, Input, Spin } from 'antd';
import PageResult from '@/components/PageResult';
import { useMutation, useQuery } from '@apollo/client/react';

import { useTranslation } from 'react-i18next';
import { ConfirmEmailDocument, EmailStatusDocument, ResendVerificationDocument } from '@/gql/graphql';
import { errorInfo } from '@/lib/errors';
import { asciiDigits } from '@/lib/digits';
import { paths } from '@/config/paths';
import ButtonLink from '@/components/ButtonLink';
import DevMailbox from '../components/DevMailbox';
import '../i18n';

/** /user/confirm/email: the 6-digit code from the verification mail, and a new code on request. */
export default function ConfirmEmailPage() {
  const { t } = useTranslation('email');
  const { message } = App.useApp();
  const [form] = Form.useForm();
  const [error, setError] = useState<string | null>(null);
  const [mailboxKey, setMailboxKey] = useState(0);
  const status = useQuery(EmailStatusDocument);
  const [confirm, confirmState] = useMutation(ConfirmEmailDocument);
  const [resend, resendState] = useMutation(ResendVerificationDocument);

  if (status.loading) return <div className="card auth-card" style={{ textAlign: 'center' }}><Spin /></div>;
  if (status.error) return <Alert type="error" showIcon message={errorInfo(status.error).message} role="alert" />;
  if (status.data?.me.emailVerified) {
    return (
      <PageResult status="success" title={t('verified')} subTitle={t('verifiedHint')}
        extra={<ButtonLink to={paths.home} type="primary">{t('goHome')}</ButtonLink>} />
    );
  }

  async function onFinish(values: { password: string }) {
    setError(null);
    try {
      // A Bangla keyboard types ৬৫৪৩২১: the server gets 654321.
      await confirm({ variables: { input: { code: asciiDigits(values.password).trim() } } });
      void message.success(t('verified'));
    } catch (e) {
      setError(errorInfo(e).message);
    }
  }

  async function onResend() {
    setError(null);
    try {
      const res = await resend();
      void message.success(res.data?.resendVerification.message ?? t('resent'));
      form.resetFields();
      setMailboxKey((k) => k + 1);
    } catch (e) {
      setError(errorInfo(e).message);
    }
  }

  return (
    <div className="card auth-card">
      <h1 className="page-title">{t('confirmTitle')}</h1>
      <p>{t('confirmHint')}</p>
      {error && <Alert type="error" showIcon message={error} style={{ marginBottom: 16 }} role="alert" />}
      {/* The earlier form named its one field "password"; the server reads it as the code. */}
      <Form noValidate form={form} layout="vertical" onFinish={onFinish} requiredMark={false}>
        <Form.Item name="password" rules={[{ required: true, message: t('codeRequired') }, { validator: async (_, v?: string) => { if (v && !/^\s*\d{6}\s*$/.test(asciiDigits(v))) throw new Error(t('codeFormat')); } }]}>
          <Input placeholder={t('codePlaceholder')} aria-label={t('codePlaceholder')} inputMode="numeric" autoComplete="one-time-code" maxLength={6} size="large" />
        </Form.Item>
        <Button type="primary" htmlType="submit" block size="large" loading={confirmState.loading}>{t('confirm')}</Button>
      </Form>
      <div style={{ marginTop: 16 }}>
        {t('noCode')} <Button type="link" onClick={onResend} loading={resendState.loading} style={{ padding: 0 }}>{t('resend')}</Button>
      </div>
      <DevMailbox refreshKey={mailboxKey} />
    </div>
  );
}
