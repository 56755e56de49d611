import type { Random } from '../ports/random.js';

/** CSPRNG-backed Random: rejection sampling keeps every integer equally likely. */
export const cryptoRandom: Random = {
  int(min, maxExclusive) {
    const range = maxExclusive - min;
    if (!Number.isSafeInteger(min) || !Number.isSafeInteger(range) || range <= 0 || range > 2 ** 32) {
      throw new RangeError(`bad range [${min}, ${maxExclusive})`);
    }
    const limit = 2 ** 32 - (2 ** 32 % range);
    const buffer = new Uint32Array(1);
    for (;;) {
      const value = globalThis.crypto.getRandomValues(buffer)[0] ?? 0;
      if (value < limit) return min + (value % range);
    }
  },
  uuid() {
    return globalThis.crypto.randomUUID();
  },
  token(bytes) {
    const raw = globalThis.crypto.getRandomValues(new Uint8Array(bytes));
    let binary = '';
    for (const b of raw) binary += String.fromCharCode(b);
    return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
  },
};
