import { SESSION_ABSOLUTE_LIFETIME_MS, type IssuedSession } from '@escrow/core';
import type { Context } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';

/**
 * The session cookie. Over HTTPS it is `__Host-session` (the prefix makes the browser insist on
 * Secure, Path=/ and no Domain, so a sibling subdomain cannot plant or read it); over plain
 * HTTP (a laptop, the browser tests) it is `session` without Secure. Always HttpOnly (no
 * script reads it, so the token never sits in local storage) and SameSite=Lax.
 */
export const SECURE_SESSION_COOKIE = '__Host-session';
export const PLAIN_SESSION_COOKIE = 'session';

export function cookieIsSecure(c: Context, secureCookies: boolean | undefined): boolean {
  return secureCookies ?? new URL(c.req.url).protocol === 'https:';
}

// Hono adds the `__Host-` prefix itself (and then insists on Secure, Path=/ and no Domain).
const prefixFor = (secure: boolean) => (secure ? { prefix: 'host' as const } : {});

export function readSessionToken(c: Context, secureCookies: boolean | undefined): string | undefined {
  return cookieIsSecure(c, secureCookies) ? getCookie(c, PLAIN_SESSION_COOKIE, 'host') : getCookie(c, PLAIN_SESSION_COOKIE);
}

/** Sends a freshly issued session; the cookie lives as long as the session's absolute limit. */
export function writeSessionCookie(c: Context, issued: IssuedSession, secureCookies: boolean | undefined): void {
  const secure = cookieIsSecure(c, secureCookies);
  setCookie(c, PLAIN_SESSION_COOKIE, issued.token, {
    path: '/',
    httpOnly: true,
    secure,
    sameSite: 'Lax',
    maxAge: Math.floor(SESSION_ABSOLUTE_LIFETIME_MS / 1000),
    ...prefixFor(secure),
  });
}

export function clearSessionCookie(c: Context, secureCookies: boolean | undefined): void {
  const secure = cookieIsSecure(c, secureCookies);
  deleteCookie(c, PLAIN_SESSION_COOKIE, { path: '/', httpOnly: true, secure, sameSite: 'Lax', ...prefixFor(secure) });
}

/** True when the request carries a session cookie of either name (for the CSRF check). */
export function hasSessionCookie(c: Context): boolean {
  return getCookie(c, SECURE_SESSION_COOKIE) !== undefined || getCookie(c, PLAIN_SESSION_COOKIE) !== undefined;
}
