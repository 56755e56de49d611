import { ok, type Result } from '../errors.js';
import { textsFor } from '../messages/recipient-texts.js';
import { riderLocaleOf } from './assign-rider.js';
import type { Actor } from '../orders/actor.js';
import type { Order } from '../orders/order.js';
import type { ChangeOptions } from '../ports/idempotency-store.js';
import type { EscrowDeps } from './deps.js';
import { mutateOrder } from './mutate-order.js';

/** The seller takes the rider off; the rider's link stops working at once, and the rider is told by SMS. */
export async function removeRider(deps: EscrowDeps, args: { orderId: string; actor: Actor }, options: ChangeOptions<Result<Order>> = {}): Promise<Result<Order>> {
  return mutateOrder(deps, {
    orderId: args.orderId,
    actor: args.actor,
    action: 'remove_rider',
    decide: async ({ order, tx }) => {
      const texts = textsFor(await riderLocaleOf(tx, order.riderPhone));
      return ok({
        changes: { riderName: null, riderPhone: null, riderKey: null, riderAssignedAt: null, riderAcceptedAt: null, pickupPhotoUrl: null, pickedUpAt: null },
        auditData: { previousRiderPhone: order.riderPhone },
        sms: (updated) => (order.riderPhone ? [{ to: order.riderPhone, body: texts.riderSms.replaced({ trackingNumber: updated.trackingNumber }) }] : []),
      });
    },
  }, options);
}
