import type { Result } from '../errors.js';
import { account } from '../ledger/accounts.js';
import { makePosting, type LedgerEntry, type Posting } from '../ledger/posting.js';
import type { Order } from '../orders/order.js';
import { IN_FLIGHT_STATES, type Payout, type PayoutState } from './payout.js';

/** M-Pesa pays whole shillings: the part of a payout it can send. */
export function sendableAmount(amount: number): number {
  return Math.floor(amount / 100) * 100;
}

/** The account a payout's money waits in until it is sent: the seller's or rider's payable, or the buyer's refundable. */
export function payoutSourceAccount(order: Pick<Order, 'id' | 'sellerId' | 'riderPhone'>, payout: Pick<Payout, 'purpose'>): string {
  switch (payout.purpose) {
    case 'seller':
      return account.sellerPayable(order.sellerId);
    case 'rider':
      return account.riderPayable(order.riderPhone ?? '');
    case 'refund':
      return account.buyerRefundable(order.id);
  }
}

/** Where a paid payout ends: payouts_sent, or refunds_sent for a refund. */
function paidAccount(payout: Pick<Payout, 'purpose'>): string {
  return payout.purpose === 'refund' ? account.refundsSent : account.payoutsSent;
}

/**
 * Where a payout's money is, by its state: still in its source account (not sent, or failed),
 * with M-Pesa (`mpesa_clearing`, the whole shillings sent, and its cents in `payout_rounding`),
 * or paid out. The ledger check adds these up per order; the postings below move between them.
 */
export function payoutLedgerEntries(order: Pick<Order, 'id' | 'sellerId' | 'riderPhone'>, payout: Pick<Payout, 'purpose' | 'amount' | 'state'>): LedgerEntry[] {
  const sent = sendableAmount(payout.amount);
  const cents = payout.amount - sent;
  const rounding = cents > 0 ? [{ account: account.payoutRounding, amount: cents }] : [];
  if (IN_FLIGHT_STATES.includes(payout.state)) return [{ account: account.mpesaClearing, amount: sent }, ...rounding];
  if (payout.state === 'succeeded') return [{ account: paidAccount(payout), amount: sent }, ...rounding];
  // Paid by hand: the whole amount, cents included, as the admin recorded it.
  if (payout.state === 'recorded') return [{ account: paidAccount(payout), amount: payout.amount }];
  return [{ account: payoutSourceAccount(order, payout), amount: payout.amount }];
}

function moved(order: Order, payout: Payout, from: PayoutState, to: PayoutState): LedgerEntry[] {
  const before = payoutLedgerEntries(order, { ...payout, state: from });
  const after = payoutLedgerEntries(order, { ...payout, state: to });
  const sums = new Map<string, number>();
  for (const e of before) sums.set(e.account, (sums.get(e.account) ?? 0) - e.amount);
  for (const e of after) sums.set(e.account, (sums.get(e.account) ?? 0) + e.amount);
  return [...sums].filter(([, amount]) => amount !== 0).map(([name, amount]) => ({ account: name, amount }));
}

/**
 * The posting for a payout moving from one state to another: `payout_sent` (source ->
 * mpesa_clearing), `payout_returned` (mpesa_clearing -> source: M-Pesa said no), `payout_paid`
 * (mpesa_clearing -> payouts_sent / refunds_sent, or source -> paid for one recorded by hand).
 * Null when the money does not move (queued -> awaiting, sent -> unknown ...).
 */
export function payoutPosting(order: Order, payout: Payout, from: PayoutState, to: PayoutState, meta: { id: string; createdAt: Date; reference: string | null }): Result<Posting> | null {
  const entries = moved(order, payout, from, to);
  if (entries.length === 0) return null;
  const kind = to === 'succeeded' || to === 'recorded' ? 'payout_paid' : IN_FLIGHT_STATES.includes(to) ? 'payout_sent' : 'payout_returned';
  return makePosting({ id: meta.id, orderId: order.id, kind, reference: meta.reference, createdAt: meta.createdAt, entries });
}
