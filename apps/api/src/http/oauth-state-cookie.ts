import { OAUTH_ATTEMPT_TTL_MS } from '@escrow/core';
import type { Context } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import { cookieIsSecure } from './session-cookie.js';

/**
 * The browser's half of a Google sign-in (decision 0060): the state, which the provider hands
 * back in the URL and must match. HttpOnly; SameSite=Lax, so it travels on the provider's
 * top-level redirect back to us (Strict would not); as long as the sign-in may take. Over HTTPS
 * it is `__Host-google_sign_in` (Secure, Path=/, no Domain), so a sibling subdomain cannot plant
 * one and finish its own sign-in in the visitor's browser. The verifier and nonce stay in the database.
 */
const NAME = 'google_sign_in';
const options = (secure: boolean) => ({ path: '/', httpOnly: true, secure, sameSite: 'Lax' as const, ...(secure ? { prefix: 'host' as const } : {}) });

export function writeOAuthStateCookie(c: Context, state: string, secureCookies: boolean | undefined): void {
  setCookie(c, NAME, state, { ...options(cookieIsSecure(c, secureCookies)), maxAge: Math.floor(OAUTH_ATTEMPT_TTL_MS / 1000) });
}

export function readOAuthStateCookie(c: Context, secureCookies: boolean | undefined): string | undefined {
  return cookieIsSecure(c, secureCookies) ? getCookie(c, NAME, 'host') : getCookie(c, NAME);
}

export function clearOAuthStateCookie(c: Context, secureCookies: boolean | undefined): void {
  deleteCookie(c, NAME, options(cookieIsSecure(c, secureCookies)));
}
