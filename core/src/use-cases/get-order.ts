import { err, ok, type Result } from '../errors.js';
import { canSee, notFoundFor } from '../orders/access.js';
import { parseActor, type Actor } from '../orders/actor.js';
import type { Order } from '../orders/order.js';
import type { EscrowDeps } from './deps.js';

/** One order, for a caller who may see it; anyone else is told it does not exist. */
export async function getOrder(deps: Pick<EscrowDeps, 'store'>, args: { orderId: string; actor: Actor }): Promise<Result<Order>> {
  const actor = parseActor(args.actor);
  if (!actor) return err('FORBIDDEN');
  if (typeof args.orderId !== 'string') return err(notFoundFor(actor));
  const order = await deps.store.read((tx) => tx.orders.get(args.orderId));
  if (!order || !canSee(order, actor)) return err(notFoundFor(actor));
  return ok(order);
}
