import i18n, { type FormatterModule } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { common } from './common';
import { formatCount } from '@/lib/money';

/**
 * English and Bangla from the first screen. The shell's strings live in ./common.ts; each feature
 * registers its own namespace from features/<x>/i18n.ts (so features never edit a shared file).
 */
export type Lang = 'en' | 'bn';
export const LANG_KEY = 'nirog.lang';

type Dict = { [key: string]: string | Dict };
export interface Translations {
  en: Dict;
  bn: Dict;
}

/**
 * The reader's language at start: their choice in localStorage, else the `nirog.lang` cookie that
 * setLanguage writes beside it, else English. The server renders the home page and the catalogues'
 * first screens (and the splash) from the cookie alone; a reader whose localStorage had been cleared
 * (a browser evicting site storage, "clear site data" for it alone) got a Bangla page from the server
 * and an English app over it, which then wrote English back into the cookie: their choice was lost.
 */
export function startLang(saved: string | null, cookie: string): Lang {
  if (saved === 'en' || saved === 'bn') return saved;
  const fromCookie = cookie.split('; ').find((c) => c.startsWith(`${LANG_KEY}=`))?.slice(LANG_KEY.length + 1);
  return fromCookie === 'bn' ? 'bn' : 'en';
}

function initialLang(): Lang {
  let saved: string | null = null;
  try {
    saved = localStorage.getItem(LANG_KEY);
  } catch {
    /* private mode */
  }
  return startLang(saved, typeof document === 'undefined' ? '' : document.cookie);
}

/**
 * Every number put into a sentence in the reader's digits and grouping ("রিভিউ (১২)", "1,20,000
 * reviews"), through the one count formatter; anything else as given. Plural forms still see the number.
 */
const readerNumbers: FormatterModule = {
  type: 'formatter',
  init() {},
  add() {},
  addCached() {},
  format: (value: unknown, _format: string | undefined, lng: string | undefined) => (typeof value === 'number' ? formatCount(value, lng ?? 'en') : (value as string)),
};

void i18n.use(initReactI18next).use(readerNumbers).init({
  lng: initialLang(),
  fallbackLng: 'en',
  ns: ['common'],
  defaultNS: 'common',
  resources: { en: { common: common.en }, bn: { common: common.bn } },
  // alwaysFormat: every value goes through readerNumbers below, also without a format name.
  interpolation: { escapeValue: false, alwaysFormat: true },
  returnNull: false,
});

export function registerTranslations(ns: string, t: Translations): void {
  i18n.addResourceBundle('en', ns, t.en, true, true);
  i18n.addResourceBundle('bn', ns, t.bn, true, true);
}

/**
 * The reader's language as a cookie too, which the server reads to send the home page prerendered in
 * that language (backend/src/common/spa-preloads.ts). localStorage stays the source; this copies it.
 */
function writeLanguageCookie(lang: Lang): void {
  document.cookie = `${LANG_KEY}=${lang}; path=/; max-age=31536000; samesite=lax`;
}

/** At start: a reader who chose a language before the cookie existed gets it (the next visit's home page is in that language). */
export function keepLanguageCookie(): void {
  const lang = i18n.language === 'bn' ? 'bn' : 'en';
  if (!document.cookie.split('; ').includes(`${LANG_KEY}=${lang}`)) writeLanguageCookie(lang);
}

export function setLanguage(lang: Lang): void {
  void i18n.changeLanguage(lang);
  try {
    localStorage.setItem(LANG_KEY, lang);
  } catch {
    /* ignore */
  }
  writeLanguageCookie(lang);
  document.documentElement.lang = lang;
}

export default i18n;
