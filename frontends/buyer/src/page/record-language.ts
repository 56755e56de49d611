import type { Locale } from '@escrow/core/i18n';
import { deliveryCodeStorageKey } from '@escrow/ui/order/delivery-code-key';

/**
 * The buyer's own language choice (the EN | SW switch) for the texts we send them (decision
 * 0066): recorded on the order with the link's key this phone keeps, as every buyer call is
 * authorised. A plain fetch, best-effort: the page changes language either way, and without a
 * kept key (the order never opened here) there is nothing to record.
 */
export function recordBuyerLanguage(orderId: string, locale: Locale): void {
  let key: unknown = null;
  try {
    key = JSON.parse(localStorage.getItem(deliveryCodeStorageKey(orderId)) ?? 'null');
  } catch {
    return;
  }
  if (typeof key !== 'string' || key === '' || orderId === '') return;
  fetch(`/api/buyer/orders/${encodeURIComponent(orderId)}/locale`, {
    method: 'PUT',
    headers: { 'Content-Type': 'application/json', 'X-Delivery-Code': key },
    body: JSON.stringify({ locale }),
  }).catch(() => undefined);
}
