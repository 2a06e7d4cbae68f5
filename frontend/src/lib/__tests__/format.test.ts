import { describe, expect, it } from 'vitest';
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
