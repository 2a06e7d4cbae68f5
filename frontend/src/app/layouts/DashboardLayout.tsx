import { Suspense } from 'react';
import { Menu } from 'antd';
import { Outlet, useLocation, useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { useSession } from '@/lib/session';
import { useLogout } from '@/features/auth/useAuthActions';
import { sideMenuOf } from '../components/menus';
import PageLoader from '../components/PageLoader';

/**
 * Account screens: the side menu of the user's role (hidden on small screens) beside the page. A named
 * nav, not an aside: it sits inside <main>, where a complementary landmark may not.
 */
export default function DashboardLayout() {
  const { t } = useTranslation();
  const session = useSession();
  const location = useLocation();
  const navigate = useNavigate();
  const logout = useLogout();
  const items = session ? sideMenuOf(session.user) : [];
  return (
    <div className="dashboard">
      <nav className="dashboard-side" aria-label={t('a11y.accountNav')}>
        <Menu
          mode="inline"
          selectedKeys={[location.pathname]}
          items={[
            ...items.map((m) => ({ key: m.to, label: t(`side.${m.key}`) })),
            ...(session ? [{ key: 'logout', label: t('side.logout') }] : []),
          ]}
          onClick={async ({ key }) => navigate(key === 'logout' ? await logout() : key)}
          style={{ borderInlineEnd: 'none' }}
        />
      </nav>
      <section className="dashboard-content">
        <Suspense fallback={<PageLoader />}>
          <Outlet />
        </Suspense>
      </section>
    </div>
  );
}
