import { catalogue } from '@escrow/core';
import type { Context, MiddlewareHandler } from 'hono';
import type { ErrorBody } from './error-handler.js';
import { hasSessionCookie } from './session-cookie.js';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** The host (and port) an Origin header names, or null for 'null' and anything unparsable. */
function hostOf(origin: string): string | null {
  try {
    const url = new URL(origin);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.host : null;
  } catch {
    return null;
  }
}

function sameSite(c: Context, origin: string, publicOrigin: string | undefined): boolean {
  if (publicOrigin && origin === publicOrigin) return true;
  // The request URL's host is the Host header the server received (@hono/node-server builds it so).
  return hostOf(origin) === new URL(c.req.url).host;
}

/**
 * Cross-site request forgery: a state-changing /api request must come from this site.
 *
 * - With an Origin header (every browser sends one on a POST/PUT/DELETE), it must name this
 *   host (or PUBLIC_BASE_URL), cookie or not: that also stops "login CSRF", where another site
 *   signs the visitor into the attacker's account.
 * - Without Origin, a browser's Sec-Fetch-Site must say same-origin (or none: typed by the user).
 * - Without either, the request did not come from a browser page; it is refused only when it
 *   carries a session cookie, which is the one thing a forged request could borrow.
 *
 * SameSite=Lax cookies already keep most cross-site writes cookie-less; this closes the rest
 * (same-site subdomains, older browsers). See docs/decisions/0014-accounts-sessions-and-csrf.md.
 */
export function csrfProtection(options: { publicOrigin?: string } = {}): MiddlewareHandler {
  return async (c, next) => {
    if (SAFE_METHODS.has(c.req.method) || !(c.req.path === '/api' || c.req.path.startsWith('/api/'))) return next();
    const origin = c.req.header('origin');
    const fetchSite = c.req.header('sec-fetch-site');
    let allowed: boolean;
    if (origin !== undefined) allowed = sameSite(c, origin, options.publicOrigin);
    else if (fetchSite !== undefined) allowed = fetchSite === 'same-origin' || fetchSite === 'none';
    else allowed = !hasSessionCookie(c);
    if (allowed) return next();
    const body: ErrorBody = { error: { code: 'FORBIDDEN', message: catalogue.accounts.crossSiteRequest } };
    return c.json(body, 403);
  };
}
