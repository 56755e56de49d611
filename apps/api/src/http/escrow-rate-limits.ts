import { catalogue, type Clock, type RateLimiter, type RateLimitRule } from '@escrow/core';
import type { Context } from 'hono';
import type { ErrorBody } from './error-handler.js';

const minutes = (n: number): number => n * 60_000;

/**
 * Limits on the requests that carry no session (docs/decisions: rate limits and the rider
 * phone). Every request that carries a delivery code counts, right or wrong: a limit that
 * counted only wrong codes would have to let the right code through once exceeded, and then
 * a 200 among 429s would tell an attacker which guess was right.
 */
export const ESCROW_RATE_LIMITS = {
  /** Any buyer request (it carries a code) from one address. */
  buyerPerAddress: { name: 'buyer:address', limit: 20, windowMs: minutes(10) },
  /** Any buyer request for one order, from anywhere: caps guesses spread over many addresses. */
  buyerPerOrder: { name: 'buyer:order', limit: 20, windowMs: minutes(60) },
  /** Rider requests that carry only a phone (job lists, taking a job). */
  riderPhonePerAddress: { name: 'rider-phone:address', limit: 30, windowMs: minutes(10) },
  riderPhonePerPhone: { name: 'rider-phone:phone', limit: 30, windowMs: minutes(10) },
  /** Taking a job hands out a rider key: few per hour per phone and per address. */
  riderTakePerPhone: { name: 'rider-take:phone', limit: 10, windowMs: minutes(60) },
  riderTakePerAddress: { name: 'rider-take:address', limit: 10, windowMs: minutes(60) },
  /** Rider requests with a link key (128 bits: not guessable); a ceiling against floods. */
  riderKeyPerAddress: { name: 'rider-key:address', limit: 120, windowMs: minutes(10) },
  /** The public tracking page and anonymous live streams. */
  publicPerAddress: { name: 'public:address', limit: 120, windowMs: minutes(1) },
} as const satisfies Record<string, RateLimitRule>;

export interface RateLimitDeps {
  readonly rateLimiter: RateLimiter;
  readonly clock: Clock;
}

/** 429 RATE_LIMITED with Retry-After: the whole seconds to wait (at least 1). */
export function tooManyRequests(c: Context, retryAfterMs: number): Response {
  c.header('Retry-After', String(Math.max(1, Math.ceil(retryAfterMs / 1000))));
  const body: ErrorBody = { error: { code: 'RATE_LIMITED', message: catalogue.accounts.tooManyAttempts } };
  return c.json(body, 429);
}

/**
 * Counts the request against each (rule, key) in turn and answers 429 with Retry-After at the
 * first refusal (the later counters are then not charged); null means go ahead.
 */
export async function rateLimited(c: Context, deps: RateLimitDeps, checks: readonly (readonly [RateLimitRule, string])[]): Promise<Response | null> {
  const now = deps.clock.now();
  for (const [rule, key] of checks) {
    const decision = await deps.rateLimiter.hit(rule, key, now);
    if (!decision.allowed) return tooManyRequests(c, decision.resetAt.getTime() - now.getTime());
  }
  return null;
}
