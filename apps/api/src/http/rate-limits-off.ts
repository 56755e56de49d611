import type { FailureCounters, RateLimiter } from '@escrow/core';

/**
 * The limiter of `RATE_LIMITS=off` (benchmarks only; config refuses it unless NODE_ENV is
 * `benchmark` or `test`): every hit is allowed and nothing is counted. A load test from one
 * loopback address would otherwise measure 429s, since every buyer request counts against
 * 20 per 10 minutes per address (docs/decisions/0012). Production never runs without limits.
 */
export const rateLimitsOff: RateLimiter = {
  hit: async (rule, _key, now) => ({ allowed: true, count: 0, remaining: rule.limit, resetAt: new Date(now.getTime() + rule.windowMs) }),
  reset: async () => undefined,
  release: async () => undefined,
  purgeExpired: async () => 0,
};

/** The failure counters of `RATE_LIMITS=off`: nothing is counted, so no sign-in ever waits. */
export const failureCountersOff: FailureCounters = {
  read: async () => new Map(),
  claim: async () => true,
  record: async () => undefined,
  clear: async () => undefined,
  purgeExpired: async () => 0,
};
