import { describe, expect, it } from 'vitest';
import { formatHeight, formatWeight } from '../vitals';

// The same table as the server's (backend/src/modules/appointments/__tests__/vitals.test.ts): the
// doctor's screen and the prescription say what the PDF says.
describe('vitals as a reader reads them', () => {
  it.each([
    ['58', '58 kg', '৫৮ কেজি'],
    ['৬৫', '65 kg', '৬৫ কেজি'],
    ['58,5kgs', '58.5 kg', '৫৮.৫ কেজি'],
    ['130 lb', '130 lb', '১৩০ পাউন্ড'],
  ])('weight %s → %s / %s', (raw, en, bn) => {
    expect(formatWeight(raw, 'en')).toBe(en);
    expect(formatWeight(raw, 'bn')).toBe(bn);
  });

  it.each([
    [`৫'৬"`, `5'6"`, `৫'৬"`],
    ['5.6', `5'6"`, `৫'৬"`],
    ['157', '157 cm', '১৫৭ সেমি'],
    ['1.57 m', '1.57 m', '১.৫৭ মিটার'],
  ])('height %s → %s / %s', (raw, en, bn) => {
    expect(formatHeight(raw, 'en')).toBe(en);
    expect(formatHeight(raw, 'bn')).toBe(bn);
  });

  it('shows what it cannot read as written', () => {
    expect(formatWeight('about sixty', 'en')).toBe('about sixty');
  });
});
