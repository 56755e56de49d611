import { NETWORK_ERROR_MESSAGE, requestJson, SERVICE_UNAVAILABLE_MESSAGE, type ApiResult } from '@escrow/ui/api/request-json';

/**
 * A state change sent at most once: the request carries an Idempotency-Key (docs/decisions/0011),
 * and the same key is sent again when the admin retries after a lost answer, so a settlement
 * or refund that did go through is answered as done instead of being refused as a repeat.
 * The key is dropped once the server has given a final answer.
 */
export class OnceKeys {
  private readonly keys = new Map<string, string>();

  keyFor(action: string): string {
    let key = this.keys.get(action);
    if (!key) {
      key = crypto.randomUUID();
      this.keys.set(action, key);
    }
    return key;
  }

  settled(action: string): void {
    this.keys.delete(action);
  }
}

function messageOf(body: unknown): string | undefined {
  if (typeof body !== 'object' || body === null) return undefined;
  const error = (body as { error?: { message?: unknown } }).error;
  return typeof error?.message === 'string' && error.message ? error.message : undefined;
}

function codeOf(body: unknown): string {
  if (typeof body !== 'object' || body === null) return 'UNKNOWN';
  const error = (body as { error?: { code?: unknown } }).error;
  return typeof error?.code === 'string' ? error.code : 'UNKNOWN';
}

/** POST/PUT JSON with an Idempotency-Key; answers like `requestJson` of @escrow/ui. */
export async function sendOnce<T>(method: 'POST' | 'PUT', path: string, body: unknown, key: string, fallbackMessage: string): Promise<ApiResult<T>> {
  let response: Response;
  try {
    response = await fetch(path, {
      method,
      headers: { Accept: 'application/json', 'Content-Type': 'application/json', 'Idempotency-Key': key },
      body: JSON.stringify(body ?? {}),
      credentials: 'same-origin',
      cache: 'no-store',
    });
  } catch {
    return { ok: false, status: 0, code: 'NETWORK', message: NETWORK_ERROR_MESSAGE };
  }
  const parsed: unknown = await response.json().catch(() => undefined);
  if (response.ok) return { ok: true, status: response.status, data: (parsed as { data?: T } | undefined)?.data as T };
  if (response.status === 503) return { ok: false, status: 503, code: codeOf(parsed), message: SERVICE_UNAVAILABLE_MESSAGE };
  return { ok: false, status: response.status, code: codeOf(parsed), message: messageOf(parsed) ?? fallbackMessage };
}

/** A failure with no final answer: the same key must be sent again on a retry. */
export const isRetryable = (result: ApiResult<unknown>): boolean => !result.ok && (result.status === 0 || result.status >= 500 || result.status === 429);

/** GET with the session cookie; a missing message becomes ''. */
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
