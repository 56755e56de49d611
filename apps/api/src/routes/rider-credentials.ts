import { catalogue, type Actor } from '@escrow/core';
import { normalizeKenyanPhone } from '@escrow/core/validation';
import type { Context } from 'hono';
import type { ErrorBody } from '../http/error-handler.js';

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
