import { newIdempotencyKey } from '@escrow/ui/api/idempotency-key';
import { requestJson, type ApiResult } from './request.ts';

/**
 * Every state change of every remote goes through here: JSON with an Idempotency-Key
 * (docs/decisions/0011), so a retry after a lost answer or a double tap has one effect.
 */
export function sendOnce<T>(method: 'POST' | 'PUT' | 'DELETE', path: string, body: unknown, key: string, fallbackMessage: string): Promise<ApiResult<T>> {
  return requestJson<T>(method, path, body ?? {}, { fallbackMessage, headers: { 'Idempotency-Key': key } });
}

/** A failure with no final answer (no connection, a server fault, throttled): a retry sends the same key. */
export const isRetryable = (result: ApiResult<unknown>): boolean => !result.ok && (result.status === 0 || result.status >= 500 || result.status === 429);

/**
 * One key per action until the server has answered it for good: the same key goes out again
 * when the user retries after a lost answer, so a settlement or refund that did go through is
 * answered as done instead of being made twice. Keys come from `crypto.getRandomValues`
 * (`randomUUID` exists only on HTTPS and localhost pages).
 */
export class OnceKeys {
  private readonly keys = new Map<string, string>();

  keyFor(action: string): string {
    let key = this.keys.get(action);
    if (!key) {
      key = newIdempotencyKey();
      this.keys.set(action, key);
    }
    return key;
  }

  settled(action: string): void {
    this.keys.delete(action);
  }
}
