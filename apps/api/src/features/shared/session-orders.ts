import { buyerLinkPath, riderLinkPath, sellerLinkPath, type Order, type OrderLinks } from '@escrow/core';
import type { Context } from 'hono';
import { errorBody } from '../../http/error-handler.js';

/** Order ids are UUIDs; other shapes are answered as not found without a lookup. */
export const SESSION_ORDER_ID_FORMAT = /^[A-Za-z0-9_-]{1,100}$/;

export function orderNotFound(c: Context): Response {
  return c.json(errorBody({ code: 'ORDER_NOT_FOUND' }), 404);
}

/**
 * Absolute buyer, seller and rider links: the core's paths on PUBLIC_BASE_URL, or on the
 * request's own origin when it is not set (a laptop; production sets it, since behind a proxy
 * the request origin is the proxy's view).
 */
export function orderLinks(c: Context, h: { readonly publicBaseUrl?: string | undefined }, order: Order): OrderLinks {
  const base = h.publicBaseUrl ?? new URL(c.req.url).origin;
  const rider = riderLinkPath(order);
  return { buyer: `${base}${buyerLinkPath(order)}`, seller: `${base}${sellerLinkPath(order)}`, rider: rider === null ? null : `${base}${rider}` };
}
