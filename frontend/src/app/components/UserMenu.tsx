import { useState, type ReactElement } from 'react';
import { Dropdown } from 'antd';
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';

/** The logged-in user's menu (profile, logout): loaded on the first click on the header's user button, and opened at once. */
export default function UserMenu({ profilePath, onLogout, children }: { profilePath: string; onLogout: () => void; children: ReactElement }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(true);
  return (
    <Dropdown
      trigger={['click']}
      open={open}
      onOpenChange={setOpen}
      menu={{
        items: [
          { key: 'profile', label: <Link to={profilePath}>{t('nav.myProfile')}</Link> },
          { key: 'logout', label: t('nav.logout'), onClick: onLogout },
        ],
        onClick: () => setOpen(false),
      }}
    >
      {children}
    </Dropdown>
  );
}
