import type { RefundRequest } from '../ports/records.js';
import type { ListPageView } from './admin-answers.js';
import type { SellerDashboardView } from './seller-dashboard-view.js';
import type { OrderLinks, RiderView, SellerOrderSummary, SellerOrderView } from './seller-order-view.js';

// The answers of /api/seller that its routes put together from the views (apps/api/src/features/seller/*-routes.ts,
// each checked with `satisfies Wire<...>`): the seller's screens read them as Wire<...> (@escrow/api-client/contracts/seller).

/** GET /api/seller/dashboard: the stats cards and the latest orders. */
export interface SellerDashboardAnswer {
  readonly stats: SellerDashboardView;
  readonly recentOrders: readonly SellerOrderSummary[];
}

/** GET /api/seller/orders. */
export interface SellerOrdersAnswer extends ListPageView {
  readonly orders: readonly SellerOrderSummary[];
}

/** GET /api/seller/fee-policy: the service fee every new order pays. */
export interface FeePolicyAnswer {
  readonly feeBasisPoints: number;
}

/** GET /api/seller/riders. */
export interface RidersAnswer {
  readonly riders: readonly RiderView[];
}

/** POST /api/seller/riders. */
export interface RiderAdded {
  readonly rider: RiderView;
  readonly message: string;
}

/** DELETE /api/seller/riders/:id. */
export interface RiderDeleted {
  readonly riderId: string;
  readonly message: string;
}

/** POST /api/seller/orders: the new order as its seller sees it. */
export interface SellerOrderCreated {
  readonly order: SellerOrderView;
  readonly message: string;
}

/** A change of an order (rider assigned or removed, code unlocked, cancelled): its list row and links. */
export interface SellerOrderChanged {
  readonly order: SellerOrderSummary;
  readonly links: OrderLinks;
  readonly message?: string;
}

/** A refund request as recorded for its requester (seller, rider or buyer). */
export interface RefundRequestRecorded {
  readonly refundRequest: Pick<RefundRequest, 'id' | 'status' | 'reason' | 'createdAt'>;
  readonly message: string;
}
