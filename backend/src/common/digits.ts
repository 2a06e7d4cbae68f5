/**
 * Bangla digits (০১২৩৪৫৬৭৮৯, as a Bangla keyboard types them) as ASCII digits, for reading what a
 * person typed: phones, ages, weights and heights are checked and stored in ASCII digits.
 */
const BANGLA_ZERO = 0x09e6;

export function asciiDigits(s: string): string {
  return s.replace(/[০-৯]/g, (d) => String(d.charCodeAt(0) - BANGLA_ZERO));
}
