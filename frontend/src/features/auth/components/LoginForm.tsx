import { useId, useRef, useState, type FormEvent } from 'react';
import { Link, Navigate, useLocation } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { DoctorLoginDocument, LoginDocument } from '@/gql/graphql';
import { setSession, useSession, type Role } from '@/lib/session';
import { flash } from '@/lib/flash';
import { errorInfo } from '@/lib/errors';
import { sendRegistered } from '@/lib/registeredOperation';
import { paths } from '@/config/paths';
import { toSessionUser, useLogout } from '../useAuthActions';
import '../i18n';
import '../auth.css';

/** Where a role starts after logging in. */
const startOf = (role: Role) => (role === 'admin' ? paths.adminDashboard : role === 'doctor' ? paths.doctorBooking : role === 'pharmacist' ? paths.pharmacistQueue : paths.home);

/** An email as the server takes it: something, an @, something with a dot. */
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
type Problems = { email?: string; password?: string };

/**
 * Patient/admin login and doctor login: the same form, two doors. Built without antd (a light page,
 * app/routes.tsx): on a cheap phone antd's code and stylesheet were most of the wait before a person
 * could sign in. Each problem is said beside its field, and the first one takes the focus.
 */
export default function LoginForm({ door }: { door: 'patient' | 'doctor' }) {
  const { t } = useTranslation('auth');
  const session = useSession();
  const location = useLocation();
  const [error, setError] = useState<string | null>(null);
  const [loading, setLoading] = useState(false);
  const from = (location.state as { from?: string } | null)?.from;
  // A signup whose login was refused brings its email along.
  const typedEmail = (location.state as { email?: string } | null)?.email;
  const { t: tc } = useTranslation();
  const logout = useLogout();
  // Signed in already when the page opened (not by this form).
  const [openedSignedIn] = useState(() => !!session);
  const [email, setEmail] = useState(typedEmail ?? '');
  const [password, setPassword] = useState('');
  const [shown, setShown] = useState(false);
  const [problems, setProblems] = useState<Problems>({});
  const [tried, setTried] = useState(false);
  const emailBox = useRef<HTMLInputElement>(null);
  const passwordBox = useRef<HTMLInputElement>(null);
  const id = useId();

  const check = (values: { email: string; password: string }): Problems => ({
    email: !values.email.trim() ? t('emailRequired') : EMAIL.test(values.email.trim()) ? undefined : t('emailInvalid'),
    password: values.password ? undefined : t('passwordRequired'),
  });

  // A patient or admin who opens the doctor login ("For Doctors") was sent home without a word: the
  // page now says whose session this is and offers to end it, so that a doctor on a shared phone can log in.
  if (session && door === 'doctor' && session.user.role !== 'doctor' && openedSignedIn) {
    return (
      <div className="card auth-card" data-testid="doctor-door-signed-in">
        <h1 className="page-title">{t('doctorLoginTitle')}</h1>
        <p>{t('signedInAsOther', { name: session.user.name, role: tc(`roles.${session.user.role}`) })}</p>
        <div className="auth-choices">
          <button type="button" className="btn btn-primary" onClick={() => void logout()}>{t('logoutForDoctor')}</button>
          <Link to={paths.home}>{tc('state.backHome')}</Link>
        </div>
      </div>
    );
  }

  // Logged in (now, or already when the page opened): to where the user was going, else to the
  // role's own start (admins their dashboard, doctors their consultations).
  if (session) return <Navigate to={from ?? startOf(session.user.role)} replace />;

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setTried(true);
    const found = check({ email, password });
    setProblems(found);
    if (found.email || found.password) {
      (found.email ? emailBox : passwordBox).current?.focus();
      return;
    }
    setError(null);
    setLoading(true);
    try {
      // Sent without Apollo (lib/registeredOperation.ts): the sign-in page is light, and its one write
      // caches nothing; the session it returns is the app's own (lib/session.ts).
      const input = { email: email.trim(), password };
      const payload = door === 'doctor'
        ? (await sendRegistered(DoctorLoginDocument, { input })).doctorLogin
        : (await sendRegistered(LoginDocument, { input })).login;
      const user = toSessionUser(payload.user);
      flash(t('loggedIn', { name: user.name }), 'success', 3000);
      setSession({ token: payload.token, refreshToken: payload.refreshToken, user });
    } catch (e) {
      setError(errorInfo(e).message);
    } finally {
      setLoading(false);
    }
  }

  // Once a send was refused, each field says at once whether it is right now.
  const edit = (next: { email: string; password: string }) => {
    if (tried) setProblems(check(next));
  };

  return (
    <div className="card auth-card">
      <h1 className="page-title">{door === 'doctor' ? t('doctorLoginTitle') : t('welcomeLogin')}</h1>
      {error && <div role="alert" className="alert-error">{error}</div>}
      <form noValidate className="light-form" onSubmit={(e) => void onSubmit(e)}>
        <div className="light-field">
          <label htmlFor={`${id}-email`}>{t('email')}</label>
          <input ref={emailBox} id={`${id}-email`} name="email" className="input input-lg" autoComplete="email" inputMode="email" value={email}
            aria-invalid={!!problems.email} aria-describedby={problems.email ? `${id}-email-problem` : undefined}
            onChange={(e) => { setEmail(e.target.value); edit({ email: e.target.value, password }); }} />
          {problems.email && <div id={`${id}-email-problem`} className="field-problem">{problems.email}</div>}
        </div>
        <div className="light-field">
          <label htmlFor={`${id}-password`}>{t('password')}</label>
          <div className="password-box">
            <input ref={passwordBox} id={`${id}-password`} name="password" className="input input-lg" type={shown ? 'text' : 'password'} autoComplete="current-password" value={password}
              aria-invalid={!!problems.password} aria-describedby={problems.password ? `${id}-password-problem` : undefined}
              onChange={(e) => { setPassword(e.target.value); edit({ email, password: e.target.value }); }} />
            <button type="button" className="btn-text" aria-pressed={shown} aria-controls={`${id}-password`} onClick={() => setShown((v) => !v)}>
              {shown ? t('hidePassword') : t('showPassword')}
            </button>
          </div>
          {problems.password && <div id={`${id}-password-problem`} className="field-problem">{problems.password}</div>}
        </div>
        <button type="submit" className="btn btn-primary btn-lg btn-block" disabled={loading} aria-busy={loading}>{t('login')}</button>
      </form>
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
