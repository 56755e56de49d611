import { claimPending } from '../ledger/ledger-audit.js';
import { claimReleasedPosting } from '../ledger/order-postings.js';
import { ok, type Result } from '../errors.js';
import type { Actor } from '../orders/actor.js';
import type { Order } from '../orders/order.js';
import type { ChangeOptions } from '../ports/idempotency-store.js';
import type { EscrowDeps } from './deps.js';
import { optionalText, unstorableText } from './input-text.js';
import { mutateOrder } from './mutate-order.js';

/** The seller cancels before any payment (a paid order is refunded instead). */
export async function cancelOrder(deps: EscrowDeps, args: { orderId: string; actor: Actor; reason?: string | null }, options: ChangeOptions<Result<Order>> = {}): Promise<Result<Order>> {
  const refused = unstorableText([[args.reason, 'The reason contains a character that is not allowed']]);
  if (refused) return refused;
  return mutateOrder(deps, {
    orderId: args.orderId,
    actor: args.actor,
    action: 'cancel',
    decide: async ({ order, now }) =>
      ok({
        changes: { cancelledAt: now, riderKey: null },
        // A claim the buyer made (a typed receipt M-Pesa never confirmed) leaves the ledger with the order.
        postings: (_updated, newId) => (claimPending(order) ? [claimReleasedPosting(order, { id: newId(), createdAt: now, reference: order.paymentClaimReceipt })] : []),
        auditData: { reason: optionalText(args.reason) },
      }),
  }, options);
}
