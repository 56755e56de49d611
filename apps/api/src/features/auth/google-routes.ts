import { ACCOUNT_RATE_LIMITS, beginOAuthSignIn, completeOAuthSignIn, type DomainError, type RateLimitRule } from '@escrow/core';
import { Hono, type Context } from 'hono';
import type { AccountsHttp, GoogleSignInHttp } from '../accounts-context.js';
import type { AppEnv } from '../../http/app-env.js';
import { clearOAuthStateCookie, readOAuthStateCookie, writeOAuthStateCookie } from '../../http/oauth-state-cookie.js';
import { writeSessionCookie } from '../../http/session-cookie.js';
import { languageOf } from '../../http/request-language.js';
import { routeDoc } from '../../http/openapi.js';
import { requestLoggerOf } from '../../http/request-log.js';

/** Every way a Google sign-in ends badly lands on /auth, which shows the catalogue's text for the code (never text from the URL). */
const toAuthPage = (c: Context, code: string) => c.redirect(`/auth?error=${encodeURIComponent(code)}`, 302);

function noStore(c: Context): void {
  c.header('Cache-Control', 'no-store');
  // The callback's URL holds the authorization code: it goes to no page as a referrer.
  c.header('Referrer-Policy', 'no-referrer');
}

/**
 * Sign in with Google, mounted at /api/auth/google only when GOOGLE_CLIENT_ID and
 * GOOGLE_CLIENT_SECRET are set (decision 0060). Both are top-level browser navigations (GET)
 * that end in a redirect, never in JSON, a 500 or a blank page:
 *   GET /           starts: state cookie, then 302 to Google (PKCE S256, nonce)
 *   GET /callback   Google sends the browser back: the state cookie is cleared, the use case
 *                   decides, and the browser goes to /seller/dashboard (or /seller/signup for an
 *                   account without a seller record) with the same session cookie as a password
 *                   sign-in, or to /auth?error=CODE.
 * The CSRF check is for writes; here the state bound to this browser's cookie is the check.
 */
export function googleSignInRoutes(accounts: AccountsHttp, google: GoogleSignInHttp): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  const secure = accounts.secureCookies;
  const limited = async (c: Context, rule: RateLimitRule): Promise<boolean> => {
    const now = accounts.deps.clock.now();
    return !(await accounts.rateLimiter.hit(rule, accounts.address(c), now)).allowed;
  };
  const failed = (c: Context, step: string, error: DomainError) => {
    requestLoggerOf(c, google.logger).warn(`Google sign-in ${step} refused`, { code: error.code, ...(error.detail ? { detail: error.detail } : {}) });
    return toAuthPage(c, error.code);
  };
  // The database or anything else failing still ends on /auth with a message, logged in full here.
  const crashed = (c: Context, step: string, error: unknown) => {
    requestLoggerOf(c, google.logger).error(`Google sign-in ${step} failed`, { error: error instanceof Error ? { name: error.name, message: error.message, stack: error.stack } : String(error) });
    return toAuthPage(c, 'SERVICE_UNAVAILABLE');
  };

  app.get('/', routeDoc({ tag: 'auth', summary: 'Start signing in with Google (a browser navigation)', description: 'Sets the state cookie and redirects to Google (PKCE S256, nonce). Mounted only with GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET.', ok: { status: 302, description: 'To Google\'s sign-in page' } }), async (c) => {
    noStore(c);
    try {
      if (await limited(c, ACCOUNT_RATE_LIMITS.oauthStartPerAddress)) return toAuthPage(c, 'RATE_LIMITED');
      const started = await beginOAuthSignIn(accounts.deps, { provider: google.provider });
      if (!started.ok) return failed(c, 'start', started.error);
      writeOAuthStateCookie(c, started.value.state, secure);
      return c.redirect(started.value.authorizationUrl, 302);
    } catch (error) {
      return crashed(c, 'start', error);
    }
  });

  app.get('/callback', routeDoc({ tag: 'auth', summary: 'Google sends the browser back here', description: 'Ends in a redirect: to /seller/dashboard (or /seller/signup) signed in, or to /auth?error=CODE.', ok: { status: 302, description: 'To the seller\'s pages signed in, or to /auth?error=CODE' } }), async (c) => {
    noStore(c);
    const browserState = readOAuthStateCookie(c, secure);
    // Single use on the browser's side too: whatever happens next, this state is spent.
    clearOAuthStateCookie(c, secure);
    try {
      if (await limited(c, ACCOUNT_RATE_LIMITS.oauthCallbackPerAddress)) return toAuthPage(c, 'RATE_LIMITED');
      const result = await completeOAuthSignIn(accounts.deps, {
        provider: google.provider,
        state: c.req.query('state'),
        browserState,
        code: c.req.query('code'),
        providerError: c.req.query('error'),
        replacesSessionId: c.get('user')?.sessionId ?? null,
        locale: languageOf(c),
      });
      if (!result.ok) return failed(c, 'callback', result.error);
      writeSessionCookie(c, result.value.issued, secure);
      if (result.value.how !== 'signed-in') accounts.sendOutboxSoon?.();
      return c.redirect(result.value.account.sellerId ? '/seller/dashboard' : '/seller/signup', 302);
    } catch (error) {
      return crashed(c, 'callback', error);
    }
  });

  return app;
}
