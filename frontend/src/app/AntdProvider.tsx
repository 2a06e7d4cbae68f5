import { useEffect, type ReactNode } from 'react';
import { App as AntApp, ConfigProvider } from 'antd';
import enUS from 'antd/locale/en_US';
import bnBD from 'antd/locale/bn_BD';
import dayjs from 'dayjs';
import 'dayjs/locale/bn';
import { useTranslation } from 'react-i18next';
// antd's component styles, prebuilt (zero-runtime mode, below); our theme reaches them through the
// CSS variables ConfigProvider still writes. Vite attaches this file to the antd chunk, so the
// home page never loads it.
import 'antd/dist/antd.css';

/**
 * zeroRuntime: antd does not compute and inject each component's CSS-in-JS styles while the page
 * renders. On a cheap phone that work was most of the blocking time of the antd screens (Lighthouse
 * mobile, /doctors: TBT about 1.7 s); the prebuilt stylesheet costs one cached download instead.
 */
const THEME = { token: { colorPrimary: '#0b7a5c', borderRadius: 8, fontFamily: 'inherit' }, zeroRuntime: true };

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
