import type { Locale } from '@escrow/core/i18n';
import { readRiderKey } from '../shared/rider-storage.ts';

/**
 * The rider's own language choice (the EN | SW switch) for the texts we send them (decision
 * 0066): recorded with the job link's phone and key this phone keeps, as the job's other calls
 * are authorised. A plain fetch, best-effort; on the job lists (no job's key) nothing is sent.
 */
export function recordRiderLanguage(orderId: string, locale: Locale): void {
  const stored = orderId === '' ? null : readRiderKey(orderId);
  if (!stored) return;
  fetch(`/api/rider/orders/${encodeURIComponent(orderId)}/locale`, {
    method: 'PUT',
    headers: { 'Content-Type': 'application/json', 'X-Rider-Phone': stored.phone, 'X-Rider-Key': stored.key },
    body: JSON.stringify({ locale }),
  }).catch(() => undefined);
}
