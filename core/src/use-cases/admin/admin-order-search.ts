import { TRACKING_ALPHABET } from '../../codes/tracking-number.js';
import type { AdminOrderSearch } from '../../ports/admin-queries.js';
import { normalizeKenyanPhone } from '../../validation/phone.js';

/** Longer input is not a search anyone types; the route refuses it. */
export const MAX_SEARCH_LENGTH = 100;

/**
 * What the admin's search box may mean (issue 6): a tracking number (any case, spaces
 * ignored), a buyer phone written any accepted way (0712 345 678, 254712345678,
 * +254 712 345 678) or part of a seller's business name. Each reading that fits is tried; an
 * order matching any of them is found. Blank input is no search at all.
 */
export function adminOrderSearch(input: string | undefined): AdminOrderSearch | undefined {
  const text = typeof input === 'string' ? input.trim().slice(0, MAX_SEARCH_LENGTH) : '';
  if (text === '') return undefined;
  const compact = text.replace(/\s+/g, '').toUpperCase();
  const tracking = compact.length <= 12 && [...compact].every((ch) => TRACKING_ALPHABET.includes(ch)) ? compact : null;
  return { trackingNumber: tracking, buyerPhone: normalizeKenyanPhone(text), businessName: text };
}
