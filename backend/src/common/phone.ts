import { asciiDigits } from './digits.js';
import { badInput } from './errors.js';

/**
 * Bangladeshi mobile numbers: 01XXXXXXXXX, 8801XXXXXXXXX or +8801XXXXXXXXX, in ASCII or Bangla digits
 * (০১৭১২৩৪৫৬৭৮ from a Bangla keyboard) → stored as +8801XXXXXXXXX.
 */
export function normalizeBdPhone(raw: string, field = 'phone'): string {
  const digits = asciiDigits(raw).replace(/[\s()-]/g, '');
  const m = /^(?:\+?88)?(01[3-9]\d{8})$/.exec(digits);
  if (!m) throw badInput('Enter a Bangladeshi mobile number like 01712345678', { [field]: 'Invalid phone number' }, 'INVALID_PHONE');
  return `+88${m[1]}`;
}

/** Shown with the leading 0, as the spec asks: +8801712345678 → 01712345678. */
export function localPhone(stored: string | null | undefined): string | null {
  if (!stored) return null;
  return stored.startsWith('+88') ? stored.slice(3) : stored;
}
