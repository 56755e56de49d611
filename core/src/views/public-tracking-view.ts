import type { Order } from '../orders/order.js';
import { progressView, type ProgressView } from './order-progress.js';

/**
 * What anyone may see of an order without a session, code or key (the public page
 * `/order/{id}`): the item and how far it has come. No personal data, no money, no code,
 * no tracking number (it is the M-Pesa account reference), no rider.
 *
 * `paymentConfirmed` is there because the page shows a visitor the delivery code they already
 * hold (kept from the buyer link) only once payment is confirmed (spec section 2). The status
 * alone cannot say so: a pay-on-delivery order is `rider_assigned` or `in_transit` before and
 * after the buyer pays.
 */
export interface PublicTrackingView extends ProgressView {
  readonly id: string;
  readonly itemName: string;
  readonly paymentConfirmed: boolean;
}

export function publicTrackingView(order: Order): PublicTrackingView {
  return { id: order.id, itemName: order.itemName, ...progressView(order.status), paymentConfirmed: order.paymentConfirmed };
}
