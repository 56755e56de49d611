// Daraja stamps everything in Nairobi time (EAT, UTC+3, no daylight saving), so a fixed offset
// is exact and needs no time-zone database.
const EAT_OFFSET_MS = 3 * 60 * 60 * 1000;

function nairobiParts(date: Date) {
  const eat = new Date(date.getTime() + EAT_OFFSET_MS);
  const pad = (n: number, width = 2) => String(n).padStart(width, '0');
  return {
    year: String(eat.getUTCFullYear()),
    month: pad(eat.getUTCMonth() + 1),
    day: pad(eat.getUTCDate()),
    hour: pad(eat.getUTCHours()),
    minute: pad(eat.getUTCMinutes()),
    second: pad(eat.getUTCSeconds()),
    millisecond: pad(eat.getUTCMilliseconds(), 3),
    monthIndex: eat.getUTCMonth(),
    dayOfMonth: eat.getUTCDate(),
    fullYear: eat.getUTCFullYear(),
  };
}

/** yyyyMMddHHmmss in Nairobi time: TransactionDate, TransTime, InitiatedTime. */
export function nairobiTimestamp(date: Date = new Date()): string {
  const p = nairobiParts(date);
  return `${p.year}${p.month}${p.day}${p.hour}${p.minute}${p.second}`;
}

/** dd.MM.yyyy HH:mm:ss in Nairobi time: a B2C Result's TransactionCompletedDateTime. */
export function nairobiDottedDateTime(date: Date = new Date()): string {
  const p = nairobiParts(date);
  return `${p.day}.${p.month}.${p.year} ${p.hour}:${p.minute}:${p.second}`;
}

/** ddMMyyyyHHmmssSSS, the date part of a real CheckoutRequestID (ws_CO_03082022131319635...). */
export function checkoutStamp(date: Date = new Date()): string {
  const p = nairobiParts(date);
  return `${p.day}${p.month}${p.year}${p.hour}${p.minute}${p.second}${p.millisecond}`;
}

/** yyyyMMdd, the date inside a ConversationID (AG_20230206_...). */
export function nairobiDate(date: Date = new Date()): string {
  const p = nairobiParts(date);
  return `${p.year}${p.month}${p.day}`;
}

export function nairobiCalendar(date: Date = new Date()): { year: number; monthIndex: number; day: number } {
  const p = nairobiParts(date);
  return { year: p.fullYear, monthIndex: p.monthIndex, day: p.dayOfMonth };
}

/** True for a real calendar moment written YYYYMMDDHHmmss (20250230... is not one). */
export function isDarajaTimestamp(value: string): boolean {
  const match = /^(\d{4})(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})$/.exec(value);
  if (!match) return false;
  const [year, month, day, hour, minute, second] = match.slice(1).map(Number) as [number, number, number, number, number, number];
  const date = new Date(Date.UTC(year, month - 1, day, hour, minute, second));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day && date.getUTCHours() === hour && date.getUTCMinutes() === minute && date.getUTCSeconds() === second;
}
