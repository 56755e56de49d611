import type { SellerDashboardFigures } from '../orders/seller-dashboard.js';

/** The stats cards (spec section 9): the figures plus the two ratios as display numbers. */
export function sellerDashboardView(figures: SellerDashboardFigures) {
  return {
    ...figures,
    /** e.g. 66.67 */
    completionRatePercent: figures.completionRateBasisPoints / 100,
    /** One decimal, e.g. 4.3; null before any feedback. */
    averageSellerRating: figures.averageSellerRatingTenths === null ? null : figures.averageSellerRatingTenths / 10,
  };
}

export type SellerDashboardView = ReturnType<typeof sellerDashboardView>;
