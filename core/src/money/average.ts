import { cents, type Cents } from './cents.js';

/**
 * `numerator / denominator` for non-negative integers, rounded half-up to an integer; 0 when
 * the denominator is 0. The same integer formula `(2n + d) / (2d)`, truncated, is what the
 * SQL read models compute, so the database and the core can never round differently.
 */
export function divideHalfUp(numerator: number, denominator: number): number {
  if (!Number.isSafeInteger(numerator) || !Number.isSafeInteger(denominator) || numerator < 0 || denominator < 0) {
    throw new RangeError(`divideHalfUp needs non-negative integers, got ${numerator} / ${denominator}`);
  }
  if (denominator === 0) return 0;
  return Math.floor((2 * numerator + denominator) / (2 * denominator));
}

/** The average of `total` over `count` items, rounded half-up to the cent; zero for no items. */
export function averageCents(total: Cents, count: number): Cents {
  return cents(divideHalfUp(total, count));
}
