import { catalogue, type Actor } from '@escrow/core';
import { normalizeKenyanPhone } from '@escrow/core/validation';
import type { Context } from 'hono';
import type { ErrorBody } from '../../http/error-handler.js';
import { ESCROW_RATE_LIMITS, rateLimited } from '../../http/escrow-rate-limits.js';
import type { EscrowHttp } from '../escrow-context.js';
import { ORDER_ID_FORMAT } from './buyer-credentials.js';

/** Rider keys are 128-bit URL-safe tokens; a longer value cannot be one. */
const MAX_KEY_LENGTH = 200;

export type RiderCredentials =
  | { readonly ok: true; readonly phone: string; readonly key: string | null }
  | { readonly ok: false; readonly response: Response };

/**
 * Riders have no login. The rider link `/rider/{orderId}?phone=...&key=...` gives the rider
 * page a phone and the current assignment's key; API calls send them as `X-Rider-Phone` and
 * `X-Rider-Key` headers (kept out of URLs and access logs), or as `?phone=&key=` where headers
 * cannot be set (EventSource). The phone is normalised to E.164 as it is stored.
 */
export function riderCredentials(c: Context, options: { allowQuery?: boolean } = {}): RiderCredentials {
  const rawPhone = c.req.header('x-rider-phone') ?? (options.allowQuery ? c.req.query('phone') : undefined);
  const rawKey = c.req.header('x-rider-key') ?? (options.allowQuery ? c.req.query('key') : undefined);
  if (rawPhone === undefined || rawPhone.trim() === '') {
    const body: ErrorBody = { error: { code: 'RIDER_PHONE_REQUIRED', message: catalogue.rider.phoneNumberRequired } };
    return { ok: false, response: c.json(body, 400) };
  }
  const phone = rawPhone.length <= 40 ? normalizeKenyanPhone(rawPhone) : null;
  if (!phone) {
    const body: ErrorBody = { error: { code: 'INVALID_PHONE', message: catalogue.validation.phone.invalid } };
    return { ok: false, response: c.json(body, 400) };
  }
  const key = rawKey === undefined || rawKey.trim() === '' ? null : rawKey.trim().slice(0, MAX_KEY_LENGTH + 1);
  return { ok: true, phone, key };
}

/** A rider with the key of an assignment; a missing key can match no order (the empty string never does). */
export const riderWithKey = (phone: string, key: string | null): Actor => ({ kind: 'rider', phone, key: key ?? '' });

export function riderNotFound(c: Context): Response {
  const body: ErrorBody = { error: { code: 'RIDER_ORDER_NOT_FOUND', message: catalogue.rider.orderNotFoundOrNotAssigned } };
  return c.json(body, 404);
}

type KeyCaller = { ok: true; phone: string; key: string | null; orderId: string } | { ok: false; response: Response };

/** Requests with the rider link's key (checked by the use case against the current assignment). */
export async function riderKeyCaller(c: Context, h: EscrowHttp, options: { allowQuery?: boolean } = {}): Promise<KeyCaller> {
  const creds = riderCredentials(c, options);
  if (!creds.ok) return creds;
  const limited = await rateLimited(c, { rateLimiter: h.rateLimiter, clock: h.deps.clock }, [[ESCROW_RATE_LIMITS.riderKeyPerAddress, h.address(c)]]);
  if (limited) return { ok: false, response: limited };
  const orderId = c.req.param('id') ?? '';
  if (!ORDER_ID_FORMAT.test(orderId)) return { ok: false, response: riderNotFound(c) };
  return { ok: true, phone: creds.phone, key: creds.key, orderId };
}
