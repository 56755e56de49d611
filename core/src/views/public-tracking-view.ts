import type { Order } from '../orders/order.js';
import { progressView, type ProgressView } from './order-progress.js';

/**
 * What anyone may see of an order without a session, code or key (the public page
 * `/order/{id}`): the item and how far it has come. No personal data, no money, no code,
 * no tracking number (it is the M-Pesa account reference), no rider.
 */
export interface PublicTrackingView extends ProgressView {
  readonly id: string;
  readonly itemName: string;
}

export function publicTrackingView(order: Order): PublicTrackingView {
  return { id: order.id, itemName: order.itemName, ...progressView(order.status) };
}
