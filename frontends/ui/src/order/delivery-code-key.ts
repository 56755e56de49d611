import { isWellFormedDeliveryCode } from '@escrow/core/rules';

/**
 * The localStorage key under which a visitor's delivery code for one order is kept (spec
 * section 9): written by the buyer page from the buyer link, read by the order page's
 * delivery-code card. The value is JSON (jotai's JSON storage), so a string in quotes.
 */
export function deliveryCodeStorageKey(orderId: string): string {
  return `delivery-code:${orderId}`;
}

/** The stored code of one order, or null (absent, unreadable or no delivery code: `@escrow/core/rules`). */
export function readStoredDeliveryCode(orderId: string): string | null {
  try {
    const raw = localStorage.getItem(deliveryCodeStorageKey(orderId));
    const value: unknown = raw === null ? null : JSON.parse(raw);
    return isWellFormedDeliveryCode(value) ? value : null;
  } catch {
    return null;
  }
}
