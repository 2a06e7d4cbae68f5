import { ValidatorConstraint, type ValidatorConstraintInterface } from 'class-validator';
import { asciiDigits, readerDigits } from '../../common/digits.js';

/**
 * What a patient may type for their vitals on the consultation form. Weight and height stay text
 * (people write "58 kg" or 5'2"), but the text must be a weight or a height: an emoji, a word, or
 * an impossible number is refused with the field's own rule, never stored or clamped. The web
 * form checks the same (frontend/src/features/consultations/vitals.ts); Bangla digits count as digits.
 */
export const AGE_MAX = 130;

// "৫৮ কেজি" reads as "58 কেজি" for the check; the text is stored as the patient typed it.

const WEIGHT = /^(\d{1,3}(?:[.,]\d{1,2})?)\s*(kg|kgs|kilo|kilos|কেজি|lb|lbs)?\.?$/i;
const FEET_INCHES = /^(\d)\s*(?:'|’|ft\.?|feet|ফুট)\s*(?:(\d{1,2}(?:\.\d)?)\s*(?:"|”|''|in\.?|inch|inches|ইঞ্চি)?)?$/i;
/** "5" and "5.2" as Bangladeshi forms (and the earlier app's form) mean 5 ft and 5 ft 2 in ("5.11" is 5 ft 11 in). */
const FEET_DOT_INCHES = /^([1-8])(?:[.,](\d{1,2}))?\s*(?:ft\.?|feet|ফুট)?$/i;
const CENTIMETRES = /^(\d{2,3}(?:[.,]\d)?)\s*(cm|সেমি)?$/i;
const METRES = /^([0-2][.,]\d{1,2})\s*(m|মিটার)$/i;

export function isWeight(value: unknown): boolean {
  if (typeof value !== 'string') return false;
  const m = WEIGHT.exec(asciiDigits(value.trim()));
  if (!m) return false;
  const n = Number(m[1]!.replace(',', '.'));
  const kg = /^lb/i.test(m[2] ?? '') ? n * 0.4536 : n;
  return kg >= 0.5 && kg <= 350;
}

export function isHeight(value: unknown): boolean {
  if (typeof value !== 'string') return false;
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

const num = (s: string) => s.replace(',', '.');

/**
 * A weight as the patient wrote it, said whole in the reader's language: its number in the reader's
 * digits and its unit ("58" → "58 kg" / "৫৮ কেজি"; a unit written stays that unit). What it cannot
 * read (a row older than the rule) is shown as written. The prescription PDF writes it so; the web
 * app has the same rule (frontend/src/features/consultations/vitals.ts).
 */
export function formatWeight(raw: string, lang: string): string {
  const m = WEIGHT.exec(asciiDigits(raw.trim()));
  if (!m) return raw;
  const pounds = /^lb/i.test(m[2] ?? '');
  const unit = lang === 'bn' ? (pounds ? 'পাউন্ড' : 'কেজি') : pounds ? 'lb' : 'kg';
  return `${readerDigits(num(m[1]!), lang)} ${unit}`;
}

/** A height as the patient wrote it, said whole: 5'6" in feet and inches, or "157 cm" / "১৫৭ সেমি"; unreadable text as written. */
export function formatHeight(raw: string, lang: string): string {
  const s = asciiDigits(raw.trim());
  const feet = FEET_INCHES.exec(s) ?? FEET_DOT_INCHES.exec(s);
  const d = (x: string) => readerDigits(x, lang);
  if (feet) return feet[2] ? `${d(feet[1]!)}'${d(String(Number(num(feet[2]))))}"` : `${d(feet[1]!)}'`;
  const cm = CENTIMETRES.exec(s);
  if (cm) return `${d(num(cm[1]!))} ${lang === 'bn' ? 'সেমি' : 'cm'}`;
  const m = METRES.exec(s);
  if (m) return `${d(num(m[1]!))} ${lang === 'bn' ? 'মিটার' : 'm'}`;
  return raw;
}

@ValidatorConstraint({ name: 'isWeight' })
export class IsWeight implements ValidatorConstraintInterface {
  validate(v: unknown) {
    return isWeight(v);
  }
  defaultMessage() {
    return 'Enter the weight as a number of kg, like 58 or 58 kg';
  }
}

@ValidatorConstraint({ name: 'isHeight' })
export class IsHeight implements ValidatorConstraintInterface {
  validate(v: unknown) {
    return isHeight(v);
  }
  defaultMessage() {
    return `Enter the height in feet and inches or in cm, like 5'2" or 157 cm`;
  }
}

@ValidatorConstraint({ name: 'isAge' })
export class IsAge implements ValidatorConstraintInterface {
  validate(v: unknown) {
    return typeof v === 'number' && Number.isInteger(v) && v >= 0 && v <= AGE_MAX;
  }
  defaultMessage() {
    return `Enter the age in whole years, from 0 to ${AGE_MAX}`;
  }
}
