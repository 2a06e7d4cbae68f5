/**
 * The one money formatter. Amounts arrive as integer poisha (1 ৳ = 100 poisha) and are shown as
 * "৳ 1,20,000" (Bangladeshi grouping) in English or "৳ ১,২০,০০০" in Bangla.
 */
export function formatTaka(poisha: number, lang: string = 'en'): string {
  const taka = poisha / 100;
  const fraction = Number.isInteger(taka) ? 0 : 2;
  const n = new Intl.NumberFormat(lang.startsWith('bn') ? 'bn-BD' : 'en-IN', {
    minimumFractionDigits: fraction,
    maximumFractionDigits: fraction,
  }).format(taka);
  return `৳ ${n}`;
}

/** Whole taka typed by a user → poisha, without floating point surprises. */
export function takaToPoisha(taka: number | string): number {
  const [whole = '0', frac = ''] = String(taka).split('.');
  return Number(whole) * 100 + Number((frac + '00').slice(0, 2)) * (String(taka).startsWith('-') ? -1 : 1);
}
