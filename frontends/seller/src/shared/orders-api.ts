import { requestJson, type ApiResult } from '@escrow/api-client/request';
import type { SellerEndpoints, SellerOrderChange } from '@escrow/api-client/contracts/seller';

// The seller's answers as the browser reads them: the core's views through Wire
// (@escrow/api-client/contracts/seller), checked in development. Types only: no core code is bundled.
export type {
  PublicOrder as PublicTrackingView,
  SellerRider as RiderView,
  SellerDashboard,
  SellerDashboardStats as SellerDashboardView,
  SellerOrderRow as SellerOrderSummary,
  SellerOrder as SellerOrderView,
} from '@escrow/api-client/contracts/seller';

/** The answer to a change of an order: its list row, links and the server's message. */
export type OrderChange = SellerOrderChange;

/** The answer of a route, by its contract. */
type Answer<E extends keyof SellerEndpoints> = SellerEndpoints[E];

const withSignal = (fallbackMessage: string, signal?: AbortSignal) => ({ fallbackMessage, ...(signal ? { signal } : {}) });
const idempotent = (fallbackMessage: string, key: string) => ({ fallbackMessage, headers: { 'Idempotency-Key': key } });
const orderPath = (orderId: string) => `/api/seller/orders/${encodeURIComponent(orderId)}`;

/**
 * The seller's orders, riders and dashboard (apps/api/src/features/seller/*-routes.ts). Every
 * change carries an Idempotency-Key made for that one action, so a retry after a lost answer
 * never does it twice.
 */
export const ordersApi = {
  dashboard: (signal?: AbortSignal) => requestJson<Answer<'GET /api/seller/dashboard'>>('GET', '/api/seller/dashboard', undefined, withSignal('', signal)),
  feePolicy: (signal?: AbortSignal) => requestJson<Answer<'GET /api/seller/fee-policy'>>('GET', '/api/seller/fee-policy', undefined, withSignal('', signal)),
  riders: (signal?: AbortSignal) => requestJson<Answer<'GET /api/seller/riders'>>('GET', '/api/seller/riders', undefined, withSignal('', signal)),
  addRider: (body: unknown, fallback: string, key: string) => requestJson<Answer<'POST /api/seller/riders'>>('POST', '/api/seller/riders', body, idempotent(fallback, key)),
  deleteRider: (riderId: string, fallback: string, key: string) =>
    requestJson<Answer<'DELETE /api/seller/riders/:id'>>('DELETE', `/api/seller/riders/${encodeURIComponent(riderId)}`, undefined, idempotent(fallback, key)),
  createOrder: (body: FormData, fallback: string, key: string) => requestJson<Answer<'POST /api/seller/orders'>>('POST', '/api/seller/orders', body, idempotent(fallback, key)),
  order: (orderId: string, signal?: AbortSignal) => requestJson<Answer<'GET /api/seller/orders/:id'>>('GET', orderPath(orderId), undefined, withSignal('', signal)),
  assignRider: (orderId: string, body: unknown, fallback: string, key: string) => requestJson<Answer<'POST /api/seller/orders/:id/rider'>>('POST', `${orderPath(orderId)}/rider`, body, idempotent(fallback, key)),
  removeRider: (orderId: string, fallback: string, key: string) => requestJson<Answer<'DELETE /api/seller/orders/:id/rider'>>('DELETE', `${orderPath(orderId)}/rider`, undefined, idempotent(fallback, key)),
  unlockCode: (orderId: string, fallback: string, key: string) => requestJson<Answer<'POST /api/seller/orders/:id/unlock-code'>>('POST', `${orderPath(orderId)}/unlock-code`, undefined, idempotent(fallback, key)),
  publicOrder: (orderId: string, signal?: AbortSignal): Promise<ApiResult<Answer<'GET /api/public/orders/:id'>>> =>
    requestJson<Answer<'GET /api/public/orders/:id'>>('GET', `/api/public/orders/${encodeURIComponent(orderId)}`, undefined, withSignal('', signal)),
};
