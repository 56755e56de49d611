import type { Locale } from '@escrow/core/i18n';
import { currentLocale } from '../i18n/i18n.ts';

// Times are stored in UTC and always shown in Nairobi time, whatever the device's zone, in the
// page's language: '21 Nov 2025, 18:05' (en-KE) and '21 Ago 2025, 18:05' (sw-KE).
//
// Intl gives only the numbers (day, month, year, hour, minute in Africa/Nairobi): the month's
// name and the layout are ours. The server renders a page with Node's ICU and the phone hydrates
// it with its browser's, and their CLDR data differ (Node 22 writes en-KE's September 'Sept',
// older browsers 'Sep'; layouts change between versions): server and client must write the same
// characters, so nothing that varies with the ICU version is taken from it. The names are CLDR's
// abbreviated months of en and sw (a unit test holds them to Node's).
const NAIROBI = 'Africa/Nairobi';

const MONTHS: Readonly<Record<Locale, readonly string[]>> = {
  en: ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'],
  sw: ['Jan', 'Feb', 'Mac', 'Apr', 'Mei', 'Jun', 'Jul', 'Ago', 'Sep', 'Okt', 'Nov', 'Des'],
};

// Numbers only, in the Latin digits both languages use in Kenya; 'h23' so midnight is 00, not 24.
const parts = new Intl.DateTimeFormat('en-GB', {
  timeZone: NAIROBI,
  day: 'numeric',
  month: 'numeric',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

function toDate(value: Date | string): Date {
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) {
    throw new RangeError(`Not a valid date: ${String(value)}`);
  }
  return date;
}

function nairobiParts(value: Date | string): { day: string; month: number; year: string; hour: string; minute: string } {
  const found: Record<string, string> = {};
  for (const part of parts.formatToParts(toDate(value))) found[part.type] = part.value;
  return { day: String(Number(found.day)), month: Number(found.month), year: found.year ?? '', hour: (found.hour ?? '').padStart(2, '0'), minute: (found.minute ?? '').padStart(2, '0') };
}

/** '21 Nov 2025' in Nairobi time, in `locale` (the page's language unless told): '21 Ago 2025' in Swahili. */
export function formatNairobiDate(value: Date | string, locale: Locale = currentLocale()): string {
  const { day, month, year } = nairobiParts(value);
  return `${day} ${MONTHS[locale][month - 1]} ${year}`;
}

/**
 * '21 Nov 2025, 18:05' in Nairobi time (a UTC evening can already be the next day in Nairobi), in
 * `locale` (the page's language unless told). Accepts a Date or an ISO-8601 string.
 */
export function formatNairobiDateTime(value: Date | string, locale: Locale = currentLocale()): string {
  const { hour, minute } = nairobiParts(value);
  return `${formatNairobiDate(value, locale)}, ${hour}:${minute}`;
}
