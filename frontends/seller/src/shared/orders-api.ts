import { requestJson, type ApiResult } from '@escrow/ui/api/request-json';
import type { OrderLinks, PublicTrackingView, RiderView, SellerDashboardView, SellerOrderSummary, SellerOrderView } from '@escrow/core';

// Types only: the core's view types describe the JSON the API answers (no core code is bundled).
export type { PublicTrackingView, RiderView, SellerDashboardView, SellerOrderSummary, SellerOrderView };

/** The answer to a change of an order: its list row, links and the server's message. */
export interface OrderChange {
  readonly order: SellerOrderSummary;
  readonly links: OrderLinks;
  readonly message?: string;
}

export interface SellerDashboard {
  readonly stats: SellerDashboardView;
  readonly recentOrders: readonly SellerOrderSummary[];
}

const withSignal = (fallbackMessage: string, signal?: AbortSignal) => ({ fallbackMessage, ...(signal ? { signal } : {}) });
const idempotent = (fallbackMessage: string, key: string) => ({ fallbackMessage, headers: { 'Idempotency-Key': key } });
const orderPath = (orderId: string) => `/api/seller/orders/${encodeURIComponent(orderId)}`;

/**
 * The seller's orders, riders and dashboard (apps/api/src/routes/seller-*-routes.ts). Every
 * change carries an Idempotency-Key made for that one action, so a retry after a lost answer
 * never does it twice.
 */
export const ordersApi = {
  dashboard: (signal?: AbortSignal) => requestJson<SellerDashboard>('GET', '/api/seller/dashboard', undefined, withSignal('', signal)),
  feePolicy: (signal?: AbortSignal) => requestJson<{ feeBasisPoints: number }>('GET', '/api/seller/fee-policy', undefined, withSignal('', signal)),
  riders: (signal?: AbortSignal) => requestJson<{ riders: RiderView[] }>('GET', '/api/seller/riders', undefined, withSignal('', signal)),
  addRider: (body: unknown, fallback: string, key: string) => requestJson<{ rider: RiderView; message: string }>('POST', '/api/seller/riders', body, idempotent(fallback, key)),
  deleteRider: (riderId: string, fallback: string, key: string) =>
    requestJson<{ riderId: string; message: string }>('DELETE', `/api/seller/riders/${encodeURIComponent(riderId)}`, undefined, idempotent(fallback, key)),
  createOrder: (body: FormData, fallback: string, key: string) => requestJson<{ order: SellerOrderView; message: string }>('POST', '/api/seller/orders', body, idempotent(fallback, key)),
  order: (orderId: string, signal?: AbortSignal) => requestJson<SellerOrderView>('GET', orderPath(orderId), undefined, withSignal('', signal)),
  assignRider: (orderId: string, body: unknown, fallback: string, key: string) => requestJson<OrderChange>('POST', `${orderPath(orderId)}/rider`, body, idempotent(fallback, key)),
  removeRider: (orderId: string, fallback: string, key: string) => requestJson<OrderChange>('DELETE', `${orderPath(orderId)}/rider`, undefined, idempotent(fallback, key)),
  unlockCode: (orderId: string, fallback: string, key: string) => requestJson<OrderChange>('POST', `${orderPath(orderId)}/unlock-code`, undefined, idempotent(fallback, key)),
  publicOrder: (orderId: string, signal?: AbortSignal): Promise<ApiResult<PublicTrackingView>> =>
    requestJson<PublicTrackingView>('GET', `/api/public/orders/${encodeURIComponent(orderId)}`, undefined, withSignal('', signal)),
};
