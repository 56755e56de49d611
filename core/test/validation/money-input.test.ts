import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { kshAmountField, MAX_KSH_INPUT_CENTS, parseKshToCents, parseOrFirstError } from '../../src/validation/index.js';

const formatCents = (cents: number): string =>
  `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;

describe('parseKshToCents', () => {
  it.each<[string | number, number]>([
    ['1499.99', 149_999],
    ['0', 0],
    ['0.00', 0],
    ['12', 1_200],
    ['12.5', 1_250],
    ['12.', 1_200],
    ['.5', 50],
    [' 250 ', 25_000],
    ['007.10', 710],
    ['10000000', MAX_KSH_INPUT_CENTS],
    ['10000000.00', MAX_KSH_INPUT_CENTS],
    // Each of these is off by one cent when done as Math.floor(float * 100).
    ['4.35', 435],
    ['0.29', 29],
    ['1.15', 115],
    [1499.99, 149_999],
    [4.35, 435],
    [0.29, 29],
    [-0, 0],
    [200, 20_000],
  ])('parses %j as %d cents', (input, cents) => {
    expect(parseKshToCents(input)).toBe(cents);
  });

  it.each<string | number>([
    '',
    '   ',
    '.',
    '-1',
    '-0.01',
    '+5',
    '1.999',
    '1.005',
    '1e3',
    '1E3',
    '0x10',
    'NaN',
    'Infinity',
    '1,000',
    '1 000',
    '12.3.4',
    'KSh 100',
    '10000000.01',
    '99999999999999999999',
    0.1 + 0.2, // 0.30000000000000004: more than 2 decimals, not silently rounded
    1e21,
    1e-7,
    -5,
    Number.NaN,
    Number.POSITIVE_INFINITY,
  ])('rejects %j', (input) => {
    expect(parseKshToCents(input)).toBeNull();
  });

  it('round-trips every cents value from 0 to KSh 10,000,000 written as a decimal string', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: MAX_KSH_INPUT_CENTS }), (cents) => {
        expect(parseKshToCents(formatCents(cents))).toBe(cents);
      }),
      { numRuns: 2_000 },
    );
  });

  it('round-trips every cents value given as the KSh number a form would send', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: MAX_KSH_INPUT_CENTS }), (cents) => {
        expect(parseKshToCents(cents / 100)).toBe(cents);
      }),
      { numRuns: 2_000 },
    );
  });

  it('rejects every amount above KSh 10,000,000', () => {
    fc.assert(
      fc.property(fc.integer({ min: MAX_KSH_INPUT_CENTS + 1, max: Number.MAX_SAFE_INTEGER }), (cents) => {
        expect(parseKshToCents(formatCents(cents))).toBeNull();
      }),
    );
  });

  it('rejects every amount with more than 2 decimals', () => {
    fc.assert(
      fc.property(fc.nat(), fc.stringMatching(/^\d{3,6}$/), (whole, fraction) => {
        expect(parseKshToCents(`${whole}.${fraction}`)).toBeNull();
      }),
    );
  });

  it('never throws on junk and only accepts plain decimals', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.double(), fc.stringMatching(/^[-+.eE0-9 ]{0,12}$/)), (input) => {
        const cents = parseKshToCents(input);
        if (cents === null) return;
        expect(Number.isSafeInteger(cents)).toBe(true);
        expect(cents).toBeGreaterThanOrEqual(0);
        expect(cents).toBeLessThanOrEqual(MAX_KSH_INPUT_CENTS);
        expect(String(input).trim()).toMatch(/^\d*\.?\d{0,2}$/);
      }),
    );
  });
});

describe('kshAmountField', () => {
  const price = kshAmountField({ required: 'Price is required', invalid: 'Bad price' });

  it('leaves as integer cents', () => {
    expect(price.parse('1499.99')).toBe(149_999);
    expect(price.parse(0)).toBe(0);
  });

  // An empty <input type="number"> reads as NaN through valueAsNumber.
  it.each([undefined, null, '', '  ', Number.NaN])('reports %j as required', (input) => {
    expect(parseOrFirstError(price, input)).toEqual({ ok: false, message: 'Price is required' });
  });

  it.each(['abc', '-1', '1.234', 1.234, Number.POSITIVE_INFINITY, -1])('reports %j as invalid', (input) => {
    expect(parseOrFirstError(price, input)).toEqual({ ok: false, message: 'Bad price' });
  });
});
