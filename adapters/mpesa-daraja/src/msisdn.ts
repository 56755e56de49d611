/**
 * The 12-digit form Daraja wants for PartyA, PhoneNumber and Msisdn: `2547XXXXXXXX` or
 * `2541XXXXXXXX`, no plus sign. Accepts what people type: `0712 345 678`, `+254-712-345678`,
 * `712345678`, and the newer 01xx numbers. Anything else is `null`: Daraja answers a bad number
 * with "Bad Request - Invalid PhoneNumber", so it is cheaper to refuse it here.
 */
export function normalizeKenyanMsisdn(input: string): string | null {
  if (typeof input !== 'string') return null;
  const compact = input.replace(/[\s-]/g, '');
  const match = /^(?:\+?254|0)?([17]\d{8})$/.exec(compact);
  return match ? `254${match[1]}` : null;
}
