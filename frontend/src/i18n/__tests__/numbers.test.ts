import { describe, expect, it } from 'vitest';
import i18n, { registerTranslations } from '@/i18n';

registerTranslations('numbersTest', {
  en: { reviews_one: '{{count}} review', reviews_other: '{{count}} reviews', title: 'Reviews ({{count}})', name: 'Hello, {{name}}' },
  bn: { reviews_one: '{{count}}টি রিভিউ', reviews_other: '{{count}}টি রিভিউ', title: 'রিভিউ ({{count}})', name: 'হ্যালো, {{name}}' },
});

describe('numbers and plurals in sentences', () => {
  it('says one review and two reviews in English', () => {
    const t = i18n.getFixedT('en', 'numbersTest');
    expect(t('reviews', { count: 1 })).toBe('1 review');
    expect(t('reviews', { count: 2 })).toBe('2 reviews');
    expect(t('reviews', { count: 120000 })).toBe('1,20,000 reviews');
  });

  it('writes every number in Bangla digits on the Bangla screen, and leaves words alone', () => {
    const t = i18n.getFixedT('bn', 'numbersTest');
    expect(t('reviews', { count: 1 })).toBe('১টি রিভিউ');
    expect(t('title', { count: 12 })).toBe('রিভিউ (১২)');
    expect(t('name', { name: 'Rupa 2' })).toBe('হ্যালো, Rupa 2');
  });
});
