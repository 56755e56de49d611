import { requestJson } from '@escrow/api-client/request';

// One write helper for every remote (@escrow/api-client/write): Idempotency-Keys from the
// browser's CSPRNG, the same key again on a retry after a lost answer.
export { isRetryable, OnceKeys, sendOnce } from '@escrow/api-client/write';

/** GET with the session cookie; a missing message becomes ''. In development the answer is checked against its contract. */
export const getJson = <T>(path: string, signal?: AbortSignal) => requestJson<T>('GET', path, undefined, { fallbackMessage: '', ...(signal ? { signal } : {}) });

/** Turns query values into `?a=1&b=x`, leaving out empty ones. */
export function withQuery(path: string, query: Readonly<Record<string, string | number | undefined>>): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) {
    if (value !== undefined && value !== '') params.set(name, String(value));
  }
  const text = params.toString();
  return text ? `${path}?${text}` : path;
}
