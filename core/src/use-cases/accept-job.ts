import { ok, type Result } from '../errors.js';
import type { Actor } from '../orders/actor.js';
import type { Order } from '../orders/order.js';
import type { ChangeOptions } from '../ports/idempotency-store.js';
import type { EscrowDeps } from './deps.js';
import { mutateOrder } from './mutate-order.js';

/** The assigned rider acknowledges the job; accepting twice keeps the first time. */
export async function acceptJob(deps: EscrowDeps, args: { orderId: string; actor: Actor }, options: ChangeOptions<Result<Order>> = {}): Promise<Result<Order>> {
  return mutateOrder(deps, {
    orderId: args.orderId,
    actor: args.actor,
    action: 'accept_job',
    decide: async ({ order, now }) => ok({ changes: { riderAcceptedAt: order.riderAcceptedAt ?? now } }),
  }, options);
}
