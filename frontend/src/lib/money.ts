import { readerDigits } from './digits';
import { numberFormat } from './intl';

/** Numbers in the reader's language: Bangla digits, or Bangladeshi grouping (1,20,000) in English. */
const numberLocale = (lang: string) => (lang.startsWith('bn') ? 'bn-BD' : 'en-IN');

/**
 * Whole digits grouped as Bangladesh writes them (1,20,00,000: the last three, then every two), in
 * the reader's digits; `fraction` is the decimals' digits, or none. By arithmetic, not Intl: a page's
 * first `Intl.NumberFormat` loads the locale's number data (about 15 ms on a fast machine, 60 ms on a
 * throttled phone, on the home page's first cards: issue #22). Intl's en-IN and bn-BD write exactly
 * this (`__tests__/format.test.ts` compares them over thousands of values); Intl still does what this
 * does not (compact labels, a fraction of a poisha).
 */
function grouped(whole: number, fraction: string, negative: boolean, lang: string): string {
  const digits = String(whole);
  let out = digits.slice(-3);
  for (let end = digits.length - 3; end > 0; end -= 2) out = `${digits.slice(Math.max(0, end - 2), end)},${out}`;
  return readerDigits(`${negative ? '-' : ''}${out}${fraction ? `.${fraction}` : ''}`, lang);
}

/**
 * A count or a rating ("1,20,000" / "১,২০,০০০", "4.5" / "৪.৫"): as Intl's default, at most three
 * decimals without trailing zeros, rounded half away from zero on the number as JavaScript prints it
 * (2.9995 → 3, as Intl does; `toFixed` would round the binary value down to 2.999).
 */
export function formatCount(n: number, lang: string = 'en'): string {
  const printed = String(Math.abs(n));
  // Past 10^12 a count with decimals has no exact thousandths in a double: Intl decides those.
  if (!Number.isFinite(n) || /e/i.test(printed) || Math.abs(n) >= (Number.isInteger(n) ? Number.MAX_SAFE_INTEGER : 1e12)) {
    return numberFormat(numberLocale(lang)).format(n);
  }
  let [whole = '0', fraction = ''] = printed.split('.');
  if (fraction.length > 3) {
    const up = fraction.charCodeAt(3) >= 53; // '5'
    fraction = fraction.slice(0, 3);
    if (up) {
      const next = String(Number(whole + fraction) + 1).padStart(whole.length + 3, '0');
      [whole, fraction] = [next.slice(0, -3), next.slice(-3)];
    }
  }
  return grouped(Number(whole), fraction.replace(/0+$/, ''), n < 0, lang);
}

/**
 * The one money formatter. Amounts arrive as integer poisha (1 ৳ = 100 poisha) and are shown as
 * "৳ 1,20,000" (Bangladeshi grouping) in English or "৳ ১,২০,০০০" in Bangla, with two decimals when
 * there are poisha ("৳ 2.50"); `compact` gives chart axes short labels in lakh and crore ("৳15L").
 */
export function formatTaka(poisha: number, lang: string = 'en', opts: { compact?: boolean } = {}): string {
  const taka = poisha / 100;
  if (opts.compact) return `৳${numberFormat(numberLocale(lang), { notation: 'compact' }).format(taka)}`;
  let n: string;
  if (Number.isSafeInteger(poisha)) {
    const abs = Math.abs(poisha);
    const rest = abs % 100;
    n = grouped((abs - rest) / 100, rest ? String(rest).padStart(2, '0') : '', poisha < 0 && abs !== 0, lang);
  } else {
    const fraction = Number.isInteger(taka) ? 0 : 2;
    n = numberFormat(numberLocale(lang), { minimumFractionDigits: fraction, maximumFractionDigits: fraction }).format(taka);
  }
  // A no-break space: "৳" never ends one line and the amount starts the next (narrow phones).
  return `৳\u00a0${n}`;
}

/** Whole taka typed by a user → poisha, without floating point surprises. */
export function takaToPoisha(taka: number | string): number {
  const [whole = '0', frac = ''] = String(taka).split('.');
  return Number(whole) * 100 + Number((frac + '00').slice(0, 2)) * (String(taka).startsWith('-') ? -1 : 1);
}
