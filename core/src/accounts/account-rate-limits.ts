import type { RateLimitRule } from '../ports/rate-limiter.js';

const minutes = (n: number): number => n * 60_000;

/**
 * Fixed-window limits on the account endpoints (product decisions: reset-code checks are
 * rate-limited per address and per email). Per-email limits stop a spread-out attack on one
 * account and are tight; per-address limits stop one client from sweeping many accounts and
 * are loose, because Kenyan mobile networks put many subscribers behind one address (CGNAT).
 * A person who mistypes a few times never meets either.
 *
 * Sign-in has no per-email window: ten wrong passwords from anywhere used to lock the owner
 * out for 15 minutes. Wrong passwords slow the address they come from instead
 * (sign-in-throttle.ts); this window only caps a flood of attempts from one address.
 */
export const ACCOUNT_RATE_LIMITS = {
  signInPerAddress: { name: 'sign-in-attempts:address', limit: 100, windowMs: minutes(15) },
  signUpPerAddress: { name: 'sign-up:address', limit: 50, windowMs: minutes(60) },
  resetRequestPerAddress: { name: 'reset-request:address', limit: 30, windowMs: minutes(60) },
  resetRequestPerEmail: { name: 'reset-request:email', limit: 5, windowMs: minutes(60) },
  codeCheckPerAddress: { name: 'reset-check:address', limit: 60, windowMs: minutes(15) },
  codeCheckPerEmail: { name: 'reset-check:email', limit: 15, windowMs: minutes(15) },
  changePasswordPerUser: { name: 'change-password:user', limit: 10, windowMs: minutes(15) },
  /** The payout details form asks for the password too (decision 0049); wrong ones also count as sign-in failures. */
  payoutDetailsPerUser: { name: 'payout-details:user', limit: 10, windowMs: minutes(15) },
  /**
   * Sign in with Google (decision 0060): each start writes a row and each return costs a call to
   * Google, so one address is capped; loose, like the other per-address limits (CGNAT).
   */
  oauthStartPerAddress: { name: 'oauth-start:address', limit: 60, windowMs: minutes(15) },
  oauthCallbackPerAddress: { name: 'oauth-callback:address', limit: 60, windowMs: minutes(15) },
  /** The seller's language switch (decision 0066): a write per tap, so capped per account. */
  localePerUser: { name: 'locale:user', limit: 30, windowMs: minutes(15) },
} as const satisfies Record<string, RateLimitRule>;
