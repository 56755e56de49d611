import { err, ok, type Result } from '../errors.js';
import { riderPhoneProven } from '../orders/access.js';
import { parseActor, type Actor } from '../orders/actor.js';
import type { Order } from '../orders/order.js';
import type { ChangeOptions } from '../ports/idempotency-store.js';
import type { EscrowDeps } from './deps.js';
import { assignmentTextsIn, RIDER_KEY_BYTES } from './assign-rider.js';
import { mutateOrder } from './mutate-order.js';

/**
 * A rider on the seller's rider list, with a proven phone (authorize: `take_job`), takes a
 * paid order that has no rider. Taking is accepting; the rider gets a fresh link secret
 * (returned in the order's riderKey).
 */
export async function takeAvailableJob(deps: EscrowDeps, args: { orderId: string; actor: Actor }, options: ChangeOptions<Result<Order>> = {}): Promise<Result<Order>> {
  const actor = parseActor(args.actor);
  if (actor?.kind !== 'rider') return err('RIDER_ORDER_NOT_FOUND');
  // Before the order is read: the answer to an unproven phone must not depend on the order.
  if (!riderPhoneProven(actor)) return err('RIDER_PHONE_NOT_VERIFIED');
  return mutateOrder(deps, {
    orderId: args.orderId,
    actor,
    action: 'take_job',
    decide: async ({ order, tx, now }) => {
      const rider = await tx.riders.findBySellerAndPhone(order.sellerId, actor.phone);
      if (!rider) return err('RIDER_ORDER_NOT_FOUND');
      return ok({
        changes: {
          riderName: rider.name,
          riderPhone: rider.phone,
          riderKey: deps.random.token(RIDER_KEY_BYTES),
          riderAssignedAt: now,
          riderAcceptedAt: now,
        },
        auditData: { riderPhone: rider.phone },
        // The order had no rider (take_job's guard): no one to tell they were taken off.
        sms: assignmentTextsIn(deps, order, { rider: await tx.riders.localeOf(rider.phone), previousRider: 'en' }),
      });
    },
  }, options);
}
