import { cents, computeOrderMoney, DEFAULT_FEE_BASIS_POINTS, feePolicy } from '@escrow/core';
import { describe, expect, it } from 'vitest';
import { FAQ_FEE_EXAMPLE, LANDING_FEE_EXAMPLE, SERVICE_FEE_PERCENT } from '../src/features/site-chrome/fee-examples.ts';

// The public pages show worked examples of the fee without downloading the core; this keeps
// them equal to what the core charges (PRODUCT-DECISIONS: 2.5% of the product price).
describe('the fee examples on the public pages', () => {
  const policy = feePolicy(DEFAULT_FEE_BASIS_POINTS);

  it('name the default fee', () => {
    expect(DEFAULT_FEE_BASIS_POINTS).toBe(250);
    expect(SERVICE_FEE_PERCENT).toBe('2.5%');
  });

  it.each([
    ['landing', LANDING_FEE_EXAMPLE],
    ['FAQ', FAQ_FEE_EXAMPLE],
  ])('the %s example is what the core computes when the buyer pays delivery', (_page, example) => {
    if (!policy.ok) throw new Error('the default fee policy is invalid');
    const money = computeOrderMoney({ price: cents(example.price), deliveryCost: cents(0), deliveryPaidBy: 'buyer', policy: policy.value });
    expect(money).toMatchObject({ ok: true, value: { serviceFee: example.serviceFee, sellerPayout: example.sellerPayout } });
  });
});
