import { err, ok, type Result } from '../errors.js';
import { parseActor, type Actor } from '../orders/actor.js';
import type { Order } from '../orders/order.js';
import type { Feedback, RefundRequest, RiderPaymentConfirmation, SellerRef } from '../ports/records.js';
import type { EscrowDeps } from './deps.js';
import type { Payout } from '../payouts/payout.js';

export interface SellerOrderData {
  readonly order: Order;
  readonly seller: SellerRef | null;
  readonly feedback: Feedback | null;
  readonly openRefundRequest: RefundRequest | null;
  readonly riderPayments: readonly RiderPaymentConfirmation[];
  /** The seller's payout by M-Pesa, once the order is delivered (decision 0051); null before, or when paid by hand. */
  readonly sellerPayout: Payout | null;
}

/**
 * One order with the seller's data joined, for its own seller only: another seller's order
 * and a missing order both answer ORDER_NOT_FOUND, so ids cannot be probed.
 */
export async function getSellerOrder(deps: Pick<EscrowDeps, 'store'>, args: { orderId: string; actor: Actor }): Promise<Result<SellerOrderData>> {
  const actor = parseActor(args.actor);
  if (actor?.kind !== 'seller') return err('FORBIDDEN');
  if (typeof args.orderId !== 'string' || args.orderId.length === 0 || args.orderId.length > 100) return err('ORDER_NOT_FOUND');
  return deps.store.read(async (tx) => {
    const order = await tx.orders.get(args.orderId);
    if (!order || order.sellerId !== actor.sellerId) return err('ORDER_NOT_FOUND');
    const seller = await tx.sellers.get(order.sellerId);
    const feedback = await tx.feedback.get(order.id);
    const openRefundRequest = await tx.refunds.findOpenByOrder(order.id);
    const riderPayments = await tx.riderPayments.listByOrder(order.id);
    const delivered = order.status === 'awaiting_settlement' || order.status === 'settlement_completed';
    const sellerPayout = delivered ? ((await tx.payouts.listByOrder(order.id)).find((p) => p.purpose === 'seller') ?? null) : null;
    return ok({ order, seller: seller ?? null, feedback: feedback ?? null, openRefundRequest: openRefundRequest ?? null, riderPayments, sellerPayout });
  });
}
