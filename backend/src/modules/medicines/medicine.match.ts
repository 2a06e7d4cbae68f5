import type { EntityManager } from '@mikro-orm/sql';
import { asciiDigits } from '../../common/digits.js';
import { medicineViewsWhere, type MedicineView } from './medicine.read.js';

/**
 * Reading a prescription's free-text lines ("Tab. Napa 500 mg", "Seclo 40", "Azithromycin 500mg")
 * against the catalogue, by brand and by generic name. A line is a *sure* match when exactly one
 * medicine sold fits it: its brand (the longest brand the line starts with) and, when the line names
 * a strength, the same strength; or, failing a brand, the only medicine of that generic and strength.
 * Otherwise its candidates are offered for the patient to choose, or none.
 */

/** Dosage-form words doctors write before or after the name ("Tab.", "Cap", "Syp"). */
const FORM_WORDS = new Set(['tab', 'tabs', 'tablet', 'tablets', 'cap', 'caps', 'capsule', 'capsules', 'syp', 'syr', 'syrup', 'susp', 'suspension',
  'inj', 'injection', 'drop', 'drops', 'cream', 'oint', 'ointment', 'gel', 'inh', 'inhaler', 'sachet', 'supp', 'powder', 'sol', 'solution']);
const UNIT_WORDS = new Set(['mg', 'mcg', 'g', 'gm', 'ml', 'iu', 'unit', 'units']);

/** Lower case, Latin digits, words of letters and digits only: "Cef-3 200mg" → "cef 3 200 mg". */
export function normalizeText(text: string): string {
  return asciiDigits(text).toLowerCase().replace(/(\d)([a-z])/g, '$1 $2').replace(/[^a-z0-9.]+/g, ' ').replace(/(^|\s)\.|\.(\s|$)/g, ' ').replace(/\s+/g, ' ').trim();
}

/** The first amount of a strength ("500 mg" → "500", "0.5 mg" → "0.5", "5/20 mg" → "5"); null without one. */
export function strengthNumber(text: string): string | null {
  const m = /(\d+(?:\.\d+)?)/.exec(asciiDigits(text));
  return m ? String(Number(m[1])) : null;
}

export interface ParsedLine {
  /** Word sequences the line starts with (form words left out): brand names to look for. */
  prefixes: string[];
  /** The line without form words, amounts and units: a generic name to look for. */
  generic: string;
  /** The strength the line names, or null. */
  strength: string | null;
}

export function parseLine(medname: string): ParsedLine {
  const words = normalizeText(medname).split(' ').filter((w) => w && !FORM_WORDS.has(w));
  const prefixes: string[] = [];
  for (let i = 1; i <= Math.min(words.length, 6); i++) prefixes.push(words.slice(0, i).join(' '));
  const generic = words.filter((w) => !/^\d/.test(w) && !UNIT_WORDS.has(w)).join(' ');
  // The strength: a number followed by a unit ("500 mg"), else the last number ("Napa 500").
  const withUnit = words.findIndex((w, i) => /^\d/.test(w) && UNIT_WORDS.has(words[i + 1] ?? ''));
  const numbers = words.filter((w) => /^\d+(\.\d+)?$/.test(w));
  const raw = withUnit >= 0 ? words[withUnit]! : numbers.at(-1);
  const strength = raw !== undefined && Number.isFinite(Number(raw)) ? String(Number(raw)) : null;
  return { prefixes, generic, strength };
}

const sameStrength = (line: ParsedLine, m: MedicineView) => !line.strength || strengthNumber(m.strength) === line.strength;

export interface LineMatch {
  /** The medicine when the line names exactly one, else null. */
  sure: MedicineView | null;
  /** What the patient may choose from (the sure match alone when there is one). */
  choices: MedicineView[];
}

