import { err, ok, type Result } from '../errors.js';
import type { Random } from '../ports/random.js';
import { DELIVERY_CODE_PATTERN, MAX_WRONG_CODE_ATTEMPTS } from '../rules/codes.js';

export { MAX_WRONG_CODE_ATTEMPTS } from '../rules/codes.js';

export const DELIVERY_CODE_MIN = 100_000;
export const DELIVERY_CODE_MAX = 999_999;

/** A fresh 6-digit delivery code from the CSPRNG behind the Random port. */
export function generateDeliveryCode(random: Random): string {
  return String(random.int(DELIVERY_CODE_MIN, DELIVERY_CODE_MAX + 1));
}

export function parseDeliveryCode(input: unknown): Result<string> {
  const code = typeof input === 'string' ? input.trim() : typeof input === 'number' ? String(input) : '';
  if (!DELIVERY_CODE_PATTERN.test(code)) {
    return err('INVALID_DELIVERY_CODE_FORMAT', { detail: 'a delivery code is 6 digits, 100000-999999' });
  }
  return ok(code);
}

export type CodeCheck =
  | { readonly outcome: 'accepted' }
  | { readonly outcome: 'wrong'; readonly attempts: number; readonly locked: boolean; readonly attemptsLeft: number };

/** The result of one code entry given the attempts already made. */
export function checkDeliveryCode(expected: string, entered: string, attemptsSoFar: number, equal: (a: string, b: string) => boolean): CodeCheck {
  if (equal(expected, entered)) return { outcome: 'accepted' };
  const attempts = attemptsSoFar + 1;
  return {
    outcome: 'wrong',
    attempts,
    locked: attempts >= MAX_WRONG_CODE_ATTEMPTS,
    attemptsLeft: Math.max(0, MAX_WRONG_CODE_ATTEMPTS - attempts),
  };
}
