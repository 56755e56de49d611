import { err, ok, type Result } from '../errors.js';
import type { Actor } from '../orders/actor.js';
import type { Order } from '../orders/order.js';
import type { ChangeOptions } from '../ports/idempotency-store.js';
import type { EscrowDeps } from './deps.js';
import { mutateOrder } from './mutate-order.js';

/**
 * How many times the seller and admins together may unlock code entry on one order
 * (PRODUCT-DECISIONS, Real money): 5 wrong codes x 4 rounds is enough for a buyer who mistypes;
 * more looks like guessing. After that the buyer asks for a new code, or an admin refunds.
 */
export const MAX_CODE_UNLOCKS = 3;

/** The seller or an admin lets code entry start again after a lock, at most MAX_CODE_UNLOCKS times per order. */
export async function unlockDeliveryCode(deps: EscrowDeps, args: { orderId: string; actor: Actor }, options: ChangeOptions<Result<Order>> = {}): Promise<Result<Order>> {
  return mutateOrder(deps, {
    orderId: args.orderId,
    actor: args.actor,
    action: 'unlock_code',
    decide: async ({ order, tx }) => {
      // Counted from the order's own audit trail, read under the order's lock: two racing unlocks cannot both be the third.
      const unlocks = (await tx.events.listByOrder(order.id)).filter((event) => event.action === 'unlock_code').length;
      if (unlocks >= MAX_CODE_UNLOCKS) return err('UNLOCK_LIMIT_REACHED', { detail: `${unlocks} unlocks already` });
      return ok({ changes: { codeAttempts: 0, codeLockedAt: null }, auditData: { attemptsBefore: order.codeAttempts, unlock: unlocks + 1 } });
    },
  }, options);
}
