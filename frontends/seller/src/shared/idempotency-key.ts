/**
 * A fresh random Idempotency-Key (32 hex digits). `crypto.getRandomValues` works on plain http
 * too, where `crypto.randomUUID` does not exist (a shop's laptop on the local network).
 */
export function newIdempotencyKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}
