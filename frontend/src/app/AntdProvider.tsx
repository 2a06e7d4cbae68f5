import { useEffect, type ReactNode } from 'react';
import { App as AntApp, ConfigProvider } from 'antd';
import enUS from 'antd/locale/en_US';
import bnBD from 'antd/locale/bn_BD';
import dayjs from 'dayjs';
import 'dayjs/locale/bn';
import { useTranslation } from 'react-i18next';

const THEME = { token: { colorPrimary: '#0b7a5c', borderRadius: 8, fontFamily: 'inherit' } };

/**
 * antd's theme, locale and message context. Not in the shell: each antd screen loads it with itself
 * (see withAntd), so that the home page and the header never download antd.
 */
export default function AntdProvider({ children }: { children: ReactNode }) {
  const { i18n } = useTranslation();
  const lang = i18n.language === 'bn' ? 'bn' : 'en';
  useEffect(() => {
    dayjs.locale(lang);
  }, [lang]);
  return (
    <ConfigProvider locale={lang === 'bn' ? bnBD : enUS} theme={THEME}>
      <AntApp component={false} message={{ top: 72, maxCount: 3 }}>
        {children}
      </AntApp>
    </ConfigProvider>
  );
}
