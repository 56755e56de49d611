import { ok, type Result } from '../errors.js';
import { settlementPosting } from '../ledger/order-postings.js';
import type { Actor } from '../orders/actor.js';
import type { Order } from '../orders/order.js';
import type { ChangeOptions } from '../ports/idempotency-store.js';
import type { EscrowDeps } from './deps.js';
import { optionalText, unstorableText } from './input-text.js';
import { mutateOrder } from './mutate-order.js';

/**
 * Admin "Mark Paid": the seller's (and rider's) payout was sent. Exactly once: the row lock,
 * the status guard and the version-conditional update each stop a second settlement.
 */
export async function confirmSettlement(deps: EscrowDeps, args: { orderId: string; actor: Actor; reference?: string | null }, options: ChangeOptions<Result<Order>> = {}): Promise<Result<Order>> {
  const refused = unstorableText([[args.reference, 'The payout reference contains a character that is not allowed']]);
  if (refused) return refused;
  const reference = optionalText(args.reference);
  return mutateOrder(deps, {
    orderId: args.orderId,
    actor: args.actor,
    action: 'confirm_settlement',
    decide: async ({ order, now }) =>
      ok({
        changes: { settlementPaid: true, settledAt: now, settlementReference: reference },
        postings: (updated, newId) => [settlementPosting(updated, { id: newId(), createdAt: now, reference })],
        // The audit row says what was paid out, by reference, beside who did it (order_events.actor).
        auditData: {
          reference,
          before: { settlementPaid: order.settlementPaid, settledAt: null },
          after: { settlementPaid: true, settledAt: now.toISOString(), settlementReference: reference, sellerPayout: order.sellerPayout, riderPayout: order.riderPayout },
        },
      }),
  }, options);
}
