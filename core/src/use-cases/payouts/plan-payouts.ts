import { cents, type Cents } from '../../money/cents.js';
import type { Order } from '../../orders/order.js';
import type { Payout, PayoutPurpose, PayoutState } from '../../payouts/payout.js';

/** The rider's share when the seller pays delivery (PRODUCT-DECISIONS, Money): paid to the rider. */
export function riderShareOf(order: Order): Cents {
  return order.deliveryPaidBy === 'seller' && order.riderPhone ? order.riderPayout : cents(0);
}

export function newPayout(args: { id: string; order: Order; purpose: PayoutPurpose; amount: Cents; state: PayoutState; now: Date; decidedBy?: string | null }): Payout {
  return {
    id: args.id,
    orderId: args.order.id,
    purpose: args.purpose,
    amount: args.amount,
    state: args.state,
    destination: null,
    attempt: 0,
    originatorConversationId: null,
    conversationId: null,
    receipt: null,
    receiverName: null,
    problem: null,
    nextAttemptAt: args.state === 'queued' ? args.now : null,
    queueTimeoutAt: null,
    statusChecks: 0,
    decidedBy: args.decidedBy ?? null,
    createdAt: args.now,
    updatedAt: args.now,
    completedAt: null,
    version: 1,
  };
}

/**
 * The payouts a delivered order owes: the seller's payout, and the rider's share when the seller
 * pays delivery. Nothing for a KSh 0 payout (nothing to send) or a cash order (no escrow).
 */
export function settlementPayouts(order: Order, state: PayoutState, newId: () => string, now: Date, decidedBy: string | null = null): Payout[] {
  if (order.paymentMethod === 'cash') return [];
  const out: Payout[] = [];
  if (order.sellerPayout > 0) out.push(newPayout({ id: newId(), order, purpose: 'seller', amount: order.sellerPayout, state, now, decidedBy }));
  const rider = riderShareOf(order);
  if (rider > 0) out.push(newPayout({ id: newId(), order, purpose: 'rider', amount: rider, state, now, decidedBy }));
  return out;
}
