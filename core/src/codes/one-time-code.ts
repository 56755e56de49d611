import type { Random } from '../ports/random.js';

/** Six digits, 000000-999999, every one equally likely (CSPRNG through the Random port). */
export function generateSixDigitCode(random: Random): string {
  return String(random.int(0, 1_000_000)).padStart(6, '0');
}

/** What a presented one-time code amounts to against the newest unused code it is checked against. */
export type OneTimeCodeVerdict = 'valid' | 'wrong' | 'expired' | 'locked';

/**
 * The order of checks of every code sent to a person (password reset, rider phone): a code
 * with `maxAttempts` wrong entries is refused before it is even compared, so a further guess
 * learns nothing; a code that does not match is "invalid" (and counted); a code that matches
 * but is past its life has "expired".
 */
export function judgeOneTimeCode(record: { readonly attempts: number; readonly expiresAt: Date }, matches: boolean, now: Date, maxAttempts: number): OneTimeCodeVerdict {
  if (record.attempts >= maxAttempts) return 'locked';
  if (!matches) return 'wrong';
  if (now.getTime() >= record.expiresAt.getTime()) return 'expired';
  return 'valid';
}
