import { useState } from 'react';
import { Alert, App, Button, Form, Input, Skeleton } from 'antd';
import { useMutation, useQuery } from '@apollo/client/react';
import { useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { MeDocument, SendPhoneCodeDocument, VerifyPhoneDocument } from '@/gql/graphql';
import CodeEntry, { type CodeSentInfo } from '@/components/CodeEntry';
import { errorInfo, formErrorParts } from '@/lib/errors';
import { isBdMobile } from '@/lib/digits';
import { flash } from '@/lib/flash';
import { paths } from '@/config/paths';
import '../i18n';

/**
 * /user/phone: an account adds or changes its mobile number, proved with an SMS code. The number
 * then gets the account's texts and logs it in. A number that belongs to another account answers
 * like any other here (its owner is told instead), so the screen says nothing about it.
 */
export default function VerifyPhonePage() {
  const { t } = useTranslation('profile');
  const { message } = App.useApp();
  const navigate = useNavigate();
  const [form] = Form.useForm<{ phone: string }>();
  const { data, loading } = useQuery(MeDocument);
  const [send, sendState] = useMutation(SendPhoneCodeDocument);
  const [verify, verifyState] = useMutation(VerifyPhoneDocument, { refetchQueries: [MeDocument] });
  const [sent, setSent] = useState<CodeSentInfo | null>(null);
  const [error, setError] = useState<string | null>(null);
  if (loading && !data) return <div className="card auth-card"><Skeleton active /></div>;
  const me = data?.me;

  async function request(phone: string): Promise<CodeSentInfo | null> {
    setError(null);
    try {
      const answer = (await send({ variables: { input: { phone: phone.trim() } } })).data?.sendPhoneCode ?? null;
      if (answer) setSent(answer);
      return answer;
    } catch (e) {
      const parts = formErrorParts(errorInfo(e), ['phone']);
      if (!sent) form.setFields(parts.fields as Parameters<typeof form.setFields>[0]);
      setError(parts.message ?? errorInfo(e).message);
      return null;
    }
  }

  async function confirm(code: string) {
    setError(null);
    try {
      const res = await verify({ variables: { input: { code } } });
      flash(t('phoneNowVerified', { phone: res.data?.verifyPhone.phone ?? '' }), 'success', 4000);
      navigate(me?.role === 'Doctor' ? paths.doctorInfo : paths.userInfo);
    } catch (e) {
      setError(errorInfo(e).message);
      void message.error(errorInfo(e).message);
    }
  }

  return (
    <div className="card auth-card">
      <h1 className="page-title">{t('verifyPhoneTitle')}</h1>
      {!sent ? (
        <>
          <p>{t('verifyPhoneIntro')}</p>
          {error && <Alert type="error" showIcon message={error} style={{ marginBottom: 16 }} role="alert" />}
          <Form noValidate form={form} layout="vertical" requiredMark={false} initialValues={{ phone: me?.phoneVerified ? '' : me?.phone ?? '' }}
            onFinish={(v) => request(v.phone)}>
            <Form.Item name="phone" label={t('mobile')} extra={t('mobileHint')}
              rules={[{ required: true, message: t('enterPhone') }, { validator: async (_, v?: string) => { if (v && !isBdMobile(v)) throw new Error(t('mobileInvalid')); } }]}>
              <Input inputMode="tel" autoComplete="tel" maxLength={20} />
            </Form.Item>
            <Button type="primary" htmlType="submit" block size="large" loading={sendState.loading}>{t('sendCode')}</Button>
          </Form>
        </>
      ) : (
        <CodeEntry key={sent.phone} sent={sent} busy={verifyState.loading} error={error} onConfirm={confirm}
          onResend={() => request(sent.phone)} onChangeNumber={() => { setSent(null); setError(null); }} />
      )}
    </div>
  );
}
