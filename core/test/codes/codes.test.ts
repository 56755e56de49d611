import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  checkDeliveryCode,
  constantTimeEqual,
  cryptoRandom,
  generateDeliveryCode,
  generateTrackingNumber,
  isTrackingNumber,
  MAX_WRONG_CODE_ATTEMPTS,
  parseDeliveryCode,
  TRACKING_ALPHABET,
} from '../../src/index.js';

describe('delivery codes', () => {
  it('are 6 digits from 100000 to 999999 and spread over the range', () => {
    const seen = new Set<string>();
    let low = 0;
    for (let i = 0; i < 20_000; i += 1) {
      const code = generateDeliveryCode(cryptoRandom);
      expect(code).toMatch(/^[1-9]\d{5}$/);
      const n = Number(code);
      expect(n).toBeGreaterThanOrEqual(100_000);
      expect(n).toBeLessThanOrEqual(999_999);
      if (n < 550_000) low += 1;
      seen.add(code);
    }
    expect(seen.size).toBeGreaterThan(19_500);
    expect(low / 20_000).toBeGreaterThan(0.47);
    expect(low / 20_000).toBeLessThan(0.53);
  });

  it('parse only 6-digit codes in range, refusing 5-digit and junk input with a coded error', () => {
    expect(parseDeliveryCode(' 123456 ')).toEqual({ ok: true, value: '123456' });
    for (const bad of ['12345', '1234567', '012345', '099999', 'abcdef', '', null, 12.5, '12 345']) {
      expect(parseDeliveryCode(bad)).toMatchObject({ ok: false, error: { code: 'INVALID_DELIVERY_CODE_FORMAT' } });
    }
    fc.assert(fc.property(fc.anything(), (junk) => void parseDeliveryCode(junk)));
  });

  it('lock entry on the fifth wrong attempt', () => {
    expect(MAX_WRONG_CODE_ATTEMPTS).toBe(5);
    const steps = [0, 1, 2, 3, 4].map((so) => checkDeliveryCode('123456', '654321', so, constantTimeEqual));
    expect(steps.map((s) => (s.outcome === 'wrong' ? s.locked : null))).toEqual([false, false, false, false, true]);
    expect(checkDeliveryCode('123456', '123456', 4, constantTimeEqual)).toEqual({ outcome: 'accepted' });
  });

  it('compare in constant time but correctly', () => {
    fc.assert(
      fc.property(fc.string(), fc.string(), (a, b) => {
        expect(constantTimeEqual(a, b)).toBe(a === b);
      }),
    );
    expect(constantTimeEqual('123456', '123456')).toBe(true);
    expect(constantTimeEqual('123456', '12345')).toBe(false);
  });
});

describe('tracking numbers', () => {
  it('are at most 12 characters of an alphabet with no 0/O/1/I/L, and unique in practice', () => {
    expect(TRACKING_ALPHABET).not.toMatch(/[01OIL]/);
    const seen = new Set<string>();
    for (let i = 0; i < 20_000; i += 1) {
      const tn = generateTrackingNumber(cryptoRandom);
      expect(tn.length).toBeLessThanOrEqual(12);
      expect(isTrackingNumber(tn)).toBe(true);
      seen.add(tn);
    }
    expect(seen.size).toBe(20_000);
    expect(isTrackingNumber('ABC0')).toBe(false);
    expect(isTrackingNumber('')).toBe(false);
  });
});
