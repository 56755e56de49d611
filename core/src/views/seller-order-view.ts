import { maskedPhone } from '../messages/buyer-sms.js';
import { fillText, viewTexts } from '../messages/view-texts.js';
import { claimPending } from '../ledger/ledger-audit.js';
import type { Cents } from '../money/cents.js';
import { MAX_WRONG_CODE_ATTEMPTS } from '../codes/delivery-code.js';
import type { Order } from '../orders/order.js';
import { actionsFor } from '../orders/access.js';
import { maskedReceipt } from '../payments/payer-binding.js';
import type { PaymentMethod } from '../orders/order-status.js';
import type { OrderListRow } from '../ports/escrow-queries.js';
import type { Feedback, RefundRequest, Rider, RiderPaymentConfirmation, SellerRef } from '../ports/records.js';
import { SELLER_PAYOUT_HOLDS, type Payout } from '../payouts/payout.js';
import { nairobiDateTime } from '../export/orders-csv.js';
import { isoOrNull, progressView, type ProgressView } from './order-progress.js';

/** A row of the seller's order list (dashboard): enough to find the order, no code, no links. */
export interface SellerOrderSummary extends ProgressView {
  readonly id: string;
  readonly trackingNumber: string;
  readonly itemName: string;
  readonly paymentMethod: PaymentMethod;
  /** Integer cents. */
  readonly price: Cents;
  readonly serviceFee: Cents;
  readonly sellerPayout: Cents;
  readonly riderPayout: Cents;
  readonly deliveryCost: Cents;
  readonly paymentConfirmed: boolean;
  readonly settlementPaid: boolean;
  readonly buyerName: string;
  readonly riderName: string | null;
  readonly riderPhone: string | null;
  readonly codeLocked: boolean;
  readonly createdAt: string;
}

export function sellerOrderSummary(order: OrderListRow): SellerOrderSummary {
  return {
    id: order.id,
    trackingNumber: order.trackingNumber,
    itemName: order.itemName,
    ...progressView(order.status),
    paymentMethod: order.paymentMethod,
    price: order.price,
    serviceFee: order.serviceFee,
    sellerPayout: order.sellerPayout,
    riderPayout: order.riderPayout,
    deliveryCost: order.deliveryCost,
    paymentConfirmed: order.paymentConfirmed,
    settlementPaid: order.settlementPaid,
    buyerName: order.buyerName,
    riderName: order.riderName,
    riderPhone: order.riderPhone,
    codeLocked: order.codeLockedAt !== null,
    createdAt: order.createdAt.toISOString(),
  };
}

/** Absolute links built by the app from the core's paths (docs/decisions/0006). */
export interface OrderLinks {
  readonly buyer: string;
  readonly seller: string;
  /** Carries the current assignment's key; null without a rider. */
  readonly rider: string | null;
}

export interface SellerOrderExtras {
  readonly seller: SellerRef | null;
  readonly feedback: Feedback | null;
  readonly openRefundRequest: RefundRequest | null;
  readonly riderPayments: readonly RiderPaymentConfirmation[];
  readonly links: OrderLinks;
  /** The seller's payout by M-Pesa (decision 0051), when there is one. */
  readonly sellerPayout?: Payout | null;
}

/** Where the seller's money is, in the seller's words (never the internals of a failure: an admin deals with those). */
export function sellerPayoutView(payout: Payout | null | undefined) {
  if (!payout) return null;
  const paid = payout.state === 'succeeded' || payout.state === 'recorded';
  const delayed = payout.state === 'failed' || (payout.state === 'unknown' && payout.statusChecks > 2);
  // Queued with a reason: waiting out new payout details (decision 0049) or a Paybill's account number.
  const held = payout.state === 'queued' && payout.problem !== null ? sellerHold(payout) : null;
  return {
    state: paid ? ('paid' as const) : delayed ? ('delayed' as const) : held ? ('held' as const) : payout.state === 'awaiting_approval' ? ('awaiting_approval' as const) : ('on_its_way' as const),
    amount: payout.amount,
    receipt: paid ? payout.receipt : null,
    message: paid
      ? payout.receipt
        ? fillText(viewTexts.payout.paidWithReceipt, { receipt: payout.receipt })
        : viewTexts.payout.paid
      : delayed
        ? viewTexts.payout.delayed
        : (held ?? (payout.state === 'awaiting_approval' ? viewTexts.payout.awaitingApproval : viewTexts.payout.onItsWay)),
  };
}

function sellerHold(payout: Payout): string | null {
  if (payout.problem === SELLER_PAYOUT_HOLDS.paybillAccount) return viewTexts.payout.waitsForPaybillAccount;
  if (payout.problem?.endsWith(SELLER_PAYOUT_HOLDS.newDetails) && payout.nextAttemptAt) {
    return fillText(viewTexts.payout.heldForNewDetails, { until: nairobiDateTime(payout.nextAttemptAt) });
  }
  return null;
}

