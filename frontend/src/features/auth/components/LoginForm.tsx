import { useState } from 'react';
import { Alert, Button, Form, Input } from 'antd';
import { useMutation } from '@apollo/client/react';
import { Link, Navigate, useLocation } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { DoctorLoginDocument, LoginDocument } from '@/gql/graphql';
import { setSession, useSession, type Role } from '@/lib/session';
import { flash } from '@/lib/flash';
import { errorInfo } from '@/lib/errors';
import { paths } from '@/config/paths';
import { toSessionUser, useLogout } from '../useAuthActions';
import '../i18n';
import '../auth.css';

/** Patient/admin login and doctor login: the same form, two doors. */
/** Where a role starts after logging in. */
const startOf = (role: Role) => (role === 'admin' ? paths.adminDashboard : role === 'doctor' ? paths.doctorBooking : role === 'pharmacist' ? paths.pharmacistQueue : paths.home);

export default function LoginForm({ door }: { door: 'patient' | 'doctor' }) {
  const { t } = useTranslation('auth');
  const session = useSession();
  const location = useLocation();
  const [error, setError] = useState<string | null>(null);
  const [patientLogin, patientState] = useMutation(LoginDocument);
  const [doctorLogin, doctorState] = useMutation(DoctorLoginDocument);
  const loading = patientState.loading || doctorState.loading;
  const from = (location.state as { from?: string } | null)?.from;
  // A signup whose login was refused brings its email along.
  const typedEmail = (location.state as { email?: string } | null)?.email;
  const { t: tc } = useTranslation();
  const logout = useLogout();
  // Signed in already when the page opened (not by this form).
  const [openedSignedIn] = useState(() => !!session);

  // A patient or admin who opens the doctor login ("For Doctors") was sent home without a word: the
  // page now says whose session this is and offers to end it, so that a doctor on a shared phone can log in.
  if (session && door === 'doctor' && session.user.role !== 'doctor' && openedSignedIn) {
    return (
      <div className="card auth-card" data-testid="doctor-door-signed-in">
        <h1 className="page-title">{t('doctorLoginTitle')}</h1>
        <p>{t('signedInAsOther', { name: session.user.name, role: tc(`roles.${session.user.role}`) })}</p>
        <div className="auth-choices">
          <Button type="primary" onClick={() => void logout()}>{t('logoutForDoctor')}</Button>
          <Link to={paths.home}>{tc('state.backHome')}</Link>
        </div>
      </div>
    );
  }

  // Logged in (now, or already when the page opened): to where the user was going, else to the
  // role's own start (admins their dashboard, doctors their consultations).
  if (session) return <Navigate to={from ?? startOf(session.user.role)} replace />;

  async function onFinish(values: { email: string; password: string }) {
    setError(null);
    try {
      const input = { email: values.email.trim(), password: values.password };
      const payload = door === 'doctor'
        ? (await doctorLogin({ variables: { input } })).data?.doctorLogin
        : (await patientLogin({ variables: { input } })).data?.login;
      if (!payload) return;
      const user = toSessionUser(payload.user);
      flash(t('loggedIn', { name: user.name }), 'success', 3000);
      setSession({ token: payload.token, refreshToken: payload.refreshToken, user });
    } catch (e) {
      setError(errorInfo(e).message);
    }
  }

  return (
    <div className="card auth-card">
      <h1 className="page-title">{door === 'doctor' ? t('doctorLoginTitle') : t('welcomeLogin')}</h1>
      {error && <Alert type="error" showIcon message={error} style={{ marginBottom: 16 }} role="alert" />}
      <Form noValidate layout="vertical" onFinish={onFinish} requiredMark={false} initialValues={{ email: typedEmail }}>
        <Form.Item name="email" label={t('email')} rules={[{ required: true, message: t('emailRequired') }, { type: 'email', message: t('emailInvalid') }]}>
          <Input autoComplete="email" inputMode="email" />
        </Form.Item>
        <Form.Item name="password" label={t('password')} rules={[{ required: true, message: t('passwordRequired') }]}>
          <Input.Password autoComplete="current-password" />
        </Form.Item>
        <Button type="primary" htmlType="submit" block loading={loading} size="large">{t('login')}</Button>
      </Form>
      <nav className="auth-links" aria-label={t('moreWays')}>
        {door === 'patient' ? (
          <>
            <Link to={paths.phoneSignin}>{t('useMobileLogin')}</Link>
            <Link to={paths.doctorLogin}>{t('loginAsDoctor')}</Link>
            <Link to={paths.userForgotPassword}>{t('forgot')}</Link>
            <Link to={paths.userSignup}>{t('createAccount')}</Link>
          </>
        ) : (
          <>
            <Link to={paths.userSignin}>{t('loginAsPatient')}</Link>
            <Link to={paths.doctorForgotPassword}>{t('forgot')}</Link>
            <Link to={paths.doctorSignup}>{t('registerAsDoctor')}</Link>
          </>
        )}
      </nav>
    </div>
  );
}
