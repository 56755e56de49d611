import { catalogue, type Actor } from '@escrow/core';
import type { Context } from 'hono';
import { getCookie, setCookie } from 'hono/cookie';
import type { ErrorBody } from '../../http/error-handler.js';
import { admitBuyerRequest } from '../../http/buyer-budget.js';
import type { EscrowHttp } from '../escrow-context.js';

/** A delivery code is 6 digits; anything much longer is wrong anyway and is not worth comparing. */
const MAX_CODE_LENGTH = 32;

/** Order ids are UUIDs; other shapes are answered as "not found" without touching a counter key. */
export const ORDER_ID_FORMAT = /^[A-Za-z0-9_-]{1,100}$/;

/**
 * The buyer's credential: the delivery code or the shared link's view key, in the
 * `X-Delivery-Code` header (the buyer page sends it there, so it stays out of URLs and logs),
 * or `?code=` where a header cannot be set (EventSource).
 * Returns null when none was sent. A malformed code is returned as it is: it is simply wrong,
 * and must be answered exactly like a wrong code.
 */
export function deliveryCodeOf(c: Context, options: { allowQuery?: boolean } = {}): string | null {
  const raw = c.req.header('x-delivery-code') ?? (options.allowQuery ? c.req.query('code') : undefined);
  if (raw === undefined || raw.trim() === '') return null;
  const code = raw.trim();
  return code.length > MAX_CODE_LENGTH ? '' : code;
}

/** A delivery code is 6 digits; anything else on the buyer page is the shared link's view key. */
const DELIVERY_CODE = /^\d{6}$/;

/** The payer's browser for one order (PRODUCT-DECISIONS, Real money): an HttpOnly cookie the page's script never reads. */
const payerCookieName = (orderId: string) => `payer_${orderId.replace(/[^A-Za-z0-9_-]/g, '')}`;
const PAYER_COOKIE_MAX_AGE_SECONDS = 60 * 24 * 60 * 60;
/**
 * Where the payer cookie goes: the buyer API, and the buyer link's documents (`/buyer/order/{id}`,
 * `/buyer/{id}`), whose first read the API makes itself with the document's cookies (decision
 * 0059): without it there, the payer reopening the shared link got a page without the code. Two
 * cookies of one name and token, each sent only under its own path, so no request carries both;
 * nowhere else (not the live stream, the other APIs or the assets).
 */
const PAYER_COOKIE_PATHS = ['/api/buyer/orders', '/buyer'] as const;

/**
 * The caller on a buyer route: the buyer with the delivery code, or the holder of the shared
 * link's view key, the payer's when this browser holds the order's payer cookie.
 */
export function buyerActor(c: Context, credential: string, orderId: string): Actor {
  if (DELIVERY_CODE.test(credential)) return { kind: 'buyer', deliveryCode: credential };
  const payerToken = getCookie(c, payerCookieName(orderId));
  return payerToken ? { kind: 'buyer', viewKey: credential, payerToken } : { kind: 'buyer', viewKey: credential };
}

/** Marks this browser as the payer's for the order (set when it starts a prompt, types the receipt of the verified payment, or types the code from the SMS). */
export function setPayerCookie(c: Context, orderId: string, token: string, secureCookies = false): void {
  const secure = secureCookies || new URL(c.req.url).protocol === 'https:';
  for (const path of PAYER_COOKIE_PATHS) setCookie(c, payerCookieName(orderId), token, { path, httpOnly: true, sameSite: 'Lax', secure, maxAge: PAYER_COOKIE_MAX_AGE_SECONDS });
}

export function deliveryCodeRequired(c: Context): Response {
  const body: ErrorBody = { error: { code: 'DELIVERY_CODE_REQUIRED', message: catalogue.buyer.deliveryCodeRequired } };
  return c.json(body, 400);
}

/** The same answer as a wrong code or a missing order (core's BUYER_ORDER_NOT_FOUND). */
export function buyerNotFound(c: Context): Response {
  const body: ErrorBody = { error: { code: 'BUYER_ORDER_NOT_FOUND', message: catalogue.buyer.orderNotFoundOrInvalidCode } };
  return c.json(body, 404);
}

type Guarded = { ok: true; orderId: string; code: string } | { ok: false; response: Response };

/**
 * Every buyer request: the code must be there (400 otherwise, independent of any order), then
 * the buyer budget (http/buyer-budget.ts: look-ups per address; wrong codes per order and per
 * address, 429 once spent whatever the code, unless this browser holds the buyer's proof), and
 * an order id of an impossible shape is answered like a wrong code. Routes that call it run
 * inside `settleBuyerBudget`, which settles the charge once the answer is known.
 */
export async function guardBuyerRequest(c: Context, h: EscrowHttp, options: { allowQuery?: boolean } = {}): Promise<Guarded> {
  const code = deliveryCodeOf(c, options);
  if (code === null) return { ok: false, response: deliveryCodeRequired(c) };
  const orderId = c.req.param('id') ?? '';
  const limited = await admitBuyerRequest(c, h.buyerBudget, { orderId: ORDER_ID_FORMAT.test(orderId) ? orderId : '', code });
  if (limited) return { ok: false, response: limited };
  if (!ORDER_ID_FORMAT.test(orderId)) return { ok: false, response: buyerNotFound(c) };
  return { ok: true, orderId, code };
}
