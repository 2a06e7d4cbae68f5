import { describe, expect, it } from 'vitest';
import { dateTimeFormat, numberFormat } from '../intl';
import { formatCount, formatTaka } from '../money';
import { formatDate, formatDateTime } from '../dates';

/** Intl's formatters are made once per locale and options (lib/intl.ts), and format as a new one would. */
describe('kept Intl formatters', () => {
  it('the same formatter for the same locale and options, another for other options', () => {
    expect(numberFormat('bn-BD')).toBe(numberFormat('bn-BD'));
    expect(numberFormat('bn-BD', { notation: 'compact' })).toBe(numberFormat('bn-BD', { notation: 'compact' }));
    expect(numberFormat('bn-BD', { notation: 'compact' })).not.toBe(numberFormat('bn-BD'));
    expect(numberFormat('en-IN')).not.toBe(numberFormat('bn-BD'));
    expect(dateTimeFormat('en-GB', { timeZone: 'Asia/Dhaka' })).toBe(dateTimeFormat('en-GB', { timeZone: 'Asia/Dhaka' }));
  });

  it('formats as a new formatter would', () => {
    expect(numberFormat('bn-BD', { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(623.45)).toBe('৬২৩.৪৫');
    expect(numberFormat('en-IN').format(120000)).toBe('1,20,000');
    expect(formatTaka(150_000_000, 'en', { compact: true })).toBe('৳15L');
    expect(formatCount(1.5, 'bn')).toBe('১.৫');
  });

  it('dates still in Dhaka time, in both languages', () => {
    expect(formatDate('2026-11-25T20:00:00Z', 'en')).toBe('26 Nov 2026');
    expect(formatDateTime('2026-11-25T10:05:00Z', 'en')).toBe('25 Nov 2026, 16:05');
    expect(formatDateTime('2026-11-25T10:05:00Z', 'bn')).toContain('৪:০৫');
  });
});
