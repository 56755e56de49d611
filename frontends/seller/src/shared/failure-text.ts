import type { ApiResult } from '@escrow/ui/api/request-json';
import { localText, sellerText } from '../i18n/use-seller-t.ts';

type Failure = Extract<ApiResult<unknown>, { ok: false }>;

/**
 * What a failed action says (spec section 8: the server's message where it gave one, else the
 * screen's own fallback). A refusal (4xx) carries the server's reason, e.g. 'Please fill in
 * all fields'; a server fault (5xx) has nothing useful to add, so the fallback is shown,
 * except a 503, which says the service is briefly unavailable; no answer at all gets the
 * fallback and a word about the connection. The server's catalogue texts are shown in the
 * page's language (`fallback` is already in it).
 */
export function failureText(result: Failure, fallback: string): string {
  if (result.status === 0) return sellerText('seller.failure.noConnection', { fallback });
  if (result.status === 503) return localText(result.message);
  if (result.status >= 500) return fallback;
  return result.message ? localText(result.message) : fallback;
}
