import { DarajaInputError } from './daraja-input-error.js';

// Checks run before a request is sent: cheaper and clearer than Daraja's "Bad Request - Invalid <Field>".

export function checkHttpUrl(field: string, value: string): void {
  let url: URL | undefined;
  try {
    url = new URL(value);
  } catch {
    url = undefined;
  }
  if (!url || (url.protocol !== 'https:' && url.protocol !== 'http:')) throw new DarajaInputError(field, `${field} must be an absolute http(s) URL, got "${value}"`);
}

/** Daraja takes whole shillings and refuses decimals ("Bad Request - Invalid Amount"). */
export function checkWholeShillings(field: string, value: number): void {
  if (!Number.isSafeInteger(value) || value <= 0) {
    throw new DarajaInputError(field, `${field} must be a whole positive number of shillings (Daraja refuses decimals), got ${value}`);
  }
}

/**
 * Words Safaricom refuses anywhere in a C2B URL (fact sheet: M-PESA, Safaricom, exe, exec, cmd,
 * sql, query). 'mpesa' is added: Safaricom's text also bars "similar keywords", and the Daraja
 * simulator refuses it; a URL that might be refused is cheaper to change before registering.
 */
export const FORBIDDEN_URL_WORDS: readonly string[] = ['m-pesa', 'mpesa', 'safaricom', 'exe', 'exec', 'cmd', 'sql', 'query'];

/** Register URL refuses URLs containing these words (any case); name the word instead of guessing. */
export function checkC2bUrl(field: string, value: string): void {
  checkHttpUrl(field, value);
  const lower = value.toLowerCase();
  const word = FORBIDDEN_URL_WORDS.find((forbidden) => lower.includes(forbidden));
  if (word) throw new DarajaInputError(field, `${field} contains "${word}", which Safaricom refuses in C2B URLs (M-PESA, mpesa, Safaricom, exe, exec, cmd, sql, query): "${value}"`);
}
