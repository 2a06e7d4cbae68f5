import type { Dayjs } from 'dayjs';
import { readerDigits } from './digits';
import { dateTimeFormat } from './intl';

/** Dates are shown in Bangladesh time whatever the device's zone is. */
export const DHAKA = 'Asia/Dhaka';

const locale = (lang: string) => (lang.startsWith('bn') ? 'bn-BD' : 'en-GB');

export function formatDate(value: string | Date, lang = 'en'): string {
  return dateTimeFormat(locale(lang), { timeZone: DHAKA, day: 'numeric', month: 'short', year: 'numeric' }).format(new Date(value));
}

/**
 * Date and time; in Bangla the part of the day is a word said before the time ("বিকাল ৪:০৫"), where
 * the locale's own pattern would leave "PM" in English.
 */
export function formatDateTime(value: string | Date, lang = 'en'): string {
  const options: Intl.DateTimeFormatOptions = { timeZone: DHAKA, day: 'numeric', month: 'short', year: 'numeric', hour: 'numeric', minute: '2-digit' };
  if (!lang.startsWith('bn')) return dateTimeFormat(locale(lang), options).format(new Date(value));
  const parts = dateTimeFormat(locale(lang), { ...options, dayPeriod: 'short' }).formatToParts(new Date(value));
  const period = parts.find((p) => p.type === 'dayPeriod')?.value ?? '';
  const hour = parts.findIndex((p) => p.type === 'hour');
  return parts.map((p, i) => (i === hour && period ? `${period} ${p.value}` : p.type === 'dayPeriod' ? '' : p.value)).join('').trim();
}

/** Bangladesh Standard Time, UTC+6; the country has kept no daylight saving time since 2009. */
const DHAKA_OFFSET_MS = 6 * 60 * 60 * 1000;

/**
 * The year in Dhaka, in the reader's digits and never grouped ("2026", "২০২৬"). By arithmetic, not
 * Intl: the footer is on every first screen, and a page's first Intl.DateTimeFormat with a time zone
 * loads the zone data (about 15 ms on a fast machine, four times that on a slow phone: issue #22).
 */
export function formatYear(value: string | Date = new Date(), lang = 'en'): string {
  return readerDigits(String(new Date(new Date(value).getTime() + DHAKA_OFFSET_MS).getUTCFullYear()), lang);
}

/**
 * A day picked in antd's DatePicker as YYYY-MM-DD in ASCII digits, for the server and for comparing
 * with todayInDhaka(). On a Bangla screen the picker's days carry dayjs's Bangla locale, whose format()
 * writes ২০২৬-১১-২৫ (right in the field, AntdProvider), which the server does not read and which does
 * not compare with an ASCII date.
 */
export function isoDay(day: Dayjs): string {
  return day.locale('en').format('YYYY-MM-DD');
}

/** Today's date in Dhaka as YYYY-MM-DD (for "no past dates" rules in forms). */
export function todayInDhaka(now = new Date()): string {
  return dateTimeFormat('en-CA', { timeZone: DHAKA, year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
}
