import { err, ok, type Result } from '../errors.js';
import { constantTimeEqual } from '../codes/constant-time.js';
import { checkDeliveryCode, parseDeliveryCode } from '../codes/delivery-code.js';
import { cashFeePosting, deliveryReleasePosting } from '../ledger/order-postings.js';
import type { Actor } from '../orders/actor.js';
import type { Order } from '../orders/order.js';
import { actorForAudit } from '../ports/records.js';
import type { ChangeOptions } from '../ports/idempotency-store.js';
import type { EscrowDeps } from './deps.js';
import { enqueueForSeller, mutateOrder, RollbackError } from './mutate-order.js';
import { settlementPayouts } from './payouts/plan-payouts.js';

/**
 * The rider enters the buyer's code. Accepted only in_transit, only once paid (cash aside),
 * never while locked. A wrong code is counted and logged (and kept, though the call fails);
 * the fifth wrong code locks entry until the seller or an admin unlocks it.
 */
export async function completeDelivery(deps: EscrowDeps, args: { orderId: string; actor: Actor; code: string }, options: ChangeOptions<Result<Order>> = {}): Promise<Result<Order>> {
  const code = parseDeliveryCode(args.code);
  if (!code.ok) return code;
  return mutateOrder(deps, {
    orderId: args.orderId,
    actor: args.actor,
    action: 'complete_delivery',
    decide: async ({ order, tx, now }) => {
      const check = checkDeliveryCode(order.deliveryCode, code.value, order.codeAttempts, constantTimeEqual);
      await tx.codeAttempts.append({ id: deps.random.uuid(), orderId: order.id, actor: actorForAudit(args.actor), success: check.outcome === 'accepted', at: now });
      if (check.outcome === 'wrong') {
        const counted = await tx.orders.update(order.id, order.version, {
          codeAttempts: check.attempts,
          codeLockedAt: check.locked ? now : null,
          updatedAt: now,
        });
        if (!counted) throw new RollbackError({ code: 'CONCURRENT_UPDATE', detail: 'attempt not counted' });
        if (check.locked) {
          const trackingNumber = order.trackingNumber;
          await enqueueForSeller(deps, tx, order.sellerId, (t) => ({ ...t.sellerEmails.codeLocked({ trackingNumber }), sms: t.sellerSms.codeLocked({ trackingNumber }) }), now);
        }
        return err('WRONG_DELIVERY_CODE', { attemptsLeft: check.attemptsLeft });
      }
      // With M-Pesa payouts, the delivered order's payouts are written with the delivery: sent at
      // once (automatic) or after an admin's approval (decision 0051).
      if (deps.payouts && order.paymentMethod !== 'cash') {
        for (const payout of settlementPayouts(order, deps.payouts.mode === 'automatic' ? 'queued' : 'awaiting_approval', () => deps.random.uuid(), now)) await tx.payouts.insert(payout);
      }
      return ok({
        changes: { deliveredAt: now },
        postings: (updated, newId) =>
          updated.paymentMethod === 'cash'
            ? [cashFeePosting(updated, { id: newId(), createdAt: now })]
            : [deliveryReleasePosting(updated, { id: newId(), createdAt: now })],
        notifySeller: (updated) => (t) => ({
          ...t.sellerEmails.delivered({ trackingNumber: updated.trackingNumber, itemName: updated.itemName }),
          sms: t.sellerSms.delivered({ trackingNumber: updated.trackingNumber, sellerPayout: updated.sellerPayout, cash: updated.paymentMethod === 'cash' }),
        }),
      });
    },
  }, options);
}
