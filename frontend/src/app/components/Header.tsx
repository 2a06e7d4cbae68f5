import { Suspense, useState } from 'react';
import { Link, NavLink, useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { paths } from '@/config/paths';
import { setLanguage } from '@/i18n';
import { useSession } from '@/lib/session';
import { formatCount } from '@/lib/money';
import { useLogout } from '@/features/auth/useAuthActions';
import { useCartCount } from '@/features/pharmacy/cart/cart';
import { withAntd } from '../withAntd';
import { CartIcon, MenuIcon, UserIcon } from '@/components/icons';
import { PUBLIC_LINKS } from './publicLinks';

// On every page, so plain elements here; the user menu and the phone drawer (antd) load when first opened.
const UserMenu = withAntd(() => import('./UserMenu'));
const MobileMenu = withAntd(() => import('./MobileMenu'));

export default function Header() {
  const { t, i18n } = useTranslation();
  const session = useSession();
  const logout = useLogout();
  const navigate = useNavigate();
  const [drawer, setDrawer] = useState<'closed' | 'open' | 'never'>('never');
  const [userMenuWanted, setUserMenuWanted] = useState(false);
  const cartCount = useCartCount();
  const user = session?.user;
  const profilePath = user?.role === 'doctor' ? paths.doctorInfo : paths.userInfo;
  const toggleLang = () => setLanguage(i18n.language === 'bn' ? 'en' : 'bn');
  const doLogout = async () => {
    setDrawer((d) => (d === 'never' ? d : 'closed'));
    setUserMenuWanted(false);
    navigate(await logout());
  };

  const userButton = user && (
    <button type="button" className="btn-text only-desktop user-button" data-testid="user-menu" aria-haspopup="menu" title={user.name} onClick={() => setUserMenuWanted(true)}>
      {user.avatarUrl ? <img className="avatar-sm" src={user.avatarUrl} alt="" width={24} height={24} /> : <span className="avatar-sm"><UserIcon /></span>}
      <span className="hello">{t('nav.hello', { name: user.name })}</span>
    </button>
  );

  return (
    <header className="site-header">
      <div className="site-header-inner">
        <Link to={paths.home} className="brand">
          {/* Low: the brand's picture is decoration (1 kB), not worth one of the phone's six first
              requests; at any other priority React names it in the served page's head as a preload,
              ahead of the page's scripts (docs/performance.md, 2026-11-30 morning). */}
          <img src="/favicon.svg" alt="" width={28} height={28} fetchPriority="low" />
          {t('brand')}
        </Link>
        <nav className="nav-links" aria-label={t('a11y.mainNav')}>
          {PUBLIC_LINKS.map((l) => (
            <NavLink key={l.key} to={l.to}>{t(`nav.${l.key}`)}</NavLink>
          ))}
        </nav>
        <div className="header-actions">
          <button type="button" className="btn-text" onClick={toggleLang} lang={i18n.language === 'bn' ? 'en' : 'bn'} title={t('nav.languageHint')} data-testid="lang-switch">{t('nav.language')}</button>
          <Link to={paths.cart} data-testid="header-cart" className="icon-btn">
            <CartIcon />
            <span className="sr-only">{t('nav.cart')}</span>
            {cartCount > 0 && <span className="count-badge">{cartCount > 99 ? `${formatCount(99, i18n.language)}+` : formatCount(cartCount, i18n.language)}</span>}
          </Link>
          {userButton && (userMenuWanted ? (
            <Suspense fallback={userButton}>
              <UserMenu profilePath={profilePath} onLogout={() => void doLogout()}>{userButton}</UserMenu>
            </Suspense>
          ) : userButton)}
          {!user && <Link to={paths.userSignin} className="btn btn-primary only-desktop">{t('nav.login')}</Link>}
          <button type="button" className="icon-btn bordered only-mobile" aria-label={t('nav.menu')} onClick={() => setDrawer('open')}><MenuIcon /></button>
        </div>
      </div>
      {drawer !== 'never' && (
        <Suspense fallback={null}>
          <MobileMenu open={drawer === 'open'} onClose={() => setDrawer('closed')} user={user} cartCount={cartCount} onLogout={() => void doLogout()} />
        </Suspense>
      )}
    </header>
  );
}
