/**
 * Bangla digits (০১২৩৪৫৬৭৮৯, as a Bangla keyboard types them) as ASCII digits, for reading what a
 * person typed: phones, ages, weights and heights are checked and stored in ASCII digits.
 */
const BANGLA_ZERO = 0x09e6;

export function asciiDigits(s: string): string {
  return s.replace(/[০-৯]/g, (d) => String(d.charCodeAt(0) - BANGLA_ZERO));
}

/**
 * Digits as a reader of `lang` writes them: unchanged for English, ০-৯ for Bangla. The one place the
 * server writes numbers for a Bangla reader (the prescription PDF's ages, days, dates).
 */
export function readerDigits(value: string | number, lang: string): string {
  const s = String(value);
  return lang === 'bn' ? s.replace(/[0-9]/g, (d) => String.fromCharCode(BANGLA_ZERO + Number(d))) : s;
}
