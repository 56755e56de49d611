import { err, ok, type Result } from '../errors.js';
import { settlementPosting } from '../ledger/order-postings.js';
import type { Actor } from '../orders/actor.js';
import type { Order } from '../orders/order.js';
import type { ChangeOptions } from '../ports/idempotency-store.js';
import type { EscrowDeps } from './deps.js';
import { optionalText, unstorableText } from './input-text.js';
import { claimMoneyOutReference } from './claim-money-out-reference.js';
import { mutateOrder, RollbackError } from './mutate-order.js';
import { approveInTransaction } from './payouts/admin-payouts.js';
import { adminOf } from './admin/admin-caller.js';

/**
 * Admin "Mark Paid": the seller's (and rider's) payout was sent. Exactly once: the row lock,
 * the status guard and the version-conditional update each stop a second settlement. The seller
 * is told the amount and the admin's reference, so they can match it to what reached them.
 * A reference another refund, settlement or payout has, or a buyer's payment receipt, is
 * refused and nothing is settled (decision 0050).
 */
export async function confirmSettlement(deps: EscrowDeps, args: { orderId: string; actor: Actor; reference?: string | null }, options: ChangeOptions<Result<Order>> = {}): Promise<Result<Order>> {
  const refused = unstorableText([[args.reference, 'The payout reference contains a character that is not allowed']]);
  if (refused) return refused;
  const reference = optionalText(args.reference);
  // With M-Pesa payouts, Mark Paid approves them: M-Pesa pays, and its Result settles the order.
  if (deps.payouts) {
    if (adminOf(args.actor) === null) return err('FORBIDDEN');
    if (typeof args.orderId !== 'string' || args.orderId.length === 0 || args.orderId.length > 100) return err('ORDER_NOT_FOUND');
    try {
      return await deps.store.transaction(async (tx): Promise<Result<Order>> => {
        const order = await tx.orders.getForUpdate(args.orderId);
        if (!order) return err('ORDER_NOT_FOUND');
        const approved = await approveInTransaction(deps, tx, order, args.actor);
        return approved.ok ? ok(order) : approved;
      }, options);
    } catch (error) {
      if (error instanceof RollbackError) return { ok: false, error: error.domainError };
      throw error;
    }
  }
  return mutateOrder(deps, {
    orderId: args.orderId,
    actor: args.actor,
    action: 'confirm_settlement',
    decide: async ({ order, tx, now }) => {
      // An order paid out by payouts (written while payouts were on) is settled by its payouts: each is recorded on its own.
      if ((await tx.payouts.listByOrder(order.id)).some((p) => p.purpose !== 'refund')) return err('PAYOUTS_NOT_CONFIGURED');
      // One M-Pesa transaction is one payout or refund (decision 0050): nothing is settled on a reused reference.
      if (reference !== null) {
        const refused = await claimMoneyOutReference(tx, { reference, kind: 'settlement', orderId: order.id, ownerId: order.id, at: now });
        if (refused) throw new RollbackError(refused);
      }
      return ok({
        changes: { settlementPaid: true, settledAt: now, settlementReference: reference },
        postings: (updated, newId) => [settlementPosting(updated, { id: newId(), createdAt: now, reference })],
        notifySeller: (updated) => (t) => ({
          ...t.sellerEmails.paidOut({ trackingNumber: updated.trackingNumber, itemName: updated.itemName, sellerPayout: updated.sellerPayout, reference }),
          sms: t.sellerSms.paidOut({ trackingNumber: updated.trackingNumber, sellerPayout: updated.sellerPayout, reference }),
        }),
        // The audit row says what was paid out, by reference, beside who did it (order_events.actor).
        auditData: {
          reference,
          before: { settlementPaid: order.settlementPaid, settledAt: null },
          after: { settlementPaid: true, settledAt: now.toISOString(), settlementReference: reference, sellerPayout: order.sellerPayout, riderPayout: order.riderPayout },
        },
      });
    },
  }, options);
}
