import { readerDigits } from './digits';

/** Bangladesh Standard Time, UTC+6; the country has kept no daylight saving time since 2009. */
const DHAKA_OFFSET_MS = 6 * 60 * 60 * 1000;

/**
 * The year in Dhaka, in the reader's digits and never grouped ("2026", "২০২৬"). By arithmetic, not
 * Intl: the footer is on every first screen, and a page's first Intl.DateTimeFormat with a time zone
 * loads the zone data (about 15 ms on a fast machine, four times that on a slow phone: issue #22).
 * Apart from lib/dates.ts (which exports it too) so that the footer does not bring every date
 * formatter into the shell's chunk.
 */
export function formatYear(value: string | Date = new Date(), lang = 'en'): string {
  return readerDigits(String(new Date(new Date(value).getTime() + DHAKA_OFFSET_MS).getUTCFullYear()), lang);
}
