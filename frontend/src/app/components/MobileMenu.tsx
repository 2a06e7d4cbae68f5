import { useRef, useState } from 'react';
import { Drawer } from 'antd';
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { paths } from '@/config/paths';
import type { SessionUser } from '@/lib/session';
import { sideMenuOf } from './menus';
import { PUBLIC_LINKS } from './publicLinks';

/** The phone menu: loaded the first time the menu button is pressed. */
export default function MobileMenu({ open, onClose, user, cartCount, onLogout }: {
  open: boolean; onClose: () => void; user: SessionUser | undefined; cartCount: number; onLogout: () => void;
}) {
  const { t } = useTranslation();
  const nav = useRef<HTMLElement>(null);
  // A link was followed: focus belongs to the new page (SiteLayout puts it on <main>), not the menu button.
  const [followed, setFollowed] = useState(false);
  // antd focuses its outer wrapper, outside the dialog, so a screen reader hears nothing: once open,
  // focus goes to the menu's first link (antd brings it back to the menu button on close).
  const afterOpenChange = (opened: boolean) => {
    if (!opened) return;
    setFollowed(false);
    nav.current?.querySelector('a')?.focus();
  };
  return (
    <Drawer open={open} onClose={onClose} afterOpenChange={afterOpenChange} focusable={{ focusTriggerAfterClose: !followed }} title={user ? t('nav.hello', { name: user.name }) : t('brand')} placement="right" size={300}>
      <nav className="mobile-nav" ref={nav} aria-label={t('nav.menu')} onClick={(e) => {
        if (!(e.target as HTMLElement).closest('a')) return;
        setFollowed(true);
        onClose();
      }}>
        <Link to={paths.home}>{t('nav.home')}</Link>
        <Link to={paths.doctors}>{t('nav.doctors')}</Link>
        {PUBLIC_LINKS.map((l) => <Link key={l.key} to={l.to}>{t(`nav.${l.key}`)}</Link>)}
        <Link to={paths.cart}>{t('nav.cart')}{cartCount > 0 ? ` (${cartCount})` : ''}</Link>
        {user ? (
          <>
            {sideMenuOf(user).map((m) => <Link key={m.key} to={m.to}>{t(`side.${m.key}`)}</Link>)}
            <a href="#logout" onClick={(e) => { e.preventDefault(); onLogout(); }}>{t('nav.logout')}</a>
          </>
        ) : (
          <>
            <Link to={paths.userSignin}>{t('nav.login')}</Link>
            <Link to={paths.doctorLogin}>{t('nav.doctorLogin')}</Link>
          </>
        )}
      </nav>
    </Drawer>
  );
}
