import { err, ok, type Result } from '../errors.js';

declare const centsBrand: unique symbol;
/** Money in integer cents (KSh x 100). Floats never hold money. */
export type Cents = number & { readonly [centsBrand]: true };

/** KSh 10,000,000.00: the largest price an order may carry. */
export const MAX_PRICE_CENTS = 1_000_000_000 as Cents;

export function isCents(value: unknown): value is Cents {
  return typeof value === 'number' && Number.isSafeInteger(value) && value >= 0;
}

/** Accepts a non-negative safe integer as cents, or a coded error. */
export function toCents(value: unknown, max: number = Number.MAX_SAFE_INTEGER): Result<Cents> {
  if (!isCents(value)) return err('INVALID_AMOUNT', { detail: `not a non-negative integer number of cents: ${String(value)}` });
  if (value > max) return err('INVALID_AMOUNT', { detail: `amount ${value} exceeds ${max}` });
  return ok(value);
}

/** For values the code itself has proven to be whole non-negative cents. */
export function cents(value: number): Cents {
  if (!isCents(value)) throw new RangeError(`not a non-negative integer number of cents: ${value}`);
  return value;
}

export const ZERO = 0 as Cents;

export function addCents(a: Cents, b: Cents): Cents {
  return cents(a + b);
}

export function subtractCents(a: Cents, b: Cents): Cents {
  return cents(a - b);
}

export function sumCents(values: readonly Cents[]): Cents {
  return cents(values.reduce<number>((total, v) => total + v, 0));
}

/** 'KSh 12,345.00' with en-KE grouping; digits are built from integers, never from a float. */
export function formatKsh(amount: Cents): string {
  const shillings = Math.trunc(amount / 100);
  const rest = amount % 100;
  const grouped = shillings.toString().replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `KSh ${grouped}.${rest.toString().padStart(2, '0')}`;
}
