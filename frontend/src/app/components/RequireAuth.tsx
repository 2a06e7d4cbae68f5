import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { useSession, type Role } from '@/lib/session';
import StateView from './StateView';
import { loginFor, paths } from '@/config/paths';

/**
 * Guards a screen: visitors go to the login (doctors' screens to the doctor login), a logged-in user
 * of another role sees a clear "not allowed". The server refuses regardless; this is for people.
 */
export default function RequireAuth({ roles, children }: { roles?: Role[]; children: ReactNode }) {
  const session = useSession();
  const location = useLocation();
  const { t } = useTranslation();
  if (!session) {
    const login = roles?.length === 1 && roles[0] === 'doctor' ? paths.doctorLogin : loginFor(location.pathname);
    return <Navigate to={login} replace state={{ from: location.pathname + location.search }} />;
  }
  if (roles && !roles.includes(session.user.role)) {
    return (
      <StateView
        code="403"
        title={t('state.notAllowed')}
        hint={t('state.notAllowedHint', { roles: roles.map((r) => t(`roles.${r}`)).join(', ') })}
        action={<a className="btn" href="/">{t('state.backHome')}</a>}
      />
    );
  }
  return <>{children}</>;
}
