import { err, type Result } from '../errors.js';
import { riderPhoneProven } from '../orders/access.js';
import { parseActor, type Actor } from '../orders/actor.js';
import type { Order } from '../orders/order.js';
import type { ChangeOptions } from '../ports/idempotency-store.js';
import type { EscrowDeps } from './deps.js';
import { takeAvailableJob } from './take-available-job.js';

/**
 * Taking a job as the rider API offers it: only with a proven phone (a code sent to it by SMS;
 * anyone may know a listed rider's number). A phone that is not on the order's seller's rider
 * list is told the order does not exist, whatever state it is in, so a phone number cannot
 * probe orders (a listed rider does learn that a job was already taken). `takeAvailableJob`
 * checks the proof and the list again inside its transaction.
 */
export async function takeListedJob(deps: EscrowDeps, args: { orderId: string; actor: Actor }, options: ChangeOptions<Result<Order>> = {}): Promise<Result<Order>> {
  const actor = parseActor(args.actor);
  if (actor?.kind !== 'rider') return err('RIDER_ORDER_NOT_FOUND');
  if (!riderPhoneProven(actor)) return err('RIDER_PHONE_NOT_VERIFIED');
  if (typeof args.orderId !== 'string' || args.orderId.length === 0 || args.orderId.length > 100) return err('RIDER_ORDER_NOT_FOUND');
  const listed = await deps.store.read(async (tx) => {
    const order = await tx.orders.get(args.orderId);
    return order !== undefined && (await tx.riders.findBySellerAndPhone(order.sellerId, actor.phone)) !== undefined;
  });
  if (!listed) return err('RIDER_ORDER_NOT_FOUND');
  return takeAvailableJob(deps, { orderId: args.orderId, actor }, options);
}
