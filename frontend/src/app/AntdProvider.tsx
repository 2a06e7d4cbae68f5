import type { ReactNode } from 'react';
import { App as AntApp, ConfigProvider } from 'antd';
import enUS from 'antd/locale/en_US';
import bnBD from 'antd/locale/bn_BD';
import dayjs from 'dayjs';
import preParsePostFormat from 'dayjs/plugin/preParsePostFormat';
import 'dayjs/locale/bn';
// antd's pickers write their days in dayjs's 'bn-bd' (its name for antd's bn_BD): Bangla months, and
// with preParsePostFormat Bangla digits (dayjs applies a locale's digits only through that plugin).
import 'dayjs/locale/bn-bd';
import { useTranslation } from 'react-i18next';
import { installResilience } from '@/lib/resilience';
// antd's component styles, prebuilt (zero-runtime mode, below); our theme reaches them through the
// CSS variables ConfigProvider still writes. Vite attaches this file to the antd chunk, so the
// home page never loads it.
import 'antd/dist/antd.css';
import './antd-contrast.css';

// dayjs's global locale stays English: antd reads a typed day in it (strictly, so a Bangla global
// locale with this plugin would refuse 2026-12-02) and writes days in ConfigProvider's locale, so a
// Bangla screen shows ২০২৬-১২-০২ and Bangla numbers in the calendar.
dayjs.extend(preParsePostFormat);

// Every screen that sends a write or reads a patient's records is an antd screen: each arrives with
// the Apollo link that sends writes once per intent and again when their answer is lost, and keeps
// the patient's records for offline reading (lib/resilience.ts), installed before its first request.
installResilience();

/**
 * antd's greys, link blue and error red are below WCAG AA's 4.5:1 for text (issue 16, axe): hints,
 * descriptions, placeholders, labels of descriptions, links and danger buttons are darkened to at least
 * 4.5:1 on white and on the page's #f5f8f7; links take the brand green.
 */
const READABLE = {
  colorLink: '#0b7a5c',
  colorLinkHover: '#075c45',
  colorTextDescription: 'rgba(0, 0, 0, 0.6)',
  colorTextTertiary: 'rgba(0, 0, 0, 0.6)',
  colorTextPlaceholder: 'rgba(0, 0, 0, 0.55)',
  colorError: '#cf1322',
  // The tint behind selected items (the side menu's page): antd derives a grey-green #a8bab2 from the
  // brand, on which the brand-green text is 2.6:1; a light brand tint gives 4.7:1.
  colorPrimaryBg: '#e6f4ef',
  // A hovered or pressed primary button darkens (antd lightens it): white text keeps 4.5:1.
  colorPrimaryHover: '#075c45',
  colorPrimaryActive: '#054434',
  colorPrimaryBgHover: '#d5ebe3',
};

/**
 * zeroRuntime: antd does not compute and inject each component's CSS-in-JS styles while the page
 * renders. On a cheap phone that work was most of the blocking time of the antd screens (Lighthouse
 * mobile, /doctors: TBT about 1.7 s); the prebuilt stylesheet costs one cached download instead.
 */
const THEME = {
  token: { colorPrimary: '#0b7a5c', borderRadius: 8, fontFamily: 'inherit', ...READABLE },
  components: { Descriptions: { labelColor: READABLE.colorTextTertiary } },
  zeroRuntime: true,
};

/**
 * antd's theme, locale and message context. Not in the shell: each antd screen loads it with itself
 * (see withAntd), so that the home page and the header never download antd.
 */
export default function AntdProvider({ children }: { children: ReactNode }) {
  const { i18n } = useTranslation();
  const lang = i18n.language === 'bn' ? 'bn' : 'en';
  return (
    <ConfigProvider locale={lang === 'bn' ? bnBD : enUS} theme={THEME}>
      <AntApp component={false} message={{ top: 72, maxCount: 3 }}>
        {children}
      </AntApp>
    </ConfigProvider>
  );
}
