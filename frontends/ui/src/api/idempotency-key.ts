/**
 * A fresh Idempotency-Key (docs/decisions/0011): 32 hex digits from the browser's CSPRNG.
 * `crypto.getRandomValues` rather than `randomUUID`, which browsers offer only on HTTPS or
 * localhost pages.
 */
export function newIdempotencyKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/**
 * One key per logical attempt: a retry of the same request (after a network error, a double
 * tap) reuses the key, so the server runs it at most once; a different request gets a new key.
 */
export function idempotencyKeys(): { keyFor(fingerprint: string): string; settle(fingerprint: string): void } {
  let current: { fingerprint: string; key: string } | null = null;
  return {
    keyFor(fingerprint) {
      if (current?.fingerprint !== fingerprint) current = { fingerprint, key: newIdempotencyKey() };
      return current.key;
    },
    /** The server answered this request for good (success or a refusal): the next one is new. */
    settle(fingerprint) {
      if (current?.fingerprint === fingerprint) current = null;
    },
  };
}
