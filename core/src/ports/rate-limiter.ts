/**
 * A fixed-window limit: at most `limit` hits per `windowMs`, counted per key. `name` keeps
 * the counters of different limits apart (it prefixes the stored key), so one rule may be
 * used with many keys (an address, an email, an order id).
 */
export interface RateLimitRule {
  readonly name: string;
  readonly limit: number;
  readonly windowMs: number;
}

export interface RateLimitDecision {
  /** False once this hit went over the limit; the caller should answer 429. */
  readonly allowed: boolean;
  /** Hits counted in the current window, this one included. */
  readonly count: number;
  /** Hits still allowed in this window (0 when refused). */
  readonly remaining: number;
  /** When the current window ends and counting starts again. */
  readonly resetAt: Date;
}

/**
 * Counts hits in fixed windows, shared by every API instance (the counters live in the
 * database). `hit` counts and decides in one atomic step, so parallel requests cannot all
 * slip under the limit.
 */
export interface RateLimiter {
  /** Counts one hit of `key` under `rule` at `now` and says whether it is allowed. */
  hit(rule: RateLimitRule, key: string, now: Date): Promise<RateLimitDecision>;
  /** Forgets the current window of `key` (e.g. a successful sign-in clears its failures). */
  reset(rule: RateLimitRule, key: string, now: Date): Promise<void>;
  /**
   * Takes back one hit counted at `at` (same window; never below zero): a limit that counts an
   * attempt before knowing whether it was a failure gives it back when it was not (a right
   * delivery code costs a buyer nothing).
   */
  release(rule: RateLimitRule, key: string, at: Date): Promise<void>;
  /** Deletes counters whose window has ended; returns how many went. */
  purgeExpired(now: Date): Promise<number>;
}

/** The window a moment falls in: windows start at multiples of `windowMs` since the epoch. */
export function rateLimitWindow(rule: Pick<RateLimitRule, 'windowMs'>, now: Date): { start: Date; end: Date } {
  const start = Math.floor(now.getTime() / rule.windowMs) * rule.windowMs;
  return { start: new Date(start), end: new Date(start + rule.windowMs) };
}
