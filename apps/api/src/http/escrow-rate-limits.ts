import { tooManyAttemptsMessage, type Clock, type RateLimiter, type RateLimitRule } from '@escrow/core';
import type { Context } from 'hono';
import type { ErrorBody } from './error-handler.js';

const minutes = (n: number): number => n * 60_000;

/**
 * Limits on the requests that carry no session (decisions 0012 and 0040).
 *
 * Buyers: a limit must never tell an attacker which guess was right. Counting every buyer
 * request per order did that safely but let a stranger with the order id lock the buyer out,
 * and the buyer's own reloads and live reconnects spent the budget. Now only wrong codes spend
 * the per-order and per-address budgets (each request is charged before its code is checked and
 * a right code gets its charge back), and once a budget is spent every request without the
 * buyer's proof cookie gets the same 429, right code or wrong. The proof (http/buyer-budget.ts)
 * is given only with a right code, so it cannot be had by guessing past the budget; with it,
 * the buyer who opened the page before goes on while the order is under attack.
 */
export const ESCROW_RATE_LIMITS = {
  /** Every buyer request from one address: a ceiling against floods that a carrier NAT (many buyers, one address) lives with. */
  buyerLookupsPerAddress: { name: 'buyer-lookups:address', limit: 1_200, windowMs: minutes(10) },
  /** Wrong codes for one order, from anywhere: caps guesses spread over many addresses. */
  buyerWrongCodesPerOrder: { name: 'buyer-wrong-codes:order', limit: 20, windowMs: minutes(60) },
  /** Wrong codes from one address, over all orders: one client trying many orders. */
  buyerWrongCodesPerAddress: { name: 'buyer-wrong-codes:address', limit: 30, windowMs: minutes(10) },
  /** Rider requests that carry only a phone (job lists, taking a job). */
  riderPhonePerAddress: { name: 'rider-phone:address', limit: 30, windowMs: minutes(10) },
  riderPhonePerPhone: { name: 'rider-phone:phone', limit: 30, windowMs: minutes(10) },
  /** Taking a job hands out a rider key: few per hour per phone and per address. */
  riderTakePerPhone: { name: 'rider-take:phone', limit: 10, windowMs: minutes(60) },
  riderTakePerAddress: { name: 'rider-take:address', limit: 10, windowMs: minutes(60) },
  /** Rider requests with a link key (128 bits: not guessable); a ceiling against floods. */
  riderKeyPerAddress: { name: 'rider-key:address', limit: 120, windowMs: minutes(10) },
  /**
   * M-Pesa prompts (STK Push): each one rings a phone. Per order (whoever holds its link) and per
   * phone prompted (so nobody can use orders to pester a stranger's phone); a double tap counts too.
   */
  mpesaPromptsPerOrder: { name: 'mpesa-prompts:order', limit: 10, windowMs: minutes(60) },
  mpesaPromptsPerPhone: { name: 'mpesa-prompts:phone', limit: 10, windowMs: minutes(60) },
  /** 'Resend code': each sends an SMS to the payer's phone (a cost, and a nuisance if abused). */
  codeResendsPerOrder: { name: 'code-resends:order', limit: 3, windowMs: minutes(60) },
  /** The public tracking page and anonymous live streams. */
  publicPerAddress: { name: 'public:address', limit: 120, windowMs: minutes(1) },
} as const satisfies Record<string, RateLimitRule>;

export interface RateLimitDeps {
  readonly rateLimiter: RateLimiter;
  readonly clock: Clock;
}

/** 429 RATE_LIMITED with Retry-After: the whole seconds to wait (at least 1). */
export function tooManyRequests(c: Context, retryAfterMs: number): Response {
  const seconds = Math.max(1, Math.ceil(retryAfterMs / 1000));
  c.header('Retry-After', String(seconds));
  const body: ErrorBody = { error: { code: 'RATE_LIMITED', message: tooManyAttemptsMessage(seconds) } };
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
