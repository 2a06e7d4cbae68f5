/**
 * Intl's formatters, made once per locale and options and kept. Making one is the expensive part
 * (it resolves the locale's data), formatting with it is cheap: a card list that made a new
 * NumberFormat per price spent 67 ms of a throttled phone's main thread on the home page alone
 * (issue #22, Chrome's profiler at 4× slowdown). money.ts and dates.ts format through these.
 */
const numbers = new Map<string, Intl.NumberFormat>();
const dates = new Map<string, Intl.DateTimeFormat>();

const keyOf = (locale: string, options: object) => `${locale}\u0000${JSON.stringify(options)}`;

export function numberFormat(locale: string, options: Intl.NumberFormatOptions = {}): Intl.NumberFormat {
  const key = keyOf(locale, options);
  let format = numbers.get(key);
  if (!format) numbers.set(key, (format = new Intl.NumberFormat(locale, options)));
  return format;
}

export function dateTimeFormat(locale: string, options: Intl.DateTimeFormatOptions = {}): Intl.DateTimeFormat {
  const key = keyOf(locale, options);
  let format = dates.get(key);
  if (!format) dates.set(key, (format = new Intl.DateTimeFormat(locale, options)));
  return format;
}
