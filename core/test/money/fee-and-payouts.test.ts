import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { cents, computeOrderMoney, feePolicy, formatKsh, MAX_PRICE_CENTS, serviceFee, toCents, type Cents, type FeePolicy } from '../../src/index.js';

const policy = (bps = 250): FeePolicy => {
  const p = feePolicy(bps);
  if (!p.ok) throw new Error('bad policy');
  return p.value;
};
const priceArb = fc.integer({ min: 0, max: MAX_PRICE_CENTS }).map((n) => cents(n));

describe('the fee policy', () => {
  it('is 2.5% of the price, rounded half-up to the cent', () => {
    expect(serviceFee(cents(100_000_00), policy())).toBe(2_500_00);
    expect(serviceFee(cents(20), policy())).toBe(1); // 0.5 cent rounds up
    expect(serviceFee(cents(19), policy())).toBe(0); // 0.475 cent rounds down
    expect(serviceFee(cents(60), policy())).toBe(2); // 1.5 cents rounds up
    expect(serviceFee(cents(149_999), policy())).toBe(3_750); // 3749.975 -> 3750
    expect(serviceFee(cents(0), policy())).toBe(0);
    expect(serviceFee(MAX_PRICE_CENTS, policy())).toBe(25_000_000);
  });

  it('equals the exact rational fee rounded half-up, for every price and rate', () => {
    fc.assert(
      fc.property(priceArb, fc.integer({ min: 0, max: 10_000 }), (price, bps) => {
        const fee = serviceFee(price, policy(bps));
        const exactTimes10k = BigInt(price) * BigInt(bps);
        const expected = (exactTimes10k * 2n + 10_000n) / 20_000n; // floor(x + 1/2)
        expect(BigInt(fee)).toBe(expected);
      }),
      { numRuns: 20_000 },
    );
  });

  it('refuses a rate that is not whole basis points in 0..10000', () => {
    for (const bad of [-1, 10_001, 2.5, Number.NaN]) expect(feePolicy(bad)).toMatchObject({ ok: false, error: { code: 'INVALID_AMOUNT' } });
  });
});

describe('payouts', () => {
  it('fee + payouts (+ delivery deduction) == price for every price from KSh 0 to KSh 10,000,000.00', () => {
    let checked = 0;
    fc.assert(
      fc.property(priceArb, fc.integer({ min: 0, max: MAX_PRICE_CENTS }), fc.constantFrom('buyer' as const, 'seller' as const), fc.integer({ min: 0, max: 10_000 }), (price, cost, paidBy, bps) => {
        checked += 1;
        const money = computeOrderMoney({ price, deliveryCost: cents(cost), deliveryPaidBy: paidBy, policy: policy(bps) });
        if (!money.ok) {
          // Only refused when the seller pays a delivery cost larger than price - fee.
          expect(money.error.code).toBe('DELIVERY_COST_EXCEEDS_PROCEEDS');
          expect(paidBy).toBe('seller');
          expect(cost).toBeGreaterThan(price - serviceFee(price, policy(bps)));
          return;
        }
        const m = money.value;
        expect(m.serviceFee + m.sellerPayout + m.deliveryDeduction).toBe(price);
        expect(m.riderPayout).toBe(cost);
        expect(m.sellerPayout).toBeGreaterThanOrEqual(0);
        for (const v of [m.serviceFee, m.sellerPayout, m.riderPayout]) expect(Number.isSafeInteger(v)).toBe(true);
        expect(m.deliveryDeduction).toBe(paidBy === 'seller' ? cost : 0);
      }),
      { numRuns: 20_000 },
    );
    expect(checked).toBe(20_000);
  });

  it('holds at the edges of the range too', () => {
    for (const price of [0, 1, 19, 20, 39, 40, 99, 100, 999_999_999, MAX_PRICE_CENTS] as Cents[]) {
      for (const paidBy of ['buyer', 'seller'] as const) {
        const m = computeOrderMoney({ price, deliveryCost: cents(0), deliveryPaidBy: paidBy, policy: policy() });
        if (!m.ok) throw new Error(m.error.code);
        expect(m.value.serviceFee + m.value.sellerPayout).toBe(price);
      }
    }
  });

  it('rejects a seller-paid delivery cost above price - fee with a coded error', () => {
    const m = computeOrderMoney({ price: cents(1_000_00), deliveryCost: cents(975_01), deliveryPaidBy: 'seller', policy: policy() });
    expect(m).toMatchObject({ ok: false, error: { code: 'DELIVERY_COST_EXCEEDS_PROCEEDS' } });
    const edge = computeOrderMoney({ price: cents(1_000_00), deliveryCost: cents(975_00), deliveryPaidBy: 'seller', policy: policy() });
    expect(edge).toMatchObject({ ok: true, value: { sellerPayout: 0, serviceFee: 25_00 } });
  });
});

describe('cents', () => {
  it('rejects negative, fractional, non-numeric and oversized amounts with INVALID_AMOUNT', () => {
    for (const bad of [-1, 0.5, 1.005, Number.NaN, Infinity, '100', null, undefined, 2 ** 53]) {
      expect(toCents(bad)).toMatchObject({ ok: false, error: { code: 'INVALID_AMOUNT' } });
    }
    expect(toCents(MAX_PRICE_CENTS + 1, MAX_PRICE_CENTS)).toMatchObject({ ok: false, error: { code: 'INVALID_AMOUNT' } });
    expect(toCents(0)).toEqual({ ok: true, value: 0 });
  });

  it('formats KSh with en-KE grouping and two decimals', () => {
    expect(formatKsh(cents(1_234_500))).toBe('KSh 12,345.00');
    expect(formatKsh(cents(5))).toBe('KSh 0.05');
    expect(formatKsh(MAX_PRICE_CENTS)).toBe('KSh 10,000,000.00');
  });
});
