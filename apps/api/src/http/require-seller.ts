import type { Actor } from '@escrow/core';
import type { Context, MiddlewareHandler } from 'hono';
import type { AppEnv, SessionUser } from './app-env.js';
import { errorBody } from './error-handler.js';

export type SellerCaller =
  | { readonly ok: true; readonly user: SessionUser; readonly sellerId: string; readonly actor: Actor; readonly scope: string }
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

/** 401 for a route that needs a signed-in user. */
export function signInRequired(c: Context): Response {
  return c.json(errorBody({ code: 'UNAUTHENTICATED' }), 401);
}
