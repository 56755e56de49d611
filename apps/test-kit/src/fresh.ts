// Values no other test in the run uses, for API tests and browser tests alike: several test files
// and Playwright workers share one server and one database, and rate limits count per address.
import { randomBytes, randomInt } from 'node:crypto';

let counter = 0;

/** A label made unique in this run: `${label}-${pid}-${time}-${n}`. */
export const uniqueId = (label: string): string => `${label}-${process.pid}-${Date.now().toString(36)}-${(counter += 1)}`;

/** An email address nobody else in the run signs up with. */
export const freshEmail = (label = 'person'): string => `${uniqueId(label.toLowerCase().replace(/[^a-z0-9]+/g, '-'))}@example.com`;

// Addresses count on from a random start: never the same twice in one process (10,000 code
// guesses from ever-new addresses), and processes sharing a server start far apart.
let addressCount = randomInt(1, 2 ** 24 - 1);

/** A client address no other test uses (for X-Forwarded-For): 10.x.y.z, 24 bits counted from a random start. */
export function freshAddress(): string {
  addressCount = (addressCount % (2 ** 24 - 2)) + 1;
  const n = addressCount;
  return `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;
}

/** A Kenyan mobile number nobody else in the run uses: as typed (07...), as stored (+2547...) and as M-Pesa names it (2547...). */
export function freshPhone(): { local: string; e164: string; msisdn: string } {
  const subscriber = `7${String(randomInt(0, 100_000_000)).padStart(8, '0')}`;
  return { local: `0${subscriber}`, e164: `+254${subscriber}`, msisdn: `254${subscriber}` };
}

/** A fresh M-Pesa confirmation code: 10 upper-case letters and digits. */
export function freshMpesaReceipt(): string {
  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
  return Array.from(randomBytes(10), (byte) => alphabet[byte % alphabet.length]).join('');
}
