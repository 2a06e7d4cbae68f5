import type { Dayjs } from 'dayjs';
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
  return withTime({ timeZone: DHAKA, day: 'numeric', month: 'short', year: 'numeric', hour: 'numeric', minute: '2-digit' }, value, lang);
}

/** The time of day alone, for a moment later today ("by 4:05 pm", "বিকাল ৪:০৫-এর মধ্যে"). */
export function formatTime(value: string | Date, lang = 'en'): string {
  return withTime({ timeZone: DHAKA, hour: 'numeric', minute: '2-digit' }, value, lang);
}

function withTime(options: Intl.DateTimeFormatOptions, value: string | Date, lang: string): string {
  if (!lang.startsWith('bn')) return dateTimeFormat(locale(lang), options).format(new Date(value));
  const parts = dateTimeFormat(locale(lang), { ...options, dayPeriod: 'short' }).formatToParts(new Date(value));
  const period = parts.find((p) => p.type === 'dayPeriod')?.value ?? '';
  const hour = parts.findIndex((p) => p.type === 'hour');
  return parts.map((p, i) => (i === hour && period ? `${period} ${p.value}` : p.type === 'dayPeriod' ? '' : p.value)).join('').trim();
}

// The year (the footer's) is its own module: the footer is on every first screen, the rest of this one
// is not (issue #22's budget).
export { formatYear } from './year';

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

/** A YYYY-MM-DD day `days` later (or earlier), as YYYY-MM-DD: calendar arithmetic, no time zone. */
export function addDaysIso(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}
