import { err, ok, type Result } from '../errors.js';
import { parseActor, type Actor } from '../orders/actor.js';
import type { Order } from '../orders/order.js';
import type { SellerRef } from '../ports/records.js';
import type { EscrowDeps } from './deps.js';

/** One order with its seller, for an admin (the admin role reads every order). */
export async function getAdminOrder(deps: Pick<EscrowDeps, 'store'>, args: { orderId: string; actor: Actor }): Promise<Result<{ order: Order; seller: SellerRef | null }>> {
  const actor = parseActor(args.actor);
  if (actor?.kind !== 'admin') return err('FORBIDDEN');
  if (typeof args.orderId !== 'string' || args.orderId.length === 0 || args.orderId.length > 100) return err('ORDER_NOT_FOUND');
  return deps.store.read(async (tx) => {
    const order = await tx.orders.get(args.orderId);
    if (!order) return err('ORDER_NOT_FOUND');
    return ok({ order, seller: (await tx.sellers.get(order.sellerId)) ?? null });
  });
}
