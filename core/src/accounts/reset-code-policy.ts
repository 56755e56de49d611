import { generateSixDigitCode, judgeOneTimeCode, type OneTimeCodeVerdict } from '../codes/one-time-code.js';
import type { Random } from '../ports/random.js';
import type { ResetCodeRecord } from './account-records.js';

/** A reset code works for 15 minutes (product decisions: identity and data). */
export const RESET_CODE_TTL_MS = 15 * 60_000;
/** Five wrong entries spend a code; the sixth try is refused whatever it holds. */
export const RESET_CODE_MAX_ATTEMPTS = 5;

/** Six digits, 000000-999999, every one equally likely (CSPRNG through the Random port). */
export function generateResetCode(random: Random): string {
  return generateSixDigitCode(random);
}

/** What a presented code amounts to against the newest unused code of that email. */
export type ResetCodeVerdict = OneTimeCodeVerdict;

/**
 * The spec's order of checks: a code that does not match is "invalid" (and counted); a code
 * that matches but is past its 15 minutes has "expired". A code with 5 wrong entries is
 * refused before it is even compared, so a sixth guess learns nothing.
 */
export function judgeResetCode(record: Pick<ResetCodeRecord, 'attempts' | 'expiresAt'>, matches: boolean, now: Date): ResetCodeVerdict {
  return judgeOneTimeCode(record, matches, now, RESET_CODE_MAX_ATTEMPTS);
}
