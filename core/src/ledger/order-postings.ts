import type { Result } from '../errors.js';
import type { Order } from '../orders/order.js';
import { account } from './accounts.js';
import { makePosting, type Posting } from './posting.js';

interface PostingMeta {
  readonly id: string;
  readonly createdAt: Date;
  readonly reference?: string | null;
}

/**
 * Buyer's M-Pesa payment arrives in escrow. What M-Pesa says was received above the price
 * (an STK Push asks whole shillings; a Paybill payer may pay more) waits in `mpesa_suspense`
 * for an admin to refund.
 */
export function paymentInPosting(order: Order, meta: PostingMeta): Result<Posting> {
  const received = order.paymentReceived ?? order.price;
  const excess = received - order.price;
  return makePosting({
    id: meta.id,
    orderId: order.id,
    kind: 'payment_in',
    reference: meta.reference ?? null,
    createdAt: meta.createdAt,
    entries: [
      { account: account.mpesaClearing, amount: -received },
      { account: account.escrow, amount: order.price },
      ...(excess > 0 ? [{ account: account.mpesaSuspense, amount: excess }] : []),
    ],
  });
}

/** A claim: the buyer says the price was paid; held apart from escrow until M-Pesa confirms it. */
export function paymentClaimedPosting(order: Order, meta: PostingMeta): Result<Posting> {
  return makePosting({
    id: meta.id,
    orderId: order.id,
    kind: 'payment_claimed',
    reference: meta.reference ?? null,
    createdAt: meta.createdAt,
    entries: [
      { account: account.mpesaClearing, amount: -order.price },
      { account: account.mpesaUnverified, amount: order.price },
    ],
  });
}

/** The claim ends (M-Pesa confirmed a payment, or the order was cancelled): the suspense entry is reversed. */
export function claimReleasedPosting(order: Order, meta: PostingMeta): Result<Posting> {
  return makePosting({
    id: meta.id,
    orderId: order.id,
    kind: 'claim_released',
    reference: meta.reference ?? null,
    createdAt: meta.createdAt,
    entries: [
      { account: account.mpesaUnverified, amount: -order.price },
      { account: account.mpesaClearing, amount: order.price },
    ],
  });
}

/** Delivery accepted with the code: escrow is split into fee and payables. */
export function deliveryReleasePosting(order: Order, meta: PostingMeta): Result<Posting> {
  const riderShare = order.deliveryPaidBy === 'seller' && order.riderPhone ? order.riderPayout : 0;
  return makePosting({
    id: meta.id,
    orderId: order.id,
    kind: 'delivery_release',
    reference: null,
    createdAt: meta.createdAt,
    entries: [
      { account: account.escrow, amount: -order.price },
      { account: account.platformFees, amount: order.serviceFee },
      { account: account.sellerPayable(order.sellerId), amount: order.sellerPayout },
      ...(riderShare > 0 && order.riderPhone ? [{ account: account.riderPayable(order.riderPhone), amount: riderShare }] : []),
    ],
  });
}

/** Settlement: what was released to the seller (and rider) is paid out. */
export function settlementPosting(order: Order, meta: PostingMeta): Result<Posting> {
  // The rider cannot change after delivery, so the phone credited at release is still on the order.
  const riderPhone = order.riderPhone;
  const riderShare = order.deliveryPaidBy === 'seller' && riderPhone ? order.riderPayout : 0;
  return makePosting({
    id: meta.id,
    orderId: order.id,
    kind: 'settlement_out',
    reference: meta.reference ?? null,
    createdAt: meta.createdAt,
    entries: [
      { account: account.sellerPayable(order.sellerId), amount: -order.sellerPayout },
      ...(riderShare > 0 && riderPhone ? [{ account: account.riderPayable(riderPhone), amount: -riderShare }] : []),
      { account: account.payoutsSent, amount: order.sellerPayout + riderShare },
    ],
  });
}

/** Refund: everything held in escrow goes back to the buyer, then out by M-Pesa. */
export function refundPostings(order: Order, meta: { reserveId: string; outId: string; createdAt: Date; reference: string }): Result<Posting>[] {
  return [
    makePosting({
      id: meta.reserveId,
      orderId: order.id,
      kind: 'refund_reserve',
      reference: null,
      createdAt: meta.createdAt,
      entries: [
        { account: account.escrow, amount: -order.price },
        { account: account.buyerRefundable(order.id), amount: order.price },
      ],
    }),
    makePosting({
      id: meta.outId,
      orderId: order.id,
      kind: 'refund_out',
      reference: meta.reference,
      createdAt: meta.createdAt,
      entries: [
        { account: account.buyerRefundable(order.id), amount: -order.price },
        { account: account.refundsSent, amount: order.price },
      ],
    }),
  ];
}

/** Cash orders: no escrow; the fee is recorded as owed by the seller. */
export function cashFeePosting(order: Order, meta: PostingMeta): Result<Posting> {
  return makePosting({
    id: meta.id,
    orderId: order.id,
    kind: 'cash_fee_owed',
    reference: null,
    createdAt: meta.createdAt,
    entries: [
      { account: account.sellerFeesOwed(order.sellerId), amount: -order.serviceFee },
      { account: account.platformFees, amount: order.serviceFee },
    ],
  });
}
