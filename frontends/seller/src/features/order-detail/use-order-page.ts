import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo } from 'react';
import { ApiFailure } from '@escrow/api-client/query';
import { ordersApi, type PublicTrackingView, type SellerOrderView } from '../../shared/orders-api.ts';
import { sellerApi } from '../../shared/seller-api.ts';
import { SELLER_KEY } from '../../shared/use-seller-data.ts';

/** What the visitor may see: everything (the order's own seller), tracking only, or nothing. */
export type OrderPage = { kind: 'seller'; order: SellerOrderView } | { kind: 'public'; view: PublicTrackingView } | { kind: 'not-found' };

export type OrderPageState = { kind: 'loading' } | { kind: 'failed'; status?: number } | { kind: 'loaded'; page: OrderPage };

/**
 * The seller's view when the visitor is signed in as the order's seller (the server decides:
 * another seller's order answers 404 like a missing one), else the public tracking view
 * (item, status, progress), else not found; on failure, the failed read's HTTP status. Throws
 * only on abort.
 */
async function loadOrderPage(orderId: string, signal?: AbortSignal): Promise<OrderPage | { failed: number }> {
  const session = await sellerApi.session();
  if (session.ok && session.data.account?.sellerId) {
    const own = await ordersApi.order(orderId, signal);
    if (own.ok) return { kind: 'seller', order: own.data };
    if (own.status !== 404 && own.status !== 401) return { failed: own.status };
  }
  const tracking = await ordersApi.publicOrder(orderId, signal);
  if (tracking.ok) return { kind: 'public', view: tracking.data };
  if (tracking.status === 404) return { kind: 'not-found' };
  console.warn('Loading the order failed', tracking.status, tracking.message);
  return { failed: tracking.status };
}

/**
 * Loads the order page through the page's query cache; `refresh` re-reads it in place (live
 * updates, the public poll) and keeps what is shown when that fails.
 */
export function useOrderPage(orderId: string) {
  const client = useQueryClient();
  const queryKey = useMemo(() => [...SELLER_KEY, 'order-page', orderId] as const, [orderId]);
  const query = useQuery({
    queryKey,
    queryFn: async ({ signal }) => {
      const page = await loadOrderPage(orderId, signal);
      if ('failed' in page) throw new ApiFailure({ ok: false, status: page.failed, code: 'LOAD_FAILED', message: '' });
      return page;
    },
  });
  useEffect(() => {
    if (query.errorUpdatedAt > 0 && !(query.error instanceof ApiFailure)) console.warn('Loading the order failed', query.error);
  }, [query.errorUpdatedAt, query.error]);

  const retry = useCallback(() => void client.resetQueries({ queryKey, exact: true }), [client, queryKey]);
  const refresh = useCallback(() => client.refetchQueries({ queryKey, exact: true }), [client, queryKey]);
  // A failed re-read keeps what is shown (live updates and the public poll try again by themselves).
  const state: OrderPageState = query.data !== undefined
    ? { kind: 'loaded', page: query.data }
    : query.isError
      ? { kind: 'failed', ...(query.error instanceof ApiFailure ? { status: query.error.status } : {}) }
      : { kind: 'loading' };
  return { state, retry, refresh };
}
