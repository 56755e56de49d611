import { buyerLinkPath, catalogue, riderLinkPath, sellerLinkPath, type Actor, type Order, type OrderLinks } from '@escrow/core';
import type { Context, MiddlewareHandler } from 'hono';
import type { AppEnv, SessionUser } from '../http/app-env.js';
import { errorBody, type ErrorBody } from '../http/error-handler.js';
import type { EscrowHttp } from '../features/escrow-context.js';

export type SellerCaller =
  | { readonly ok: true; readonly user: SessionUser; readonly sellerId: string; readonly actor: Actor; readonly scope: string }
  | { readonly ok: false; readonly response: Response };

export type AdminCaller =
  | { readonly ok: true; readonly user: SessionUser; readonly actor: Actor; readonly scope: string }
  | { readonly ok: false; readonly response: Response };

/**
 * The seller behind the session: 401 without a session (the screens go to /auth), 404
 * SELLER_NOT_FOUND for an account that has no seller record yet (the screens go to
 * /seller/signup). The seller id always comes from the session, never from the request.
 */
export function sellerCaller(c: Context<AppEnv>): SellerCaller {
  const user = c.get('user');
  if (!user) return { ok: false, response: c.json(errorBody({ code: 'UNAUTHENTICATED' }), 401) };
  if (!user.sellerId) return { ok: false, response: c.json(errorBody({ code: 'SELLER_NOT_FOUND' }), 404) };
  return { ok: true, user, sellerId: user.sellerId, actor: { kind: 'seller', sellerId: user.sellerId }, scope: `seller\n${user.sellerId}` };
}

/** Route middleware: refuses callers without a seller record before the body is even read. */
export const sellerOnly: MiddlewareHandler<AppEnv> = async (c, next) => {
  const caller = sellerCaller(c);
  if (!caller.ok) return caller.response;
  await next();
  return undefined;
};

/** Route middleware: refuses everyone but admins before the body is read. */
export const adminOnly: MiddlewareHandler<AppEnv> = async (c, next) => {
  const caller = adminCaller(c);
  if (!caller.ok) return caller.response;
  await next();
  return undefined;
};

/** An admin session: 401 without a session, 403 with the spec's text for everyone else. */
export function adminCaller(c: Context<AppEnv>): AdminCaller {
  const user = c.get('user');
  if (!user) return { ok: false, response: c.json(errorBody({ code: 'UNAUTHENTICATED' }), 401) };
  if (!user.isAdmin) {
    const body: ErrorBody = { error: { code: 'FORBIDDEN', message: catalogue.admin.accessDenied } };
    return { ok: false, response: c.json(body, 403) };
  }
  return { ok: true, user, actor: { kind: 'admin', userId: user.userId }, scope: `admin\n${user.userId}` };
}

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
export function orderLinks(c: Context, h: Pick<EscrowHttp, 'publicBaseUrl'>, order: Order): OrderLinks {
  const base = h.publicBaseUrl ?? new URL(c.req.url).origin;
  const rider = riderLinkPath(order);
  return { buyer: `${base}${buyerLinkPath(order)}`, seller: `${base}${sellerLinkPath(order)}`, rider: rider === null ? null : `${base}${rider}` };
}

