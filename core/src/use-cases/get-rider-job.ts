import { err, ok, type Result } from '../errors.js';
import { canSee } from '../orders/access.js';
import { parseActor, type Actor } from '../orders/actor.js';
import type { Order } from '../orders/order.js';
import type { SellerRef } from '../ports/records.js';
import type { EscrowDeps } from './deps.js';

export interface RiderJobData {
  readonly order: Order;
  readonly seller: SellerRef | null;
}

/**
 * The rider's job view: only for the rider on the order holding the current assignment's key
 * (an old rider's link stops working on reassignment); anyone else is told it does not exist.
 */
export async function getRiderJob(deps: Pick<EscrowDeps, 'store'>, args: { orderId: string; actor: Actor }): Promise<Result<RiderJobData>> {
  const actor = parseActor(args.actor);
  if (actor?.kind !== 'rider' || actor.key === undefined) return err('RIDER_ORDER_NOT_FOUND');
  if (typeof args.orderId !== 'string' || args.orderId.length === 0 || args.orderId.length > 100) return err('RIDER_ORDER_NOT_FOUND');
  return deps.store.read(async (tx) => {
    const order = await tx.orders.get(args.orderId);
    if (!order || !canSee(order, actor)) return err('RIDER_ORDER_NOT_FOUND');
    return ok({ order, seller: (await tx.sellers.get(order.sellerId)) ?? null });
  });
}
