import { err, ok, type Result } from '../../errors.js';
import type { Order } from '../../orders/order.js';
import { PAID_STATES } from '../../payouts/payout.js';
import type { EscrowDeps } from '../deps.js';
import { mutateOrder } from '../mutate-order.js';

/**
 * `settlement_completed` once every payout of a delivered order is paid (decision 0051): the
 * seller is told the payout and its M-Pesa receipt. Idempotent: an order already settled, or
 * with a payout still open, is left as it is.
 */
export async function finishSettlement(deps: EscrowDeps, orderId: string): Promise<Result<Order>> {
  return mutateOrder(deps, {
    orderId,
    actor: { kind: 'system' },
    action: 'confirm_settlement',
    decide: async ({ order, tx, now }) => {
      const payouts = (await tx.payouts.listByOrder(order.id)).filter((p) => p.purpose !== 'refund');
      if (payouts.length === 0 || payouts.some((p) => !PAID_STATES.includes(p.state))) return err('TRANSITION_NOT_ALLOWED', { detail: 'payouts still open' });
      const reference = payouts.find((p) => p.purpose === 'seller')?.receipt ?? payouts[0]?.receipt ?? null;
      return ok({
        changes: { settlementPaid: true, settledAt: now, settlementReference: reference },
        notifySeller: (updated) => (t) => ({
          ...t.sellerEmails.paidOutByMpesa({ trackingNumber: updated.trackingNumber, itemName: updated.itemName, sellerPayout: updated.sellerPayout, receipt: reference }),
          sms: t.sellerSms.paidOut({ trackingNumber: updated.trackingNumber, sellerPayout: updated.sellerPayout, reference }),
        }),
        auditData: { payouts: payouts.map((p) => ({ id: p.id, purpose: p.purpose, receipt: p.receipt, state: p.state })) },
      });
    },
  });
}

/** Completes the settlements whose payouts are all paid but whose order is not yet settled (a process died in between). */
export async function finishSettlements(deps: EscrowDeps, options: { limit?: number } = {}): Promise<number> {
  const orderIds = await deps.store.read((tx) => tx.payouts.ordersPaidOut(options.limit ?? 50));
  let settled = 0;
  for (const orderId of orderIds) if ((await finishSettlement(deps, orderId)).ok) settled += 1;
  return settled;
}
