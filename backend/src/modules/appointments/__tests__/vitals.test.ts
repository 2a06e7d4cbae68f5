import { describe, expect, it } from '@jest/globals';
import { formatHeight, formatWeight } from '../vitals.js';

// A weight or height as the patient typed it ("58", "৫৮ কেজি", "5.6") is said whole in the reader's
// language on the doctor's screen, the prescription and its PDF: "58" alone read as nothing.
describe('vitals as a reader reads them', () => {
  it.each([
    ['58', '58 kg', '৫৮ কেজি'],
    ['58 kg', '58 kg', '৫৮ কেজি'],
    ['৬৫', '65 kg', '৬৫ কেজি'],
    ['৫৮ কেজি', '58 kg', '৫৮ কেজি'],
    ['58,5kgs', '58.5 kg', '৫৮.৫ কেজি'],
    ['130 lb', '130 lb', '১৩০ পাউন্ড'],
  ])('weight %s → %s / %s', (raw, en, bn) => {
    expect(formatWeight(raw, 'en')).toBe(en);
    expect(formatWeight(raw, 'bn')).toBe(bn);
  });

  it.each([
    [`5'6"`, `5'6"`, `৫'৬"`],
    [`৫'৬"`, `5'6"`, `৫'৬"`],
    ['5.6', `5'6"`, `৫'৬"`],
    ['5 ft', `5'`, `৫'`],
    ['157', '157 cm', '১৫৭ সেমি'],
    ['157 cm', '157 cm', '১৫৭ সেমি'],
    ['1.57 m', '1.57 m', '১.৫৭ মিটার'],
  ])('height %s → %s / %s', (raw, en, bn) => {
    expect(formatHeight(raw, 'en')).toBe(en);
    expect(formatHeight(raw, 'bn')).toBe(bn);
  });

  it('shows what it cannot read as written (rows older than the rule)', () => {
    expect(formatWeight('about sixty', 'en')).toBe('about sixty');
    expect(formatHeight('tall', 'bn')).toBe('tall');
  });
});
