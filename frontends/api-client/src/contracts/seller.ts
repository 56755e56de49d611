import type {
  FeePolicyAnswer,
  OrderLinks,
  PayoutDetailsView,
  PublicTrackingView,
  RefundRequestRecorded,
  RiderAdded,
  RiderDeleted,
  RidersAnswer,
  RiderView,
  SellerDashboardAnswer,
  SellerDashboardView,
  SellerOrderChanged,
  SellerOrderCreated,
  SellerOrdersAnswer,
  SellerOrderSummary,
  SellerOrderView,
  SellerProfileView,
} from '@escrow/core';
import type { Wire } from '../wire.ts';

// The answers of /api/seller (and the public order) as the browser reads them: the core's views
// and the answers its routes build from them (core/src/views/seller-*.ts), through Wire. Types only.

export type SellerProfile = Wire<SellerProfileView>;
export type SellerPayoutDetails = Wire<PayoutDetailsView>;
export type SellerDashboard = Wire<SellerDashboardAnswer>;
export type SellerDashboardStats = Wire<SellerDashboardView>;
export type SellerOrderRow = Wire<SellerOrderSummary>;
export type SellerOrder = Wire<SellerOrderView>;
export type SellerOrderLinks = Wire<OrderLinks>;
export type SellerOrderChange = Wire<SellerOrderChanged>;
export type SellerRider = Wire<RiderView>;
export type PublicOrder = Wire<PublicTrackingView>;

/** Every call of the seller's screens, by method and route (apps/api/src/features/seller/*-routes.ts), and its answer. */
export interface SellerEndpoints {
  'GET /api/seller/profile': SellerProfile;
  'POST /api/seller/profile': SellerProfile;
  'PUT /api/seller/profile/business-details': SellerProfile;
  'PUT /api/seller/profile/about': SellerProfile;
  'PUT /api/seller/profile/payout-details': SellerProfile;
  'PUT /api/seller/profile/notifications': SellerProfile;
  'PUT /api/seller/profile/logo': SellerProfile;
  'DELETE /api/seller/profile/logo': SellerProfile;
  'GET /api/seller/dashboard': SellerDashboard;
  'GET /api/seller/orders': Wire<SellerOrdersAnswer>;
  'GET /api/seller/fee-policy': Wire<FeePolicyAnswer>;
  'GET /api/seller/riders': Wire<RidersAnswer>;
  'POST /api/seller/riders': Wire<RiderAdded>;
  'DELETE /api/seller/riders/:id': Wire<RiderDeleted>;
  'POST /api/seller/orders': Wire<SellerOrderCreated>;
  'GET /api/seller/orders/:id': SellerOrder;
  'POST /api/seller/orders/:id/cancel': SellerOrderChange;
  'POST /api/seller/orders/:id/rider': SellerOrderChange;
  'DELETE /api/seller/orders/:id/rider': SellerOrderChange;
  'POST /api/seller/orders/:id/unlock-code': SellerOrderChange;
  'POST /api/seller/orders/:id/refund-request': Wire<RefundRequestRecorded>;
  'GET /api/public/orders/:id': PublicOrder;
}
