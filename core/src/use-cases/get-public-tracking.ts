import { err, ok, type Result } from '../errors.js';
import type { Order } from '../orders/order.js';
import type { EscrowDeps } from './deps.js';

/**
 * The public order page without a session: anyone with the order id may follow its progress.
 * The caller must map the order through `publicTrackingView` (item, status, progress only).
 */
export async function getPublicTracking(deps: Pick<EscrowDeps, 'store'>, args: { orderId: string }): Promise<Result<Order>> {
  if (typeof args.orderId !== 'string' || args.orderId.length === 0 || args.orderId.length > 100) return err('ORDER_NOT_FOUND');
  const order = await deps.store.read((tx) => tx.orders.get(args.orderId));
  return order ? ok(order) : err('ORDER_NOT_FOUND');
}
