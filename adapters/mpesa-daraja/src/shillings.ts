import type { Cents } from '@escrow/core';

/**
 * The smallest whole number of shillings that covers a price in cents: STK Push takes whole
 * shillings only (decimals are refused as "Invalid Amount"), and asking for less than the price
 * would leave the order short. Integer arithmetic only.
 */
export function wholeShillingsCovering(cents: number): number {
  if (!Number.isSafeInteger(cents) || cents < 0) throw new RangeError(`not a non-negative integer number of cents: ${cents}`);
  const remainder = cents % 100;
  const whole = (cents - remainder) / 100;
  return remainder === 0 ? whole : whole + 1;
}

/**
 * A decimal amount as Daraja writes it ("5", "5.0", "5.00", "1500.50") to integer cents, from
 * the digits, never through a float. `null` for anything else (signs, exponents, commas, a third
 * decimal, or more than a safe integer).
 */
export function decimalShillingsToCents(text: string): Cents | null {
  const match = /^(\d+)(?:\.(\d{1,2}))?$/.exec(text.trim());
  if (!match) return null;
  const whole = Number(match[1]);
  const fraction = Number((match[2] ?? '').padEnd(2, '0'));
  const cents = whole * 100 + fraction;
  return Number.isSafeInteger(cents) ? (cents as Cents) : null;
}
