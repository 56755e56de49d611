import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Clock, RateLimiter, RateLimitRule } from '@escrow/core';
import type { Context, MiddlewareHandler } from 'hono';
import { getCookie } from 'hono/cookie';
import { serialize } from 'hono/utils/cookie';
import { ESCROW_RATE_LIMITS, tooManyRequests } from './escrow-rate-limits.js';

const PROOF_COOKIE = 'buyer_proof';
const PROOF_MAX_AGE_SECONDS = 60 * 24 * 60 * 60;

export interface BuyerBudgetDeps {
  readonly rateLimiter: RateLimiter;
  readonly clock: Clock;
  /** The key of the proof cookie (a server secret); without it no proof is given or accepted. */
  readonly proofKey?: string;
  /** Whether the proof cookie is Secure (the site is served over HTTPS). */
  readonly secureCookies?: boolean;
  address(c: Context): string;
}

/** The wrong-code budgets a request was charged before its code was checked. */
interface Claim {
  readonly at: Date;
  readonly charged: readonly (readonly [RateLimitRule, string])[];
  readonly orderId: string;
  readonly code: string;
}

/**
 * Where a browser sends its proof for an order: the order's buyer API and live stream, and the
 * buyer link's two document shapes (`/buyer/order/{id}`, `/buyer/{id}`), whose first read the API
 * makes itself with the document's cookies (decision 0059).
 */
const proofCookiePaths = (orderId: string) => [`/api/buyer/orders/${orderId}`, `/api/live/orders/${orderId}`, `/buyer/order/${orderId}`, `/buyer/${orderId}`];

/** Per request: what `admitBuyerRequest` charged, for `settleBuyerBudget` to keep or give back. */
const claims = new WeakMap<Context, Claim>();

/**
 * The proof cookie's value for an order and the code it was opened with: HMAC-SHA256 under a
 * server secret. Only the server can make one, and it makes one only for a request whose code
 * was right, so holding it proves this browser opened the order with that code before. It is
 * bound to the code: a guess with a proof of another code is an ordinary guess.
 */
function proofOf(key: string, orderId: string, code: string): string {
  return createHmac('sha256', key).update(`buyer-proof\n${orderId}\n${code}`).digest('base64url');
}

function holdsProof(c: Context, deps: BuyerBudgetDeps, orderId: string, code: string): boolean {
  if (!deps.proofKey) return false;
  const presented = getCookie(c, PROOF_COOKIE);
  if (!presented) return false;
  const expected = Buffer.from(proofOf(deps.proofKey, orderId, code));
  const given = Buffer.from(presented);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/**
 * The buyer page's budget (decision 0040), before the code is looked at:
 * 1. every buyer request counts against its address (a ceiling a carrier NAT can live with);
 * 2. a request holding this browser's proof for the order and code goes ahead: it is the buyer,
 *    who opened the order with this code before;
 * 3. any other request is charged one wrong code against the order and against its address,
 *    before its code is checked. A right code is given its charge back afterwards, so only wrong
 *    codes spend the budgets. Once a budget is spent, every request without the proof gets the
 *    same 429, right code or wrong: the answer never says which guess was right.
 * Null means go ahead; `settleBuyerBudget` (middleware around the route) settles the charge.
 */
export async function admitBuyerRequest(c: Context, deps: BuyerBudgetDeps, request: { orderId: string; code: string }): Promise<Response | null> {
  const now = deps.clock.now();
  const address = deps.address(c);
  const lookups = await deps.rateLimiter.hit(ESCROW_RATE_LIMITS.buyerLookupsPerAddress, address, now);
  if (!lookups.allowed) return tooManyRequests(c, lookups.resetAt.getTime() - now.getTime());
  if (holdsProof(c, deps, request.orderId, request.code)) return null;
  const budgets = [
    [ESCROW_RATE_LIMITS.buyerWrongCodesPerOrder, request.orderId],
    [ESCROW_RATE_LIMITS.buyerWrongCodesPerAddress, address],
  ] as const;
  const charged: (readonly [RateLimitRule, string])[] = [];
  for (const [rule, key] of budgets) {
    const decision = await deps.rateLimiter.hit(rule, key, now);
    charged.push([rule, key]);
    if (!decision.allowed) {
      // Spent: refused before the code is looked at, and nothing stays charged for it.
      for (const [chargedRule, chargedKey] of charged) await deps.rateLimiter.release(chargedRule, chargedKey, now);
      return tooManyRequests(c, decision.resetAt.getTime() - now.getTime());
    }
  }
  claims.set(c, { at: now, charged, orderId: request.orderId, code: request.code });
  return null;
}

/**
 * Middleware around every route that calls `admitBuyerRequest`: once the route answered, a
 * 404 (a wrong code, or no such order: the same answer) keeps its wrong-code charge; any other
 * client answer gives it back, since its code was right; a 5xx keeps it (nobody knows). A
 * success without a proof sets the proof cookie (scoped to this order's buyer API and live
 * paths, and to the buyer link's documents, whose first read the API makes with the document's
 * cookies: decision 0059).
 */
export function settleBuyerBudget(deps: BuyerBudgetDeps): MiddlewareHandler {
  return async (c, next) => {
    await next();
    const claim = claims.get(c);
    if (!claim) return;
    claims.delete(c);
    const status = c.res.status;
    if (status === 404 || status >= 500) return;
    for (const [rule, key] of claim.charged) await deps.rateLimiter.release(rule, key, claim.at);
    if (status >= 300 || !deps.proofKey) return;
    const value = proofOf(deps.proofKey, claim.orderId, claim.code);
    const secure = deps.secureCookies === true || new URL(c.req.url).protocol === 'https:';
    // Added to the answer's own headers: Hono's setCookie on an answer already made would make it
    // again as a WHATWG Response (a stream of its body), about a sixth of a buyer read's CPU.
    for (const path of proofCookiePaths(claim.orderId)) {
      c.res.headers.append('Set-Cookie', serialize(PROOF_COOKIE, value, { path, httpOnly: true, sameSite: 'Lax', secure, maxAge: PROOF_MAX_AGE_SECONDS }));
    }
  };
}
