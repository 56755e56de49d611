import { describe, expect, it } from 'vitest';
import { formatKsh } from '../src/format/format-ksh.ts';

describe('formatKsh', () => {
  it.each([
    [0, 'KSh 0.00'],
    [5, 'KSh 0.05'],
    [99, 'KSh 0.99'],
    [100, 'KSh 1.00'],
    [1_234_500, 'KSh 12,345.00'],
    [123_456_789, 'KSh 1,234,567.89'],
    [-250, '-KSh 2.50'],
    [Number.MAX_SAFE_INTEGER, 'KSh 90,071,992,547,409.91'],
  ])('formats %i cents as %s', (cents, expected) => {
    expect(formatKsh(cents)).toBe(expected);
  });

  it.each([12.5, Number.NaN, Number.POSITIVE_INFINITY, 2 ** 53])('refuses %s, which is not integer cents', (value) => {
    expect(() => formatKsh(value)).toThrow(RangeError);
  });
});
