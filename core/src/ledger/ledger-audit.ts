import type { Order } from '../orders/order.js';
import type { Payout } from '../payouts/payout.js';
import { payoutLedgerEntries } from '../payouts/payout-postings.js';
import { account } from './accounts.js';

/**
 * What every ledger account must hold, derived from the orders' own columns alone (status,
 * payment method, money): the second half of the order/ledger check. `checkOrderAgainstLedger`
 * proves each order's postings fit the order; this proves the balances the postings add up to
 * are the ones the orders call for, so a posting booked to the wrong account, an amount off by
 * a cent, or an entry with no order behind it shows up as a difference.
 *
 * Per order (PRODUCT-DECISIONS, Money; ledger/order-postings.ts):
 * - paid into escrow (not cash, payment confirmed): mpesa_clearing -received (the price unless
 *   M-Pesa says more arrived), mpesa_suspense +(received - price) when more did;
 * - still held (paid, not delivered, not refunded): escrow +price;
 * - delivered (awaiting_settlement or settlement_completed): platform_fees +fee, and until
 *   settled seller_payable:{seller} +payout and, when the seller pays delivery,
 *   rider_payable:{phone} +rider payout;
 * - settled: payouts_sent +(payout + rider share);
 * - refunded (cancelled after payment): refunds_sent +price;
 * - cash, completed: platform_fees +fee, seller_fees_owed:{seller} -fee.
 * An order with payouts (decision 0051) has each payout's money where its state puts it
 * (payoutLedgerEntries) instead of the payable / payouts_sent / refunds_sent line it replaces.
 * Every other account (buyer_refundable:{order} after its refund) must be zero.
 */
/** A typed receipt no verified payment has matched, on an order still open: held in mpesa_unverified. */
export function claimPending(order: Order): boolean {
  return !order.paymentConfirmed && order.paymentClaimedAt !== null && order.status !== 'cancelled';
}

export function expectedLedgerEntries(order: Order, payouts: readonly Payout[] = []): [string, number][] {
  const out: [string, number][] = [];
  if (order.paymentMethod === 'cash') {
    if (order.status === 'completed') out.push([account.platformFees, order.serviceFee], [account.sellerFeesOwed(order.sellerId), -order.serviceFee]);
    return out;
  }
  if (!order.paymentConfirmed) {
    if (claimPending(order)) out.push([account.mpesaClearing, -order.price], [account.mpesaUnverified, order.price]);
    return out;
  }
  const received = order.paymentReceived ?? order.price;
  out.push([account.mpesaClearing, -received]);
  if (received > order.price) out.push([account.mpesaSuspense, received - order.price]);
  const delivered = order.status === 'awaiting_settlement' || order.status === 'settlement_completed';
  const refunded = order.status === 'cancelled';
  const riderShare = order.deliveryPaidBy === 'seller' && order.riderPhone ? order.riderPayout : 0;
  const payoutFor = (purpose: Payout['purpose']) => payouts.find((p) => p.orderId === order.id && p.purpose === purpose);
  const fromPayout = (payout: Payout) => {
    for (const entry of payoutLedgerEntries(order, payout)) out.push([entry.account, entry.amount]);
  };
  if (refunded) {
    const refund = payoutFor('refund');
    if (refund) fromPayout(refund);
    else out.push([account.refundsSent, order.price]);
  } else if (!delivered) out.push([account.escrow, order.price]);
  else {
    out.push([account.platformFees, order.serviceFee]);
    const settled = order.status === 'settlement_completed';
    const seller = payoutFor('seller');
    if (seller) fromPayout(seller);
    else out.push(settled ? [account.payoutsSent, order.sellerPayout] : [account.sellerPayable(order.sellerId), order.sellerPayout]);
    if (riderShare > 0 && order.riderPhone) {
      const rider = payoutFor('rider');
      if (rider) fromPayout(rider);
      else out.push(settled ? [account.payoutsSent, riderShare] : [account.riderPayable(order.riderPhone), riderShare]);
    }
  }
  return out;
}

/** Sums the expected entries of many orders, batch by batch (nothing but the totals is kept). */
export class ExpectedBalances {
  private readonly totals = new Map<string, number>();

  add(order: Order, payouts: readonly Payout[] = []): void {
    for (const [name, amount] of expectedLedgerEntries(order, payouts)) this.totals.set(name, (this.totals.get(name) ?? 0) + amount);
  }

  get balances(): ReadonlyMap<string, number> {
    return this.totals;
  }
}

/** Accounts whose balance in the ledger differs from what the orders call for (either side missing counts as 0). */
export function balanceDifferences(expected: ReadonlyMap<string, number>, actual: ReadonlyMap<string, number>): string[] {
  const names = [...new Set([...expected.keys(), ...actual.keys()])].sort();
  const problems: string[] = [];
  for (const name of names) {
    const want = expected.get(name) ?? 0;
    const have = actual.get(name) ?? 0;
    if (want !== have) problems.push(`account ${name}: the ledger holds ${have} cents, the orders call for ${want} (difference ${have - want})`);
  }
  const total = [...actual.values()].reduce((sum, v) => sum + v, 0);
  if (total !== 0) problems.push(`the ledger's accounts sum to ${total} cents, not 0`);
  return problems;
}
