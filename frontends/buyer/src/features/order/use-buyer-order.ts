import { useEffect, useState } from 'react';
import { fetchBuyerOrder, type BuyerOrderResult } from './fetch-buyer-order.ts';

export type BuyerOrderState = { kind: 'loading' } | BuyerOrderResult;

interface Settled {
  /** Which order and code the result answers; a newer request makes it stale. */
  key: string;
  result: BuyerOrderResult;
}

/**
 * Loads the order whenever the order id or the delivery code changes; null while there is
 * no code to ask with. Loading is derived (no settled result for the current request yet).
 */
export function useBuyerOrder(orderId: string, deliveryCode: string | null): BuyerOrderState | null {
  const [settled, setSettled] = useState<Settled | null>(null);
  const key = deliveryCode === null ? null : `${orderId}\n${deliveryCode}`;

  useEffect(() => {
    if (key === null || deliveryCode === null) return;
    const controller = new AbortController();
    fetchBuyerOrder(orderId, deliveryCode, controller.signal)
      .then((result) => {
        if (!controller.signal.aborted) setSettled({ key, result });
      })
      .catch((error: unknown) => {
        // An abort means the page moved on; anything else (offline, bad JSON) is a failure.
        if (controller.signal.aborted) return;
        console.warn('Loading the order failed', error);
        setSettled({ key, result: { kind: 'failed' } });
      });
    return () => controller.abort();
  }, [key, orderId, deliveryCode]);

  if (key === null) return null;
  return settled?.key === key ? settled.result : { kind: 'loading' };
}
