import type { Random } from '../ports/random.js';
import { TRACKING_ALPHABET, TRACKING_NUMBER_LENGTH } from '../rules/tracking-number.js';

export { isTrackingNumber, TRACKING_ALPHABET, TRACKING_NUMBER_LENGTH, TRACKING_NUMBER_MAX_LENGTH } from '../rules/tracking-number.js';

export function generateTrackingNumber(random: Random): string {
  let out = '';
  for (let i = 0; i < TRACKING_NUMBER_LENGTH; i += 1) {
    out += TRACKING_ALPHABET[random.int(0, TRACKING_ALPHABET.length)];
  }
  return out;
}
