import { useCallback, useEffect, useRef, useState } from 'react';
import { ordersApi, type PublicTrackingView, type SellerOrderView } from '../../shared/orders-api.ts';
import { sellerApi } from '../../shared/seller-api.ts';

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
  const session = await sellerApi.session(signal);
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

/** Loads the order page; `refresh` re-reads it in place (live updates) and keeps it on failure. */
export function useOrderPage(orderId: string) {
  const [state, setState] = useState<OrderPageState>({ kind: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const mounted = useRef(true);

  useEffect(() => {
    mounted.current = true;
    const controller = new AbortController();
    loadOrderPage(orderId, controller.signal)
      .then((page) => {
        if (!controller.signal.aborted) setState('failed' in page ? { kind: 'failed', status: page.failed } : { kind: 'loaded', page });
      })
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        console.warn('Loading the order failed', error);
        setState({ kind: 'failed' });
      });
    return () => {
      mounted.current = false;
      controller.abort();
    };
  }, [orderId, attempt]);

  const retry = useCallback(() => {
    setState({ kind: 'loading' });
    setAttempt((n) => n + 1);
  }, []);

  const refresh = useCallback(async () => {
    const page = await loadOrderPage(orderId).catch(() => null);
    // A failed re-read keeps what is shown (live updates and the public poll retry by themselves).
    if (mounted.current && page && !('failed' in page)) setState({ kind: 'loaded', page });
  }, [orderId]);

  return { state, retry, refresh };
}
