import { catalogue } from '@escrow/core/messages';
import { useLiveOrder, type LiveOrder } from '@escrow/api-client/live-order';
import { buyerApi, type BuyerOrder } from './buyer-api.ts';

/**
 * The buyer's own changes (core's order actions); their live events are the page's own. A typed
 * receipt is a `claim_payment` (PRODUCT-DECISIONS, Real money); when it matches a payment M-Pesa
 * already confirmed, the server's event is `verify_payment`, which is never taken for the page's
 * own: it is how M-Pesa's confirmation of a claim reaches the page.
 */
export type BuyerAction = 'claim_payment' | 'request_refund' | 'submit_feedback';

/** The buyer's order, kept current by its live events; null code: nothing to load. */
export function useBuyerOrder(orderId: string, deliveryCode: string | null): LiveOrder<BuyerOrder> {
  return useLiveOrder<BuyerOrder>({
    ...(deliveryCode === null ? {} : { initial: buyerApi.pageOrder(orderId, catalogue.buyer.loadOrderFailed) }),
    key: deliveryCode === null ? null : `${orderId}\n${deliveryCode}`,
    load: (signal) => buyerApi.order(orderId, deliveryCode ?? '', catalogue.buyer.loadOrderFailed, signal),
    liveUrl: deliveryCode === null ? null : buyerApi.liveUrl(orderId, deliveryCode),
    failedMessage: catalogue.buyer.loadOrderFailed,
  });
}
