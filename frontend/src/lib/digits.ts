/**
 * Bangla digits (০১২৩৪৫৬৭৮৯, as a Bangla keyboard types them) as ASCII digits, for reading what a
 * person typed; the server reads them the same way (backend/src/common/digits.ts).
 */
const BANGLA_ZERO = 0x09e6;

export function asciiDigits(s: string): string {
  return s.replace(/[০-৯]/g, (d) => String(d.charCodeAt(0) - BANGLA_ZERO));
}

/**
 * Digits as a reader of `lang` writes them: unchanged in English, ০-৯ in Bangla. For numbers that come
 * as text (a phone number, a file size); numbers as numbers go through formatCount or formatTaka.
 */
export function readerDigits(s: string, lang: string): string {
  return lang.startsWith('bn') ? s.replace(/[0-9]/g, (d) => String.fromCharCode(BANGLA_ZERO + Number(d))) : s;
}

/** A Bangladeshi mobile number as people type it (01XXXXXXXXX, 8801…, +8801…, Bangla digits too); the server decides. */
export function isBdMobile(s: string): boolean {
  return /^(?:\+?88)?01[3-9]\d{8}$/.test(asciiDigits(s).replace(/[\s()-]/g, ''));
}
