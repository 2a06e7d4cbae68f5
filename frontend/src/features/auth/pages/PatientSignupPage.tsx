import { useState } from 'react';
import { Alert, Button, Form, Input } from 'antd';
import { useMutation } from '@apollo/client/react';
import { Link, Navigate, useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { LoginDocument, SignupDocument } from '@/gql/graphql';
import { showRefusal } from '@/components/formRefusal';
import { formatCount } from '@/lib/money';
import { setSession, useSession } from '@/lib/session';
import { paths } from '@/config/paths';
import AvatarPicker from '../components/AvatarPicker';
import { passwordRules } from '@/lib/passwordRules';
import '../i18n';
import '../auth.css';
import { NAME_MAX } from '../limits';
import { flash } from '@/lib/flash';
import { toSessionUser } from '../useAuthActions';

export default function PatientSignupPage() {
  const { t, i18n } = useTranslation('auth');
  const navigate = useNavigate();
  const session = useSession();
  const [form] = Form.useForm();
  const [avatar, setAvatar] = useState<File | null>(null);
  const [error, setError] = useState<string | null>(null);
  // The password rule is a hint until it is broken; then it is the error, in its place (said once).
  const [ruleBroken, setRuleBroken] = useState(false);
  const [signup, { loading }] = useMutation(SignupDocument);
  const [login, loggingIn] = useMutation(LoginDocument);
  // Logged in when the page opened: home. (Logged in by this page's own signup: it goes on itself.)
  const [openedSignedIn] = useState(() => !!session);
  if (session && openedSignedIn) return <Navigate to={paths.home} replace />;

  async function onFinish(values: { name: string; email: string; password: string }) {
    setError(null);
    try {
      await signup({ variables: { input: { name: values.name.trim(), email: values.email.trim(), password: values.password, language: i18n.language.startsWith('bn') ? 'bn' : 'en' }, avatar } });
    } catch (e) {
      setError(showRefusal(form, e));
      return;
    }
    // The same answer whether or not the email already had an account (its owner gets a mail saying
    // so). The new patient is logged in with what they just typed, instead of typing it again on the
    // login page, and goes on to confirm the email; when that login is refused (the email had an
    // account with another password), the login page opens with the email filled in, as before.
    flash(t('checkEmail'), 'success', 10_000);
    const email = values.email.trim();
    try {
      const payload = (await login({ variables: { input: { email, password: values.password } } })).data?.login;
      if (payload) {
        setSession({ token: payload.token, refreshToken: payload.refreshToken, user: toSessionUser(payload.user) });
        navigate(paths.confirmEmail, { replace: true });
        return;
      }
    } catch {
      /* the login page, below */
    }
    navigate(paths.userSignin, { replace: true, state: { email } });
  }

  return (
    <div className="card auth-card">
      <h1 className="page-title">{t('welcomeRegister')}</h1>
      {error && <Alert type="error" showIcon message={error} style={{ marginBottom: 16 }} role="alert" />}
      <Form noValidate form={form} layout="vertical" onFinish={onFinish} requiredMark={false}>
        <Form.Item label={t('avatar')}>
          <AvatarPicker value={avatar} onChange={setAvatar} />
        </Form.Item>
        <Form.Item name="name" label={t('name')} rules={[{ required: true, whitespace: true, message: t('nameRequired') }, { max: NAME_MAX, message: t('nameTooLong', { max: formatCount(NAME_MAX, i18n.language) }) }]}>
          <Input autoComplete="name" />
        </Form.Item>
        <Form.Item name="email" label={t('email')} rules={[{ required: true, message: t('emailRequired') }, { type: 'email', message: t('emailInvalid') }]}>
          <Input autoComplete="email" inputMode="email" />
        </Form.Item>
        <Form.Item name="password" label={t('password')} extra={ruleBroken ? undefined : t('passwordRule')} rules={passwordRules(t, setRuleBroken)}>
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <Button type="primary" htmlType="submit" block loading={loading || loggingIn.loading} size="large">{t('signup')}</Button>
      </Form>
      <p className="auth-links">
        <Link to={paths.phoneSignup}>{t('useMobileSignup')}</Link>
        <Link to={paths.userSignin}>{t('pleaseLogin')}</Link>
      </p>
    </div>
  );
}
