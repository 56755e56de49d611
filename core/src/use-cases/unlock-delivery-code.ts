import { ok, type Result } from '../errors.js';
import type { Actor } from '../orders/actor.js';
import type { Order } from '../orders/order.js';
import type { ChangeOptions } from '../ports/idempotency-store.js';
import type { EscrowDeps } from './deps.js';
import { mutateOrder } from './mutate-order.js';

/** The seller or an admin lets code entry start again after a lock. */
export async function unlockDeliveryCode(deps: EscrowDeps, args: { orderId: string; actor: Actor }, options: ChangeOptions<Result<Order>> = {}): Promise<Result<Order>> {
  return mutateOrder(deps, {
    orderId: args.orderId,
    actor: args.actor,
    action: 'unlock_code',
    decide: async ({ order }) => ok({ changes: { codeAttempts: 0, codeLockedAt: null }, auditData: { attemptsBefore: order.codeAttempts } }),
  }, options);
}
