import { isAdminRole, resolveSession, type AccountsDeps } from '@escrow/core';
import type { Context, MiddlewareHandler } from 'hono';
import type { AppEnv } from './app-env.js';
import { clearSessionCookie, readSessionToken } from './session-cookie.js';

/**
 * Sets `c.get('user')` on every request: the signed-in account behind the session cookie, or
 * null. Only /api requests look the session up (pages and assets never need it). A cookie
 * whose session has ended (expired, signed out, revoked by a password change) is cleared.
 */
/** What the middleware reads sessions with: the accounts' ports and the cookie rule (the accounts context). */
export interface SessionSource {
  readonly deps: AccountsDeps;
  readonly secureCookies?: boolean;
}

export function sessionMiddleware(accounts: SessionSource | undefined): MiddlewareHandler {
  // Untyped env so it mounts on any app; the variable it sets is AppEnv's `user`.
  return async (untyped, next) => {
    const c = untyped as Context<AppEnv>;
    c.set('user', null);
    if (!accounts || !(c.req.path === '/api' || c.req.path.startsWith('/api/'))) return next();
    const token = readSessionToken(c, accounts.secureCookies);
    if (token === undefined) return next();
    const found = await resolveSession(accounts.deps, { token });
    if (!found) {
      clearSessionCookie(c, accounts.secureCookies);
      return next();
    }
    c.set('user', {
      userId: found.session.userId,
      email: found.email,
      sessionId: found.session.id,
      isAdmin: isAdminRole(found.roles),
      sellerId: found.sellerId,
    });
    return next();
  };
}
