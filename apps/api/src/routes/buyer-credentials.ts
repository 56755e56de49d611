import { catalogue, type Actor } from '@escrow/core';
import type { Context } from 'hono';
import type { ErrorBody } from '../http/error-handler.js';

/** A delivery code is 6 digits; anything much longer is wrong anyway and is not worth comparing. */
const MAX_CODE_LENGTH = 32;

/** Order ids are UUIDs; other shapes are answered as "not found" without touching a counter key. */
export const ORDER_ID_FORMAT = /^[A-Za-z0-9_-]{1,100}$/;

/**
 * The buyer's delivery code: the `X-Delivery-Code` header (the buyer page sends it there, so
 * it stays out of URLs and logs), or `?code=` where a header cannot be set (EventSource).
 * Returns null when none was sent. A malformed code is returned as it is: it is simply wrong,
 * and must be answered exactly like a wrong code.
 */
export function deliveryCodeOf(c: Context, options: { allowQuery?: boolean } = {}): string | null {
  const raw = c.req.header('x-delivery-code') ?? (options.allowQuery ? c.req.query('code') : undefined);
  if (raw === undefined || raw.trim() === '') return null;
  const code = raw.trim();
  return code.length > MAX_CODE_LENGTH ? '' : code;
}

export const buyerActor = (deliveryCode: string): Actor => ({ kind: 'buyer', deliveryCode });

export function deliveryCodeRequired(c: Context): Response {
  const body: ErrorBody = { error: { code: 'DELIVERY_CODE_REQUIRED', message: catalogue.buyer.deliveryCodeRequired } };
  return c.json(body, 400);
}

/** The same answer as a wrong code or a missing order (core's BUYER_ORDER_NOT_FOUND). */
export function buyerNotFound(c: Context): Response {
  const body: ErrorBody = { error: { code: 'BUYER_ORDER_NOT_FOUND', message: catalogue.buyer.orderNotFoundOrInvalidCode } };
  return c.json(body, 404);
}
