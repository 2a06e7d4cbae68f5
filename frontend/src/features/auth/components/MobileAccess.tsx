import { useState } from 'react';
import { Alert, Button, Form, Input } from 'antd';
import { useMutation } from '@apollo/client/react';
import { Link, Navigate, useLocation } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { LoginWithCodeDocument, SendLoginCodeDocument, SendSignupCodeDocument } from '@/gql/graphql';
import CodeEntry, { type CodeSentInfo } from '@/components/CodeEntry';
import { setSession, useSession } from '@/lib/session';
import { flash } from '@/lib/flash';
import { errorInfo, formErrorParts } from '@/lib/errors';
import { isBdMobile } from '@/lib/digits';
import { paths } from '@/config/paths';
import { toSessionUser } from '../useAuthActions';
import { NAME_MAX } from '../limits';
import { formatCount } from '@/lib/money';
import '../i18n';
import '../auth.css';

/**
 * Signup and login with a mobile number and an SMS code (no email, no password). Step one asks for
 * the number (and, to sign up, a name); step two for the code. The server answers the first step
 * the same for every number, so the screen never says whether a number has an account: the code
 * arrives only on the phone that can use it.
 */
export default function MobileAccess({ mode }: { mode: 'signup' | 'login' }) {
  const { t, i18n } = useTranslation('auth');
  const session = useSession();
  const location = useLocation();
  const [form] = Form.useForm<{ name?: string; phone: string }>();
  const [sent, setSent] = useState<(CodeSentInfo & { name?: string }) | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [sendSignup, signupState] = useMutation(SendSignupCodeDocument);
  const [sendLogin, loginState] = useMutation(SendLoginCodeDocument);
  const [loginWithCode, codeState] = useMutation(LoginWithCodeDocument);
  const from = (location.state as { from?: string } | null)?.from;
  if (session) return <Navigate to={from ?? paths.home} replace />;

  const language = i18n.language.startsWith('bn') ? 'bn' : 'en';
  async function send(values: { name?: string; phone: string }): Promise<CodeSentInfo | null> {
    setError(null);
    try {
      const answer = mode === 'signup'
        ? (await sendSignup({ variables: { input: { name: values.name!.trim(), phone: values.phone.trim(), language } } })).data?.sendSignupCode
        : (await sendLogin({ variables: { input: { phone: values.phone.trim(), language } } })).data?.sendLoginCode;
      if (!answer) return null;
      setSent({ ...answer, name: values.name });
      return answer;
    } catch (e) {
      const parts = formErrorParts(errorInfo(e), ['name', 'phone']);
      if (!sent) form.setFields(parts.fields as Parameters<typeof form.setFields>[0]);
      setError(parts.message ?? errorInfo(e).message);
      return null;
    }
  }

  async function confirm(code: string) {
    if (!sent) return;
    setError(null);
    try {
      const payload = (await loginWithCode({ variables: { input: { phone: sent.phone, code } } })).data?.loginWithCode;
      if (!payload) return;
      const user = toSessionUser(payload.user);
      flash(t(mode === 'signup' ? 'mobileWelcome' : 'loggedIn', { name: user.name }), 'success', 4000);
      setSession({ token: payload.token, refreshToken: payload.refreshToken, user });
    } catch (e) {
      setError(errorInfo(e).message);
    }
  }

  const title = mode === 'signup' ? t('mobileSignupTitle') : t('mobileLoginTitle');
  return (
    <div className="card auth-card">
      <h1 className="page-title">{title}</h1>
      {!sent ? (
        <>
          <p>{mode === 'signup' ? t('mobileSignupIntro') : t('mobileLoginIntro')}</p>
          {error && <Alert type="error" showIcon message={error} style={{ marginBottom: 16 }} role="alert" />}
          <Form noValidate form={form} layout="vertical" requiredMark={false} onFinish={send}>
            {mode === 'signup' && (
              <Form.Item name="name" label={t('name')} rules={[{ required: true, whitespace: true, message: t('nameRequired') }, { max: NAME_MAX, message: t('nameTooLong', { max: formatCount(NAME_MAX, i18n.language) }) }]}>
                <Input autoComplete="name" />
              </Form.Item>
            )}
            <Form.Item name="phone" label={t('mobile')} extra={t('phoneHint')}
              rules={[{ required: true, message: t('phoneRequired') }, { validator: async (_, v?: string) => { if (v && !isBdMobile(v)) throw new Error(t('mobileInvalid')); } }]}>
              <Input inputMode="tel" autoComplete="tel" maxLength={20} />
            </Form.Item>
            <Button type="primary" htmlType="submit" block size="large" loading={signupState.loading || loginState.loading}>{t('sendCode')}</Button>
          </Form>
        </>
      ) : (
        <>
          {mode === 'login' && <p className="muted">{t('mobileLoginNote')}</p>}
          <CodeEntry key={sent.phone} sent={sent} busy={codeState.loading} error={error} onConfirm={confirm}
            onResend={() => send({ name: sent.name, phone: sent.phone })}
            onChangeNumber={() => { setSent(null); setError(null); }} />
        </>
      )}
      <nav className="auth-links" aria-label={t('moreWays')}>
        {mode === 'signup' ? (
          <>
            <Link to={paths.phoneSignin}>{t('mobileHaveAccount')}</Link>
            <Link to={paths.userSignup}>{t('useEmailSignup')}</Link>
          </>
        ) : (
          <>
            <Link to={paths.phoneSignup}>{t('mobileNoAccount')}</Link>
            <Link to={paths.userSignin}>{t('useEmailLogin')}</Link>
          </>
        )}
      </nav>
    </div>
  );
}
