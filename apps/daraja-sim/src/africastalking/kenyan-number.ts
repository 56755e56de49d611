/**
 * What the simulator takes as a Kenyan mobile number on the wire: E.164 only, as Africa's
 * Talking wants it (`+2547XXXXXXXX`, `+2541XXXXXXXX`); anything else is 403 InvalidPhoneNumber.
 */
export const isKenyanE164 = (value: string): boolean => /^\+254[17]\d{8}$/.test(value);

/** The controls take a number as people write it (0712 345 678, 254712345678, +254...): E.164 or null. */
export function kenyanE164(input: string): string | null {
  const match = /^(?:\+?254|0)([17]\d{8})$/.exec(String(input).replace(/[\s\-.()]/g, ''));
  return match ? `+254${match[1]}` : null;
}
