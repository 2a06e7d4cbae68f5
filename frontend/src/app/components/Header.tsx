import { useState } from 'react';
import { Avatar, Button, Drawer, Dropdown } from 'antd';
import { MenuOutlined, ShoppingCartOutlined, UserOutlined } from '@ant-design/icons';
import { Link, NavLink, useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { paths } from '@/config/paths';
import { setLanguage } from '@/i18n';
import { useSession } from '@/lib/session';
import { useLogout } from '@/features/auth/useAuthActions';
import { PUBLIC_LINKS, SIDE_MENU } from './menus';

export default function Header() {
  const { t, i18n } = useTranslation();
  const session = useSession();
  const logout = useLogout();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const user = session?.user;
  const profilePath = user?.role === 'doctor' ? paths.doctorInfo : paths.userInfo;
  const toggleLang = () => setLanguage(i18n.language === 'bn' ? 'en' : 'bn');
  const doLogout = async () => {
    setOpen(false);
    navigate(await logout());
  };

  return (
    <header className="site-header">
      <div className="site-header-inner">
        <Link to={paths.home} className="brand" aria-label="Nirog home">
          <img src="/favicon.svg" alt="" width={28} height={28} />
          {t('brand')}
        </Link>
        <nav className="nav-links" aria-label="main">
          {PUBLIC_LINKS.map((l) => (
            <NavLink key={l.key} to={l.to}>{t(`nav.${l.key}`)}</NavLink>
          ))}
        </nav>
        <div className="header-actions">
          <Button type="text" onClick={toggleLang} aria-label="language" data-testid="lang-switch">{t('nav.language')}</Button>
          <Link to={paths.cart} aria-label={t('nav.cart')} className="only-desktop">
            <Button type="text" icon={<ShoppingCartOutlined />} />
          </Link>
          {user ? (
            <Dropdown
              trigger={['click']}
              menu={{
                items: [
                  { key: 'profile', label: <Link to={profilePath}>{t('nav.myProfile')}</Link> },
                  { key: 'logout', label: t('nav.logout'), onClick: () => void doLogout() },
                ],
              }}
            >
              <Button type="text" className="only-desktop" data-testid="user-menu">
                <Avatar size="small" src={user.avatarUrl ?? undefined} icon={<UserOutlined />} alt="" />
                <span className="hello">{t('nav.hello', { name: user.name })}</span>
              </Button>
            </Dropdown>
          ) : (
            <Link to={paths.userSignin} className="only-desktop"><Button type="primary">{t('nav.login')}</Button></Link>
          )}
          <Button className="only-mobile" icon={<MenuOutlined />} aria-label={t('nav.menu')} onClick={() => setOpen(true)} />
        </div>
      </div>
      <Drawer open={open} onClose={() => setOpen(false)} title={user ? t('nav.hello', { name: user.name }) : t('brand')} placement="right" size={300}>
        <nav className="mobile-nav" onClick={(e) => (e.target as HTMLElement).closest('a') && setOpen(false)}>
          <Link to={paths.home}>{t('nav.home')}</Link>
          <Link to={paths.doctors}>{t('nav.doctors')}</Link>
          {PUBLIC_LINKS.map((l) => <Link key={l.key} to={l.to}>{t(`nav.${l.key}`)}</Link>)}
          <Link to={paths.cart}>{t('nav.cart')}</Link>
          {user ? (
            <>
              {SIDE_MENU[user.role].map((m) => <Link key={m.key} to={m.to}>{t(`side.${m.key}`)}</Link>)}
              <a href="#logout" onClick={(e) => { e.preventDefault(); void doLogout(); }}>{t('nav.logout')}</a>
            </>
          ) : (
            <>
              <Link to={paths.userSignin}>{t('nav.login')}</Link>
              <Link to={paths.doctorLogin}>{t('nav.doctorLogin')}</Link>
            </>
          )}
        </nav>
      </Drawer>
    </header>
  );
}
