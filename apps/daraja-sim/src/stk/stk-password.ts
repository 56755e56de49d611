import { timingSafeEqual } from 'node:crypto';

/** Daraja's STK Password: base64(BusinessShortCode + Passkey + Timestamp). */
export function stkPassword(shortCode: string, passkey: string, timestamp: string): string {
  return Buffer.from(`${shortCode}${passkey}${timestamp}`).toString('base64');
}

export function isStkPassword(password: string, shortCode: string, passkey: string, timestamp: string): boolean {
  const expected = Buffer.from(stkPassword(shortCode, passkey, timestamp));
  const given = Buffer.from(password);
  return given.length === expected.length && timingSafeEqual(given, expected);
}
