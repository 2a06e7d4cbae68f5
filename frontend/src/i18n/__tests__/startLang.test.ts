import { afterEach, describe, expect, it, vi } from 'vitest';
import { startLang } from '@/i18n';

describe("the reader's language at start", () => {
  afterEach(() => {
    localStorage.clear();
    document.cookie = 'nirog.lang=; path=/; max-age=0';
    vi.resetModules();
  });

  it('is the choice kept in localStorage, whatever the cookie says', () => {
    expect(startLang('bn', 'nirog.lang=en')).toBe('bn');
    expect(startLang('en', 'a=1; nirog.lang=bn')).toBe('en');
  });

  it('is the cookie the server renders from when localStorage holds no choice, so the app agrees with the page', () => {
    expect(startLang(null, 'nirog.splashSeen=1; nirog.lang=bn')).toBe('bn');
    expect(startLang('xx', 'nirog.lang=bn')).toBe('bn');
    expect(startLang(null, 'nirog.lang=en')).toBe('en');
  });

  it('is English without either, or with a cookie that names no language of the app', () => {
    expect(startLang(null, '')).toBe('en');
    expect(startLang(null, 'nirog.lang=fr; other.nirog.lang=bn')).toBe('en');
    expect(startLang(null, 'xnirog.lang=bn')).toBe('en');
  });

  it('starts the app in Bangla from the cookie alone, and keeps the cookie Bangla', async () => {
    localStorage.clear();
    document.cookie = 'nirog.lang=bn; path=/';
    vi.resetModules();
    const fresh = await import('@/i18n');
    expect(fresh.default.language).toBe('bn');
    fresh.keepLanguageCookie();
    expect(document.cookie.split('; ')).toContain('nirog.lang=bn');
  });
});