/** Decides one line against medicines fetched for it (catalogueFor). Pure: tested on its own. */
export function matchLine(medname: string, catalogue: readonly MedicineView[]): LineMatch {
  const line = parseLine(medname);
  const name = (m: MedicineView) => normalizeText(m.name);
  let longest = 0;
  for (const m of catalogue) if (line.prefixes.includes(name(m))) longest = Math.max(longest, name(m).length);
  const brands = catalogue.filter((m) => longest > 0 && name(m).length === longest && line.prefixes.includes(name(m)));
  const brandFit = brands.filter((m) => sameStrength(line, m));
  if (brandFit.length === 1) return { sure: brandFit[0]!, choices: [brandFit[0]!] };
  const generics = line.generic ? catalogue.filter((m) => normalizeText(m.genericName) === line.generic && sameStrength(line, m)) : [];
  if (!brands.length && generics.length === 1) return { sure: generics[0]!, choices: [generics[0]!] };
  const seen = new Set<string>();
  const choices = [...brandFit, ...brands, ...generics].filter((m) => !seen.has(m.id) && seen.add(m.id)).slice(0, 8);
  return { sure: null, choices };
}

/**
 * Whether a prescription line names this medicine: by its brand, or by its generic name (a
 * pharmacist may give another brand of what the doctor wrote), at the strength written.
 */
export function lineNames(medname: string, m: Pick<MedicineView, 'name' | 'genericName' | 'strength'>): boolean {
  const line = parseLine(medname);
  const fits = !line.strength || strengthNumber(m.strength) === line.strength;
  return fits && (line.prefixes.includes(normalizeText(m.name)) || (!!line.generic && normalizeText(m.genericName) === line.generic));
}

/** The medicines sold that any of the lines may name (brand or generic), in one statement. */
export async function catalogueFor(em: EntityManager, mednames: readonly string[]): Promise<MedicineView[]> {
  const names = new Set<string>();
  const generics = new Set<string>();
  for (const n of mednames) {
    const line = parseLine(n);
    line.prefixes.forEach((p) => names.add(p));
    if (line.generic) generics.add(line.generic);
  }
  if (!names.size && !generics.size) return [];
  return medicineViewsWhere(em, (p) => {
    const norm = (col: string) => `trim(regexp_replace(regexp_replace(lower(${col}), '([0-9])([a-z])', '\\1 \\2', 'g'), '[^a-z0-9.]+', ' ', 'g'))`;
    const list = (xs: Set<string>) => [...xs].map((x) => p.add(x)).join(', ');
    const parts = [names.size ? `${norm('name')} in (${list(names)})` : '', generics.size ? `${norm('generic_name')} in (${list(generics)})` : ''].filter(Boolean);
    return `is_active = true and (${parts.join(' or ')})`;
  });
}

/** How many doses a day "1+0+1" (or "1-0-1", "১+০+১ after meals", "2 times daily") means; null when it does not say. */
export function dailyDoses(dailyUse: string): number | null {
  const s = asciiDigits(dailyUse);
  const pattern = /(\d+(?:\.\d+)?)\s*[+-]\s*(\d+(?:\.\d+)?)(?:\s*[+-]\s*(\d+(?:\.\d+)?))?(?:\s*[+-]\s*(\d+(?:\.\d+)?))?/.exec(s);
  if (pattern) {
    const total = pattern.slice(1).filter(Boolean).reduce((sum, x) => sum + Number(x), 0);
    return total > 0 ? total : null;
  }
  const times = /(\d+)\s*(?:times|x|bar|বার)/i.exec(s);
  return times ? Number(times[1]) : null;
}

/**
 * The catalogue's units for a course: doses (days × daily use, or the count the doctor wrote in
 * "quantity", "15 tablets") over the doses one unit holds, rounded up; a whole pack when a unit
 * lasts a course (a syrup). Between 1 and `max`.
 */
export function unitsForCourse(line: { dailyUse: string; days: number; quantity: string }, dosesPerUnit: number | null, max: number): number {
  const perDay = dailyDoses(line.dailyUse);
  const written = /(\d+)/.exec(asciiDigits(line.quantity));
  const doses = perDay ? Math.ceil(perDay * line.days) : written ? Number(written[1]) : null;
  if (!dosesPerUnit || !doses) return 1;
  return Math.min(max, Math.max(1, Math.ceil(doses / dosesPerUnit)));
}
