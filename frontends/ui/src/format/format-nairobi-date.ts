// Times are stored in UTC and always shown in Nairobi time, whatever the device's zone.
const NAIROBI = 'Africa/Nairobi';

const dateTimeFormat = new Intl.DateTimeFormat('en-KE', {
  timeZone: NAIROBI,
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hour12: false,
});

const dateFormat = new Intl.DateTimeFormat('en-KE', {
  timeZone: NAIROBI,
  day: 'numeric',
  month: 'short',
  year: 'numeric',
});

function toDate(value: Date | string): Date {
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) {
    throw new RangeError(`Not a valid date: ${String(value)}`);
  }
  return date;
}

/** '21 Nov 2025, 18:05' in Nairobi time. Accepts a Date or an ISO-8601 string. */
export function formatNairobiDateTime(value: Date | string): string {
  return dateTimeFormat.format(toDate(value));
}

/** '21 Nov 2025' in Nairobi time (a UTC evening can already be the next day in Nairobi). */
export function formatNairobiDate(value: Date | string): string {
  return dateFormat.format(toDate(value));
}
