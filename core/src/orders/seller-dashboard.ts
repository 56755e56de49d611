import { averageCents, divideHalfUp } from '../money/average.js';
import { sumCents, type Cents } from '../money/cents.js';
import type { Order } from './order.js';
import type { OrderStatus } from './order-status.js';

/**
 * Orders whose delivery is finished and closed: escrow orders settled to the seller, and cash
 * orders (which end in `completed` and are never settled through escrow).
 */
export const COMPLETED_ORDER_STATUSES: readonly OrderStatus[] = ['settlement_completed', 'completed'];

/**
 * The seller dashboard's figures (spec section 9; PRODUCT-DECISIONS, Money). Counts are whole
 * numbers, money is integer cents, ratios are integers in fixed units, so the SQL read model
 * and this function agree to the last digit:
 * - `pendingOrders`: payment not confirmed and not cancelled, nor a finished cash order (cash is
 *   collected at the door and never "confirmed"; a delivered cash order is not pending);
 * - `revenue`: the sum of `seller_payout` over `settlement_completed` orders;
 * - `averageOrderValue`: revenue / the orders it was summed over (`settledOrders`), half-up to
 *   the cent (docs/decisions/0020: cash orders earn no escrow revenue, so counting them would
 *   understate the average);
 * - `completionRateBasisPoints`: completed orders (settled or cash-completed) per order, in
 *   1/100 of a percent, half-up (7500 = 75.00%);
 * - `averageSellerRatingTenths`: the mean seller rating of the buyers' feedback in tenths,
 *   half-up (43 = 4.3), null without feedback.
 */
export interface SellerDashboardFigures {
  readonly totalOrders: number;
  readonly pendingOrders: number;
  readonly completedOrders: number;
  readonly settledOrders: number;
  readonly revenue: Cents;
  readonly averageOrderValue: Cents;
  readonly completionRateBasisPoints: number;
  readonly sellerRatingCount: number;
  readonly averageSellerRatingTenths: number | null;
}

/** The rule itself, over orders in memory: the reference the SQL read model is tested against. */
export function sellerDashboardFigures(
  orders: readonly Pick<Order, 'status' | 'paymentConfirmed' | 'sellerPayout'>[],
  sellerRatings: readonly number[],
): SellerDashboardFigures {
  const settled = orders.filter((o) => o.status === 'settlement_completed');
  const completedOrders = orders.filter((o) => COMPLETED_ORDER_STATUSES.includes(o.status)).length;
  const revenue = sumCents(settled.map((o) => o.sellerPayout));
  const ratingSum = sellerRatings.reduce((total, rating) => total + rating, 0);
  return {
    totalOrders: orders.length,
    pendingOrders: orders.filter((o) => !o.paymentConfirmed && o.status !== 'cancelled' && o.status !== 'completed').length,
    completedOrders,
    settledOrders: settled.length,
    revenue,
    averageOrderValue: averageCents(revenue, settled.length),
    completionRateBasisPoints: divideHalfUp(completedOrders * 10_000, orders.length),
    sellerRatingCount: sellerRatings.length,
    averageSellerRatingTenths: sellerRatings.length === 0 ? null : divideHalfUp(ratingSum * 10, sellerRatings.length),
  };
}
