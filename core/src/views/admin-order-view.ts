import { claimPending } from '../ledger/ledger-audit.js';
import type { Order } from '../orders/order.js';
import { actionsFor } from '../orders/access.js';
import { adminStatusLabel } from '../orders/progress.js';
import type { RefundRequestRow } from '../ports/escrow-queries.js';
import { isoOrNull } from './order-progress.js';
import { refundRequestView } from './seller-order-view.js';

/** A paid order with no rider this long may be refunded on the buyer's request (PRODUCT-DECISIONS). */
export const NO_RIDER_REFUND_AFTER_MS = 72 * 3_600_000;

/**
 * One order as an admin sees it (the order's page, the refund queue): the list's columns
 * (admin-order-list-view.ts) plus receipts, settlement and timing. Admins read orders but
 * never see the delivery code or the rider's link key: neither is needed to settle, unlock or
 * refund. `sellerBusinessName` is null when there is no name to show (the screen says 'N/A').
 */
export function adminOrderView(order: Order, sellerBusinessName: string | null, claimCheck: string | null = null) {
  const actions = actionsFor(order, 'admin');
  return {
    id: order.id,
    trackingNumber: order.trackingNumber,
    itemName: order.itemName,
    sellerId: order.sellerId,
    sellerBusinessName,
    buyerName: order.buyerName,
    buyerPhone: order.buyerPhone,
    paymentMethod: order.paymentMethod,
    price: order.price,
    serviceFee: order.serviceFee,
    sellerPayout: order.sellerPayout,
    riderPayout: order.riderPayout,
    deliveryCost: order.deliveryCost,
    deliveryPaidBy: order.deliveryPaidBy,
    status: order.status,
    statusLabel: adminStatusLabel(order.status),
    paymentConfirmed: order.paymentConfirmed,
    mpesaReceipt: order.mpesaReceipt,
    /** Who or what verified the payment with M-Pesa; null on a paid order: paid on a typed receipt alone (no payout). */
    paymentVerifiedBy: order.paymentVerifiedBy,
    paymentReceived: order.paymentReceived,
    paymentBeingVerified: claimPending(order),
    paymentClaimReceipt: order.paymentClaimReceipt,
    /** An open claim: what M-Pesa's Transaction Status said of its receipt, or that it is being asked (claimCheckNote). */
    paymentClaimCheck: claimPending(order) ? claimCheck : null,
    settlementPaid: order.settlementPaid,
    settledAt: isoOrNull(order.settledAt),
    settlementReference: order.settlementReference,
    /** 'Mark Paid' (confirm_settlement): delivered, not yet settled, the payment verified (or cash). Kept beside `actions` for older screens. */
    canMarkPaid: actions.includes('confirm_settlement'),
    riderName: order.riderName,
    riderPhone: order.riderPhone,
    codeLocked: order.codeLockedAt !== null,
    codeAttempts: order.codeAttempts,
    createdAt: order.createdAt.toISOString(),
    deliveredAt: isoOrNull(order.deliveredAt),
    /** What an admin may do now, by the transition table (decision 0062): the screen shows those buttons; the server decides again. */
    actions,
  };
}

export type AdminOrderView = ReturnType<typeof adminOrderView>;

/** A refund request in the admin queue, with what deciding it needs. */
export function adminRefundRequestView(row: RefundRequestRow, now: Date) {
  const { order } = row;
  const paidSince = order.paymentConfirmedAt?.getTime() ?? null;
  return {
    ...refundRequestView(row.request),
    order: adminOrderView(order, row.sellerBusinessName),
    /** The 72-hour rule is shown to the admin, not applied automatically (decision 0008). */
    paidWithoutRiderFor72Hours: order.status === 'paid' && order.riderPhone === null && paidSince !== null && now.getTime() - paidSince >= NO_RIDER_REFUND_AFTER_MS,
  };
}

export type AdminRefundRequestView = ReturnType<typeof adminRefundRequestView>;
