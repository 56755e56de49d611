/** Kenya is UTC+3 all year (no daylight saving), so a fixed offset is exact. */
const NAIROBI_OFFSET_MS = 3 * 60 * 60 * 1000;

const pad = (value: number, width = 2) => value.toString().padStart(width, '0');

/**
 * `YYYYMMDDHHmmss` in Nairobi time, as STK Push and Query want in Timestamp. Computed from the
 * instant rather than the server's local time zone (both SDKs we compared use local time, which
 * is wrong on a UTC server).
 */
export function nairobiTimestamp(date: Date): string {
  const nairobi = new Date(date.getTime() + NAIROBI_OFFSET_MS);
  return (
    pad(nairobi.getUTCFullYear(), 4) +
    pad(nairobi.getUTCMonth() + 1) +
    pad(nairobi.getUTCDate()) +
    pad(nairobi.getUTCHours()) +
    pad(nairobi.getUTCMinutes()) +
    pad(nairobi.getUTCSeconds())
  );
}

/**
 * base64(BusinessShortCode + Passkey + Timestamp). The caller must send the same timestamp in
 * the Timestamp field, or Daraja answers "Wrong credentials".
 */
export function stkPassword(shortcode: string, passkey: string, timestamp: string): string {
  return Buffer.from(`${shortcode}${passkey}${timestamp}`, 'utf8').toString('base64');
}
