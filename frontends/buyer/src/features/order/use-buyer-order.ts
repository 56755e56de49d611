import { catalogue } from '@escrow/core/messages';
import { useLiveOrder, type LiveOrder } from '@escrow/ui/order/use-live-order';
import { buyerApi, type BuyerOrder } from './buyer-api.ts';

/** The buyer's own changes (core's order actions); their live events are the page's own. */
export type BuyerAction = 'confirm_payment' | 'request_refund' | 'submit_feedback';

/** The buyer's order, kept current by its live events; null code: nothing to load. */
export function useBuyerOrder(orderId: string, deliveryCode: string | null): LiveOrder<BuyerOrder> {
  return useLiveOrder<BuyerOrder>({
    key: deliveryCode === null ? null : `${orderId}\n${deliveryCode}`,
    load: (signal) => buyerApi.order(orderId, deliveryCode ?? '', catalogue.buyer.loadOrderFailed, signal),
    liveUrl: deliveryCode === null ? null : buyerApi.liveUrl(orderId, deliveryCode),
    failedMessage: catalogue.buyer.loadOrderFailed,
  });
}
