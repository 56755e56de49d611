import { err, ok, type Result } from '../errors.js';
import { canSee } from '../orders/access.js';
import { parseActor, type Actor } from '../orders/actor.js';
import type { Order } from '../orders/order.js';
import type { Feedback, SellerRef } from '../ports/records.js';
import type { Payout } from '../payouts/payout.js';
import type { EscrowDeps } from './deps.js';

export interface BuyerOrderData {
  readonly order: Order;
  readonly seller: SellerRef | null;
  readonly feedback: Feedback | null;
  readonly refundRequested: boolean;
  /** A refunded order's refund payout (decision 0051); null for others, and for refunds made by hand before payouts. */
  readonly refundPayout: Payout | null;
}

/**
 * The buyer page (`get_buyer_order`): the order for order id + delivery code, with what the
 * page shows beside it. A wrong code and a missing order give the same BUYER_ORDER_NOT_FOUND.
 */
export async function getBuyerOrder(deps: Pick<EscrowDeps, 'store'>, args: { orderId: string; actor: Actor }): Promise<Result<BuyerOrderData>> {
  const actor = parseActor(args.actor);
  if (actor?.kind !== 'buyer') return err('BUYER_ORDER_NOT_FOUND');
  if (typeof args.orderId !== 'string' || args.orderId.length === 0 || args.orderId.length > 100) return err('BUYER_ORDER_NOT_FOUND');
  // One read for the order and what the page shows beside it; nothing of it leaves unless the code fits.
  const page = await deps.store.read((tx) => tx.orders.getBuyerPage(args.orderId));
  if (!page || !canSee(page.order, actor)) return err('BUYER_ORDER_NOT_FOUND');
  // Only a refunded order (cancelled after payment) has a refund to show: one more read, on that rare page only.
  const refunded = page.order.status === 'cancelled' && page.order.paymentConfirmed;
  const refundPayout = refunded ? ((await deps.store.read((tx) => tx.payouts.listByOrder(page.order.id))).find((p) => p.purpose === 'refund') ?? null) : null;
  return ok({ order: page.order, seller: page.seller, feedback: page.feedback, refundRequested: page.refundRequested, refundPayout });
}