/**
 * The order as its seller sees it (`/order/{id}` with a seller session; the create-order result
 * screen): every field of the order, the delivery code (the seller sends the buyer link), the
 * buyer, seller and rider links, the seller's own business data joined, feedback, an open
 * refund request and the rider's payment records. Never the raw rider key outside the link.
 */
export function sellerOrderView(order: Order, extras: SellerOrderExtras) {
  const { seller, feedback, openRefundRequest, riderPayments, links } = extras;
  return {
    ...sellerOrderSummary(order),
    productPhotoUrl: order.productPhotoUrl,
    packagedPhotoUrl: order.packagedPhotoUrl,
    pickupPhotoUrl: order.pickupPhotoUrl,
    buyerCashAmount: order.buyerCashAmount,
    buyerPhone: order.buyerPhone,
    buyerAddress: order.buyerAddress,
    // The language of the buyer's SMS (decision 0066): the seller's choice, or the buyer's own since.
    buyerLocale: order.buyerLocale,
    pinLocationLink: order.pinLocationLink,
    landmark: order.landmark,
    houseNumber: order.houseNumber,
    estate: order.estate,
    pickupLocation: order.pickupLocation,
    // Never the delivery code (PRODUCT-DECISIONS, Real money): where it was sent, instead.
    codeSentTo: order.payerPhone ? maskedPhone(order.payerPhone) : null,
    deliveryPaidBy: order.deliveryPaidBy,
    feeBasisPoints: order.feeBasisPoints,
    paymentConfirmedAt: isoOrNull(order.paymentConfirmedAt),
    // Masked (decision 0047): typing the whole receipt binds a browser as the payer's.
    mpesaReceipt: maskedReceipt(order.mpesaReceipt),
    // "The buyer reports payment" (a claim), never "held in escrow", until M-Pesa confirms it.
    paymentBeingVerified: claimPending(order),
    paymentClaimReceipt: claimPending(order) ? maskedReceipt(order.paymentClaimReceipt) : null,
    paymentVerifiedBy: order.paymentVerifiedBy,
    settledAt: isoOrNull(order.settledAt),
    riderAssignedAt: isoOrNull(order.riderAssignedAt),
    riderAcceptedAt: isoOrNull(order.riderAcceptedAt),
    pickedUpAt: isoOrNull(order.pickedUpAt),
    deliveredAt: isoOrNull(order.deliveredAt),
    cancelledAt: isoOrNull(order.cancelledAt),
    codeAttempts: order.codeAttempts,
    codeAttemptsLeft: Math.max(0, MAX_WRONG_CODE_ATTEMPTS - order.codeAttempts),
    codeLockedAt: isoOrNull(order.codeLockedAt),
    estimatedDistanceKm: order.estimatedDistanceKm,
    estimatedTimeMinutes: order.estimatedTimeMinutes,
    updatedAt: order.updatedAt.toISOString(),
    links,
    seller: seller ? { id: seller.id, businessName: seller.businessName, location: seller.location, phone: seller.phone } : null,
    feedback: feedback
      ? { buyerName: feedback.buyerName, riderRating: feedback.riderRating, sellerRating: feedback.sellerRating, comment: feedback.comment, createdAt: feedback.createdAt.toISOString() }
      : null,
    refundRequest: openRefundRequest ? refundRequestView(openRefundRequest) : null,
    riderPayments: riderPayments.map((p) => ({ riderPhone: p.riderPhone, paymentReceived: p.paymentReceived, paymentIssue: p.paymentIssue, createdAt: p.createdAt.toISOString() })),
    payout: sellerPayoutView(extras.sellerPayout),
    /** What the seller may do now, by the transition table: the screen shows those buttons (display only; the server decides again). */
    actions: actionsFor(order, 'seller'),
  };
}

export type SellerOrderView = ReturnType<typeof sellerOrderView>;

export function refundRequestView(request: RefundRequest) {
  return {
    id: request.id,
    requestedBy: request.requestedBy,
    reason: request.reason,
    status: request.status,
    createdAt: request.createdAt.toISOString(),
    resolvedAt: isoOrNull(request.resolvedAt),
    mpesaReference: request.mpesaReference,
    resolutionNote: request.resolutionNote,
  };
}

/** A rider on the seller's list (the rider management dialog). */
export function riderView(rider: Rider) {
  return { id: rider.id, name: rider.name, phone: rider.phone, motorbikePlate: rider.motorbikePlate, createdAt: rider.createdAt.toISOString() };
}

export type RiderView = ReturnType<typeof riderView>;
