import type { Context } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import { cookieIsSecure } from './session-cookie.js';

/**
 * The rider's proof of a phone (decision 0046): the token `verifyRiderPhoneCode` hands out
 * once, in an HttpOnly cookie (no script reads it, so it never sits in local storage),
 * SameSite=Lax, Secure over HTTPS, sent only to the rider API (Path=/api/rider). The server
 * keeps its hash and the phone it proves; one browser holds one phone's proof at a time.
 */
export const RIDER_PROOF_COOKIE = 'rider_proof';
const PATH = '/api/rider';

export function readRiderProof(c: Context): string | undefined {
  return getCookie(c, RIDER_PROOF_COOKIE);
}

export function writeRiderProof(c: Context, proof: { token: string; expiresAt: Date }, secureCookies: boolean | undefined, now: Date): void {
  setCookie(c, RIDER_PROOF_COOKIE, proof.token, {
    path: PATH,
    httpOnly: true,
    secure: cookieIsSecure(c, secureCookies),
    sameSite: 'Lax',
    maxAge: Math.max(0, Math.round((proof.expiresAt.getTime() - now.getTime()) / 1000)),
  });
}

export function clearRiderProof(c: Context, secureCookies: boolean | undefined): void {
  deleteCookie(c, RIDER_PROOF_COOKIE, { path: PATH, httpOnly: true, secure: cookieIsSecure(c, secureCookies), sameSite: 'Lax' });
}
