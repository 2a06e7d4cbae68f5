import { asciiDigits } from '../../common/digits.js';
import { dailyDoses } from '../medicines/index.js';

/**
 * The pharmacy's arithmetic for a prescription line, pure so that it is tested on its own and read
 * the same by the checkout, the cart's quote and the screens.
 *
 * A line allows a *course*, counted in one of two measures:
 * - `dose`: tablets, capsules, spoonfuls, puffs. The doctor's own number when the quantity names one
 *   ("15", "15 tablets"), else daily use × days ("1+0+1" for 7 days is 14). A medicine sold in units
 *   of several doses (a strip of 10) is dispensed in whole units: the smallest number of units that
 *   covers what is left, never a unit more.
 * - `pack`: whole units as sold (strips, bottles, tubes). When the quantity counts packs ("2 strips",
 *   "১ বোতল"), when nothing says how many doses (one pack for the course), and for a paper
 *   prescription, whose lines a pharmacist records in the catalogue's units of one medicine.
 * Refills multiply the course: a line allows course × (1 + refills), bought at once or over time,
 * until its validity ends.
 */
export enum DispensingMeasure {
  Dose = 'dose',
  Pack = 'pack',
}

/** Refills a prescriber may grant on one line (six fills in all); the validity below bounds them too. */
export const MAX_REFILLS = 5;
/** The longest a prescription stays dispensable, whatever its course and refills. */
export const MAX_VALID_DAYS = 365;
/** The shortest: an acute prescription is for the illness it was written for, not for a later one. */
export const MIN_VALID_DAYS = 30;
/** Slack after the last fill's course, for a patient who runs a few days late. */
export const VALID_GRACE_DAYS = 14;

/** Words that count whole packs, in English and in Bangla. */
const PACK_WORDS = /\b(strips?|bottles?|box(?:es)?|tubes?|packs?|packets?|vials?|phials?|inhalers?|cans?|jars?|pots?)\b|পাতা|বোতল|বক্স|টিউব|প্যাকেট|ভায়াল/i;

export interface Course {
  measure: DispensingMeasure;
  /** How much one course allows, in the measure (≥ 1). */
  course: number;
}

/** The course a written line allows (see above). */
export function courseOf(line: { dailyUse: string; days: number; quantity: string }): Course {
  const quantity = asciiDigits(line.quantity);
  const written = /(\d+)/.exec(quantity);
  const n = written ? Number(written[1]) : 0;
  if (n > 0) return { measure: PACK_WORDS.test(line.quantity) ? DispensingMeasure.Pack : DispensingMeasure.Dose, course: n };
  const perDay = dailyDoses(line.dailyUse);
  if (perDay && line.days > 0) return { measure: DispensingMeasure.Dose, course: Math.max(1, Math.ceil(perDay * line.days)) };
  return { measure: DispensingMeasure.Pack, course: 1 };
}

/** What a line allows in all: the course and each refill. */
export const allowedOf = (course: number, refills: number) => course * (1 + refills);

const DAY_MS = 86_400_000;

/**
 * Until when a Nirog prescription's line may be dispensed: its course and every refill taken back
 * to back, plus a grace of VALID_GRACE_DAYS; never under MIN_VALID_DAYS nor over MAX_VALID_DAYS.
 */
export function validUntilOf(issuedAt: Date, days: number, refills: number): Date {
  const valid = Math.min(MAX_VALID_DAYS, Math.max(MIN_VALID_DAYS, days * (1 + refills) + VALID_GRACE_DAYS));
  return new Date(issuedAt.getTime() + valid * DAY_MS);
}

/** How much of the line's measure one unit of a medicine covers. */
export function perUnitOf(measure: DispensingMeasure, course: number, dosesPerUnit: number | null | undefined): number {
  if (measure === DispensingMeasure.Pack) return 1;
  // A unit whose doses are not counted (a syrup, a tube) lasts a course.
  return dosesPerUnit && dosesPerUnit > 0 ? dosesPerUnit : course;
}

/** The most units of a medicine that what is left still allows: the fewest units that cover it. */
export const unitsAllowed = (remaining: number, perUnit: number) => (remaining > 0 ? Math.ceil(remaining / perUnit) : 0);

/** What `units` take off the line: their doses, or all that was left when the last unit covers more. */
export const amountOf = (units: number, perUnit: number, remaining: number) => Math.min(units * perUnit, Math.max(0, remaining));
