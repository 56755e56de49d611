import type { Order } from '../orders/order.js';
import type { Payout } from '../payouts/payout.js';
import { account } from './accounts.js';
import { claimPending } from './ledger-audit.js';
import { isBalanced, type Posting } from './posting.js';

/** Balances are derived from postings, never stored. */
export function balances(postings: readonly Posting[]): Map<string, number> {
  const out = new Map<string, number>();
  for (const p of postings) {
    for (const e of p.entries) out.set(e.account, (out.get(e.account) ?? 0) + e.amount);
  }
  return out;
}

/** The escrow an order holds right now, from its own postings. */
export function escrowHeld(orderPostings: readonly Posting[]): number {
  return balances(orderPostings).get(account.escrow) ?? 0;
}

/**
 * Checks one order's money columns and status against its postings. Returns the list of
 * discrepancies (empty when the order and the ledger agree).
 */
export function checkOrderAgainstLedger(order: Order, postings: readonly Posting[], payouts: readonly Payout[] = []): string[] {
  const problems: string[] = [];
  const mine = postings.filter((p) => p.orderId === order.id);
  const count = (kind: Posting['kind']) => mine.filter((p) => p.kind === kind).length;
  for (const p of mine) if (!isBalanced(p.entries)) problems.push(`posting ${p.id} is unbalanced`);
  if (order.serviceFee + order.sellerPayout + (order.deliveryPaidBy === 'seller' ? order.deliveryCost : 0) !== order.price) {
    problems.push('fee + payouts != price');
  }
  const expectPayment = order.paymentMethod !== 'cash' && order.paymentConfirmed ? 1 : 0;
  if (count('payment_in') !== expectPayment) problems.push(`payment_in postings: ${count('payment_in')}, expected ${expectPayment}`);
  const claims = count('payment_claimed');
  if (claims > 1) problems.push(`payment_claimed postings: ${claims}, expected at most 1`);
  if (claims - count('claim_released') !== (claimPending(order) ? 1 : 0)) problems.push(`open claims: ${claims - count('claim_released')}, expected ${claimPending(order) ? 1 : 0}`);
  const delivered = ['awaiting_settlement', 'settlement_completed'].includes(order.status);
  const expectRelease = order.paymentMethod !== 'cash' && delivered ? 1 : 0;
  if (count('delivery_release') !== expectRelease) problems.push(`delivery_release postings: ${count('delivery_release')}, expected ${expectRelease}`);
  // Orders paid out by payouts (decision 0051) have payout postings instead of one settlement_out.
  const paidByPayouts = payouts.some((p) => p.orderId === order.id && p.purpose !== 'refund');
  const expectSettlement = order.settlementPaid && !paidByPayouts ? 1 : 0;
  if (count('settlement_out') !== expectSettlement) problems.push(`settlement_out postings: ${count('settlement_out')}, expected ${expectSettlement}`);
  if (order.settlementPaid !== (order.status === 'settlement_completed')) problems.push('settlement_paid disagrees with status');
  const expectCashFee = order.paymentMethod === 'cash' && order.status === 'completed' ? 1 : 0;
  if (count('cash_fee_owed') !== expectCashFee) problems.push(`cash_fee_owed postings: ${count('cash_fee_owed')}, expected ${expectCashFee}`);
  if (count('refund_out') > 1) problems.push('refunded more than once');
  const refunded = count('refund_reserve');
  if (refunded > 1) problems.push('refund reserved more than once');
  const held = escrowHeld(mine);
  const shouldHold = expectPayment === 1 && !delivered && refunded === 0 ? order.price : 0;
  if (held !== shouldHold) problems.push(`escrow holds ${held}, expected ${shouldHold}`);
  return problems;
}
