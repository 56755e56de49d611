import type { DarajaError } from './daraja-error.js';

export const MAX_RETRIES = 3;
export const BASE_DELAY_MS = 250;

/**
 * Exponential backoff with "equal jitter": 125-250 ms, 250-500 ms, 500-1000 ms. The jitter
 * spreads out API processes that were throttled together, so they do not hit the spike arrest
 * again in step; the fixed half keeps every wait long enough to matter.
 */
export function backoffDelayMs(retry: number, random: () => number): number {
  const ceiling = BASE_DELAY_MS * 2 ** retry;
  return ceiling / 2 + (random() * ceiling) / 2;
}

/**
 * Throttling (spike arrest, quota) is retried for every call: Daraja refused the request
 * without processing it. A timeout or a broken connection is retried only for idempotent calls
 * (OAuth, STK Query). NEVER for STK Push or Transaction Status: the request may have reached
 * Safaricom, and a second push would prompt (and could charge) the customer twice; the caller
 * resolves an unanswered push with STK Query and an unanswered status request by asking again
 * with a new one later.
 */
export function shouldRetry(error: DarajaError, idempotent: boolean): boolean {
  if (error.kind === 'throttled') return true;
  if (error.kind === 'network' || error.kind === 'timeout') return idempotent;
  return false;
}
