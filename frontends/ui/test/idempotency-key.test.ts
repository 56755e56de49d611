import { describe, expect, it } from 'vitest';
import { idempotencyKeys, newIdempotencyKey } from '../src/api/idempotency-key.ts';

describe('Idempotency-Keys from the browser', () => {
  it('are 32 hex digits (the API takes 16 to 128 of [A-Za-z0-9_:.-]) and never repeat', () => {
    const keys = new Set(Array.from({ length: 1000 }, newIdempotencyKey));
    expect(keys.size).toBe(1000);
    for (const key of keys) expect(key).toMatch(/^[0-9a-f]{32}$/);
  });

  it('keep one key for a retried request, a new key for a different one or after an answer', () => {
    const keys = idempotencyKeys();
    const first = keys.keyFor('NLJ7RT61SV');
    expect(keys.keyFor('NLJ7RT61SV')).toBe(first);
    const other = keys.keyFor('QWERTY1234');
    expect(other).not.toBe(first);
    keys.settle('NLJ7RT61SV'); // an answer for a request no longer current changes nothing
    expect(keys.keyFor('QWERTY1234')).toBe(other);
    keys.settle('QWERTY1234');
    expect(keys.keyFor('QWERTY1234')).not.toBe(other);
  });
});
