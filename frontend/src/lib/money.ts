/** Numbers in the reader's language: Bangla digits, or Bangladeshi grouping (1,20,000) in English. */
const numberLocale = (lang: string) => (lang.startsWith('bn') ? 'bn-BD' : 'en-IN');

/** A count ("1,20,000" / "১,২০,০০০"). */
export function formatCount(n: number, lang: string = 'en'): string {
  return new Intl.NumberFormat(numberLocale(lang)).format(n);
}

/**
 * The one money formatter. Amounts arrive as integer poisha (1 ৳ = 100 poisha) and are shown as
 * "৳ 1,20,000" (Bangladeshi grouping) in English or "৳ ১,২০,০০০" in Bangla; `compact` gives chart
 * axes short labels in lakh and crore ("৳15L").
 */
export function formatTaka(poisha: number, lang: string = 'en', opts: { compact?: boolean } = {}): string {
  const taka = poisha / 100;
  if (opts.compact) return `৳${new Intl.NumberFormat(numberLocale(lang), { notation: 'compact' }).format(taka)}`;
  const fraction = Number.isInteger(taka) ? 0 : 2;
  const n = new Intl.NumberFormat(numberLocale(lang), {
    minimumFractionDigits: fraction,
    maximumFractionDigits: fraction,
  }).format(taka);
  // A no-break space: "৳" never ends one line and the amount starts the next (narrow phones).
  return `৳\u00a0${n}`;
}

/** Whole taka typed by a user → poisha, without floating point surprises. */
export function takaToPoisha(taka: number | string): number {
  const [whole = '0', frac = ''] = String(taka).split('.');
  return Number(whole) * 100 + Number((frac + '00').slice(0, 2)) * (String(taka).startsWith('-') ? -1 : 1);
}
