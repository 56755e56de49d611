import type { Random } from '../ports/random.js';

/** No 0/O, 1/I/L: read aloud over the phone and typed into M-Pesa without mistakes. */
export const TRACKING_ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';
/** M-Pesa's AccountReference allows 12 characters; 10 gives 31^10 (8e14) numbers. */
export const TRACKING_NUMBER_LENGTH = 10;

export function generateTrackingNumber(random: Random): string {
  let out = '';
  for (let i = 0; i < TRACKING_NUMBER_LENGTH; i += 1) {
    out += TRACKING_ALPHABET[random.int(0, TRACKING_ALPHABET.length)];
  }
  return out;
}

export function isTrackingNumber(value: string): boolean {
  return value.length <= 12 && [...value].every((ch) => TRACKING_ALPHABET.includes(ch)) && value.length > 0;
}
