import { err, ok, type Result } from '../errors.js';
import { canSee, notFoundFor } from '../orders/access.js';
import type { Actor } from '../orders/actor.js';
import type { Order } from '../orders/order.js';
import type { EscrowDeps } from './deps.js';

/** One order, for a caller who may see it; anyone else is told it does not exist. */
export async function getOrder(deps: Pick<EscrowDeps, 'store'>, args: { orderId: string; actor: Actor }): Promise<Result<Order>> {
  const order = await deps.store.read((tx) => tx.orders.get(args.orderId));
  if (!order || !canSee(order, args.actor)) return err(notFoundFor(args.actor));
  return ok(order);
}
