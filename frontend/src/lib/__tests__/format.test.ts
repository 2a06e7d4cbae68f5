import { describe, expect, it, vi } from 'vitest';
import { formatCount, formatTaka, takaToPoisha } from '../money';
import { formatDateTime, todayInDhaka } from '../dates';
import { to } from '@/config/paths';

describe('money', () => {
  it('shows poisha as taka with Bangladeshi grouping', () => {
    expect(formatTaka(12_000_000)).toBe('৳\u00a01,20,000');
    expect(formatTaka(250)).toBe('৳\u00a02.50');
  });
  it('keeps ৳ and the amount on one line (a no-break space between them)', () => {
    expect(formatTaka(4_110_00)).toMatch(/^৳\u00a0/);
    expect(formatTaka(4_110_00)).not.toContain(' ');
  });
  it('uses Bangla digits in Bangla', () => {
    expect(formatTaka(120_000, 'bn')).toBe('৳\u00a0১,২০০');
  });
  it('gives chart axes short taka labels and counts in the same grouping', () => {
    expect(formatTaka(150_000_000, 'en', { compact: true })).toBe('৳15L'); // 15 lakh, as Bangladesh counts
    expect(formatCount(120_000)).toBe('1,20,000');
    expect(formatCount(42, 'bn')).toBe('৪২');
  });
  it('turns typed taka into poisha without float error', () => {
    expect(takaToPoisha('19.99')).toBe(1999);
    // 19.99 × 100 is 1998.9999999999998 in floating point, and 0.1 + 0.2 is 0.30000000000000004.
    expect(takaToPoisha(19.99)).toBe(1999);
    expect(takaToPoisha('1,250')).toBeNaN();
    expect(takaToPoisha('500')).toBe(50_000);
    expect(takaToPoisha('0.5')).toBe(50);
    expect(takaToPoisha('-2.25')).toBe(-225);
  });
});

describe('dates', () => {
  it('counts the day in Dhaka, not in UTC', () => {
    expect(todayInDhaka(new Date('2026-11-21T19:30:00Z'))).toBe('2026-11-22');
  });
  it('shows times in Dhaka', () => {
    expect(formatDateTime('2026-11-21T19:30:00Z')).toContain('1:30');
  });
  it('writes a Bangla time in Bangla: digits and the part of the day before it, never AM or PM', () => {
    const afternoon = formatDateTime('2026-11-21T10:05:00Z', 'bn'); // 4:05 pm in Dhaka
    expect(afternoon).toContain('বিকাল ৪:০৫');
    expect(afternoon).toContain('২১ নভে');
    expect(formatDateTime('2026-11-21T03:30:00Z', 'bn')).toContain('সকাল ৯:৩০');
    for (const t of [afternoon, formatDateTime('2026-11-21T15:00:00Z', 'bn')]) expect(t).not.toMatch(/AM|PM|[0-9]/);
  });
});

describe('paths', () => {
  it('fills route parameters', () => {
    expect(to('doctorDetail', { doctorId: 'a b' })).toBe('/doctor/a%20b');
  });
});

describe('formatYear', () => {
  it('writes the year ungrouped, in Bangla digits on the Bangla screen, in Dhaka', async () => {
    const { formatYear } = await import('../dates');
    expect(formatYear('2026-06-01T00:00:00Z', 'en')).toBe('2026');
    expect(formatYear('2026-06-01T00:00:00Z', 'bn')).toBe('২০২৬');
    expect(formatYear('2026-12-31T19:00:00Z', 'en')).toBe('2027'); // already 1 January in Dhaka
  });
});

describe('money by arithmetic, as Intl writes it', () => {
  // What formatTaka and formatCount wrote with Intl before (en-IN and bn-BD): they must not change.
  const intlTaka = (poisha: number, lang: string) => {
    const taka = poisha / 100;
    const fraction = Number.isInteger(taka) ? 0 : 2;
    const n = new Intl.NumberFormat(lang === 'bn' ? 'bn-BD' : 'en-IN', { minimumFractionDigits: fraction, maximumFractionDigits: fraction }).format(taka);
    return `৳\u00a0${n}`;
  };
  const amounts = [0, 1, 5, 10, 99, 100, 101, 250, 999, 1000, 6000, 12345, 99_999, 100_000, 123_456, 1_000_000, 12_000_000, 123_456_789,
    1_234_567_890, 98_765_432_101, -1, -250, -100_000, -123_456_789, 2 ** 40 + 7];
  it.each(['en', 'bn'])('formatTaka in %s equals Intl over many amounts', (lang) => {
    for (const poisha of amounts) expect([poisha, formatTaka(poisha, lang)]).toEqual([poisha, intlTaka(poisha, lang)]);
    for (let poisha = 0; poisha < 300_000; poisha += 997) expect(formatTaka(poisha, lang)).toBe(intlTaka(poisha, lang));
  });
  it.each(['en', 'bn'])('formatCount in %s equals Intl', (lang) => {
    const intl = new Intl.NumberFormat(lang === 'bn' ? 'bn-BD' : 'en-IN');
    for (const n of [0, 7, 42, 999, 1000, 10_000, 100_000, 1_234_567, 12_345_678_901, -5, -123_456]) expect(formatCount(n, lang)).toBe(intl.format(n));
    for (const n of [2.5, 4.5, 0.1, 0.25, 3.14159, 2.9995, 1.0005, 1234.5678, 99_999.9999, -0.5, -1234.5, -0.0001, 1e-7]) expect([n, formatCount(n, lang)]).toEqual([n, intl.format(n)]);
    // A fixed pseudo-random sequence (the same values on every run): integers and 1–4 decimals.
    let seed = 22;
    const next = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    for (let i = 0; i < 2000; i++) {
      const n = Math.round(next() * 10 ** (1 + (i % 9))) / 10 ** (i % 5);
      expect([n, formatCount(n, lang)]).toEqual([n, intl.format(n)]);
    }
  });
  it('a page of prices makes no Intl formatter at all', () => {
    const made = vi.spyOn(Intl, 'NumberFormat');
    for (let i = 0; i < 20; i++) formatTaka(50_000 + i * 12_345, i % 2 ? 'bn' : 'en');
    formatCount(120_000, 'bn');
    formatCount(4.5, 'bn');
    expect(made).not.toHaveBeenCalled();
    made.mockRestore();
  });
});
