import { asciiDigits } from '@/lib/digits'; // "৫৮" → "58" for checking, and for the age, which travels as a number

/**
 * The client's copy of the server's vitals rules (backend/src/modules/appointments/vitals.ts), for
 * instant feedback on the consultation form; the server decides. Bangla digits count as digits.
 */
export const AGE_MAX = 130;

const WEIGHT = /^(\d{1,3}(?:[.,]\d{1,2})?)\s*(kg|kgs|kilo|kilos|কেজি|lb|lbs)?\.?$/i;
const FEET_INCHES = /^(\d)\s*(?:'|’|ft\.?|feet|ফুট)\s*(?:(\d{1,2}(?:\.\d)?)\s*(?:"|”|''|in\.?|inch|inches|ইঞ্চি)?)?$/i;
/** "5" and "5.2" as Bangladeshi forms (and the earlier app's form) mean 5 ft and 5 ft 2 in ("5.11" is 5 ft 11 in). */
const FEET_DOT_INCHES = /^([1-8])(?:[.,](\d{1,2}))?\s*(?:ft\.?|feet|ফুট)?$/i;
const CENTIMETRES = /^(\d{2,3}(?:[.,]\d)?)\s*(cm|সেমি)?$/i;
const METRES = /^([0-2][.,]\d{1,2})\s*(m|মিটার)$/i;

/** Whole years, 0 to 130, in either digits; null when it is not an age. */
export function parseAge(value: unknown): number | null {
  const s = asciiDigits(String(value ?? '').trim());
  if (!/^\d{1,3}$/.test(s)) return null;
  const n = Number(s);
  return n <= AGE_MAX ? n : null;
}

export function isWeight(value: string): boolean {
  const m = WEIGHT.exec(asciiDigits(value.trim()));
  if (!m) return false;
  const n = Number(m[1]!.replace(',', '.'));
  const kg = /^lb/i.test(m[2] ?? '') ? n * 0.4536 : n;
  return kg >= 0.5 && kg <= 350;
}

export function isHeight(value: string): boolean {
  const s = asciiDigits(value.trim());
  let cm: number | null = null;
  const fi = FEET_INCHES.exec(s);
  if (fi) cm = Number(fi[1]) * 30.48 + Number(fi[2] ?? 0) * 2.54;
  const fd = FEET_DOT_INCHES.exec(s);
  if (fd) cm = Number(fd[1]) * 30.48 + Number(fd[2] ?? 0) * 2.54;
  const c = CENTIMETRES.exec(s);
  if (c) cm = Number(c[1]!.replace(',', '.'));
  const m = METRES.exec(s);
  if (m) cm = Number(m[1]!.replace(',', '.')) * 100;
  return cm !== null && cm >= 30 && cm <= 250 && (!fi || Number(fi[2] ?? 0) < 12) && (!fd || Number(fd[2] ?? 0) < 12);
}
