import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { averageCents, divideHalfUp, sellerDashboardFigures, type Cents, type Order } from '../../src/index.js';

type Row = Pick<Order, 'status' | 'paymentConfirmed' | 'sellerPayout'>;
const row = (status: Order['status'], sellerPayout: number, paymentConfirmed = true): Row => ({ status, paymentConfirmed, sellerPayout: sellerPayout as Cents });

describe('sellerDashboardFigures (spec section 9)', () => {
  it('counts pending, completed and settled orders; revenue is seller payouts of settled orders only', () => {
    const figures = sellerDashboardFigures(
      [row('awaiting_payment', 100, false), row('cancelled', 100, false), row('paid', 200), row('awaiting_settlement', 300), row('settlement_completed', 1_000), row('settlement_completed', 2_001), row('completed', 500, false)],
      [4, 4, 4, 5],
    );
    expect(figures).toEqual({
      totalOrders: 7,
      pendingOrders: 1,
      completedOrders: 3,
      settledOrders: 2,
      revenue: 3_001,
      // 3001 / 2 = 1500.5 -> 1501 (half-up)
      averageOrderValue: 1_501,
      // 3 / 7 = 42.857% -> 4286 basis points
      completionRateBasisPoints: 4_286,
      sellerRatingCount: 4,
      // 17 / 4 = 4.25 -> 4.3 (half-up)
      averageSellerRatingTenths: 43,
    });
  });

  it('is all zeros without orders and has no rating without feedback', () => {
    expect(sellerDashboardFigures([], [])).toMatchObject({ totalOrders: 0, revenue: 0, averageOrderValue: 0, completionRateBasisPoints: 0, averageSellerRatingTenths: null });
  });

  it('divideHalfUp is the half-up rounding of the exact quotient', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1e12 }), fc.integer({ min: 1, max: 1e6 }), (n, d) => {
        const q = divideHalfUp(n, d);
        // q - 1/2 <= n/d < q + 1/2, in integers: 2dq - d <= 2n < 2dq + d
        expect(2 * d * q - d <= 2 * n && 2 * n < 2 * d * q + d).toBe(true);
      }),
    );
    expect(divideHalfUp(5, 0)).toBe(0);
    expect(averageCents(5 as Cents, 2)).toBe(3);
    expect(() => divideHalfUp(-1, 2)).toThrow(RangeError);
  });
});
