import { err, ok, type Result } from '../errors.js';
import { cents, type Cents } from './cents.js';

/** 250 basis points = 2.5% of the product price. */
export const DEFAULT_FEE_BASIS_POINTS = 250;

export interface FeePolicy {
  readonly basisPoints: number;
}

export function feePolicy(basisPoints: number = DEFAULT_FEE_BASIS_POINTS): Result<FeePolicy> {
  if (!Number.isInteger(basisPoints) || basisPoints < 0 || basisPoints > 10_000) {
    return err('INVALID_AMOUNT', { detail: `fee basis points must be an integer 0..10000, got ${basisPoints}` });
  }
  return ok({ basisPoints });
}

/**
 * The service fee: price x basis points / 10,000, rounded half-up to the cent.
 * Integer arithmetic only: price <= 1e9 cents and bps <= 1e4 keep the product far below 2^53.
 */
export function serviceFee(price: Cents, policy: FeePolicy): Cents {
  const scaled = price * policy.basisPoints;
  return cents(Math.floor((scaled + 5_000) / 10_000));
}
