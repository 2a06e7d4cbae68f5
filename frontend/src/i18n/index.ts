import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { common } from './common';

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

function initialLang(): Lang {
  try {
    const saved = localStorage.getItem(LANG_KEY);
    if (saved === 'en' || saved === 'bn') return saved;
  } catch {
    /* ignore */
  }
  return 'en';
}

void i18n.use(initReactI18next).init({
  lng: initialLang(),
  fallbackLng: 'en',
  ns: ['common'],
  defaultNS: 'common',
  resources: { en: { common: common.en }, bn: { common: common.bn } },
  interpolation: { escapeValue: false },
  returnNull: false,
});

export function registerTranslations(ns: string, t: Translations): void {
  i18n.addResourceBundle('en', ns, t.en, true, true);
  i18n.addResourceBundle('bn', ns, t.bn, true, true);
}

export function setLanguage(lang: Lang): void {
  void i18n.changeLanguage(lang);
  try {
    localStorage.setItem(LANG_KEY, lang);
  } catch {
    /* ignore */
  }
  document.documentElement.lang = lang;
}

export default i18n;
