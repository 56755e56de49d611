import { ok, type Result } from '../errors.js';
import type { Actor } from '../orders/actor.js';
import type { Order } from '../orders/order.js';
import type { ChangeOptions } from '../ports/idempotency-store.js';
import type { EscrowDeps } from './deps.js';
import { optionalText } from './input-text.js';
import { mutateOrder } from './mutate-order.js';

/** The seller cancels before any payment (a paid order is refunded instead). */
export async function cancelOrder(deps: EscrowDeps, args: { orderId: string; actor: Actor; reason?: string | null }, options: ChangeOptions<Result<Order>> = {}): Promise<Result<Order>> {
  return mutateOrder(deps, {
    orderId: args.orderId,
    actor: args.actor,
    action: 'cancel',
    decide: async ({ now }) =>
      ok({ changes: { cancelledAt: now, riderKey: null }, auditData: { reason: optionalText(args.reason) } }),
  }, options);
}
