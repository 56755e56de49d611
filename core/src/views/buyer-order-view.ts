import { maskedPhone } from '../messages/buyer-sms.js';
import { fillText, viewTexts } from '../messages/view-texts.js';
import { claimPending } from '../ledger/ledger-audit.js';
import { formatKsh, type Cents } from '../money/cents.js';
import type { DeliveryPaidBy } from '../money/payouts.js';
import type { Order } from '../orders/order.js';
import { actionsFor } from '../orders/access.js';
import type { OrderAction } from '../orders/transitions.js';
import type { PaymentMethod } from '../orders/order-status.js';
import type { Feedback } from '../ports/records.js';
import type { Payout } from '../payouts/payout.js';
import { isoOrNull, progressView, type ProgressView } from './order-progress.js';

/** The platform Paybill the buyer pays into (operator configuration; may be unset). */
export interface PaybillDestination {
  readonly businessNumber?: string | undefined;
  readonly accountName?: string | undefined;
}

export const PAYMENT_DETAILS_NOT_CONFIGURED = viewTexts.payment.detailsNotConfigured;

export type BuyerPaymentInstructions =
  | {
      readonly configured: true;
      readonly businessNumber: string;
      readonly accountName: string;
      /** The order's tracking number: the M-Pesa account reference. */
      readonly accountNumber: string;
      /** Integer cents: the product price, paid into escrow. */
      readonly amount: Cents;
    }
  /** Never a made-up number: money sent to a wrong Paybill is lost to a stranger. */
  | { readonly configured: false; readonly message: string };

export interface BuyerOrderView extends ProgressView {
  readonly id: string;
  readonly trackingNumber: string;
  readonly itemName: string;
  readonly productPhotoUrl: string | null;
  readonly packagedPhotoUrl: string | null;
  /** Photo proof of pickup, once the rider has taken the item. */
  readonly pickupPhotoUrl: string | null;
  readonly sellerBusinessName: string | null;
  readonly paymentMethod: PaymentMethod;
  /** Integer cents. */
  readonly price: Cents;
  readonly serviceFee: Cents;
  readonly deliveryCost: Cents;
  readonly deliveryPaidBy: DeliveryPaidBy;
  readonly buyerCashAmount: Cents | null;
  readonly paymentConfirmed: boolean;
  /** The buyer typed a receipt M-Pesa has not confirmed yet: "payment being verified". */
  readonly paymentBeingVerified: boolean;
  /** Present while the buyer still has to pay the Paybill; null otherwise. */
  readonly payment: BuyerPaymentInstructions | null;
  /** The buyer's own delivery details, as the seller entered them. */
  readonly delivery: {
    readonly buyerName: string;
    /** E.164; the page prefills the M-Pesa prompt's phone with it (the buyer's own number). */
    readonly buyerPhone: string;
    readonly address: string;
    readonly landmark: string | null;
    readonly estate: string | null;
    readonly houseNumber: string | null;
    readonly pinLocationLink: string | null;
  };
  readonly rider: { readonly name: string | null; readonly phone: string } | null;
  readonly refundRequested: boolean;
  /** A paid order that was refunded: where the money is (null for every other order). */
  readonly refund: BuyerRefundView | null;
  /**
   * The delivery code, only for the buyer who holds it (PRODUCT-DECISIONS, Real money): typed,
   * from an old link that carried it, or in the payer's browser. Null on the shared link's view.
   */
  readonly deliveryCode: string | null;
  /** Whether this caller holds the code: refund requests and feedback are theirs alone. */
  readonly holdsCode: boolean;
  /** "07xx xxx 123": the phone the code was sent to by SMS; null when none was (yet). */
  readonly codeSentTo: string | null;
  readonly feedback: { readonly riderRating: number; readonly sellerRating: number; readonly comment: string | null; readonly createdAt: string } | null;
  readonly createdAt: string;
  readonly deliveredAt: string | null;
  /**
   * What this buyer may do now, by the transition table (decision 0062): refund requests and
   * feedback only with the code. The page shows those buttons; the server decides again.
   */
  readonly actions: readonly OrderAction[];
}

/** The refund of a paid order that was cancelled, as the buyer reads it. */
export interface BuyerRefundView {
  /** on_its_way: M-Pesa is sending it; delayed: it failed and a person is on it; sent: paid. */
  readonly state: 'on_its_way' | 'delayed' | 'sent';
  readonly amount: number;
  readonly receipt: string | null;
  readonly message: string;
}

export function buyerRefundView(order: Order, payout: Payout | null): BuyerRefundView | null {
  if (order.status !== 'cancelled' || !order.paymentConfirmed) return null;
  const texts = viewTexts.refund;
  const values = { amount: formatKsh(order.price), phone: order.payerPhone ? maskedPhone(order.payerPhone) : '' };
  const withPhone = values.phone !== '';
  // Refunded by hand before payouts: the admin recorded it as sent.
  if (!payout) return { state: 'sent', amount: order.price, receipt: null, message: fillText(texts.refundedByHand, values) };
  switch (payout.state) {
    case 'succeeded':
    case 'recorded': {
      const text = payout.receipt ? (withPhone ? texts.sentToPhoneWithReceipt : texts.sentWithReceipt) : withPhone ? texts.sentToPhone : texts.sent;
      return { state: 'sent', amount: order.price, receipt: payout.receipt, message: fillText(text, { ...values, receipt: payout.receipt ?? '' }) };
    }
    case 'failed':
    case 'awaiting_approval':
      return { state: 'delayed', amount: order.price, receipt: null, message: fillText(texts.delayed, values) };
    default:
      return { state: 'on_its_way', amount: order.price, receipt: null, message: fillText(withPhone ? texts.onItsWayToPhone : texts.onItsWay, values) };
  }
}

/** Payment instructions while the buyer still owes the Paybill (never for cash orders). */
export function buyerPaymentInstructions(order: Order, paybill: PaybillDestination): BuyerPaymentInstructions | null {
  if (order.paymentMethod === 'cash' || order.paymentConfirmed) return null;
  if (order.status === 'cancelled') return null;
  const { businessNumber, accountName } = paybill;
  if (!businessNumber || !accountName) return { configured: false, message: PAYMENT_DETAILS_NOT_CONFIGURED };
  return { configured: true, businessNumber, accountName, accountNumber: order.trackingNumber, amount: order.price };
}

/**
 * What the buyer sees: with the shared link's view key, the order and the payment action; the
 * delivery code only for the buyer who holds it (`extras.holdsCode`: orders/access.ts
 * holdsDeliveryCode). Never the rider's link key, never the seller's payout.
 */
export function buyerOrderView(
  order: Order,
  extras: { sellerBusinessName: string | null; feedback: Feedback | null; refundRequested: boolean; paybill: PaybillDestination; holdsCode: boolean; refundPayout?: Payout | null },
): BuyerOrderView {
  const feedback = extras.feedback;
  return {
    id: order.id,
    trackingNumber: order.trackingNumber,
    itemName: order.itemName,
    productPhotoUrl: order.productPhotoUrl,
    packagedPhotoUrl: order.packagedPhotoUrl,
    pickupPhotoUrl: order.pickupPhotoUrl,
    sellerBusinessName: extras.sellerBusinessName,
    ...progressView(order.status),
    paymentMethod: order.paymentMethod,
    price: order.price,
    serviceFee: order.serviceFee,
    deliveryCost: order.deliveryCost,
    deliveryPaidBy: order.deliveryPaidBy,
    buyerCashAmount: order.buyerCashAmount,
    paymentConfirmed: order.paymentConfirmed,
    paymentBeingVerified: claimPending(order),
    payment: buyerPaymentInstructions(order, extras.paybill),
    delivery: {
      buyerName: order.buyerName,
      buyerPhone: order.buyerPhone,
      address: order.buyerAddress,
      landmark: order.landmark,
      estate: order.estate,
      houseNumber: order.houseNumber,
      pinLocationLink: order.pinLocationLink,
    },
    rider: order.riderPhone ? { name: order.riderName, phone: order.riderPhone } : null,
    refundRequested: extras.refundRequested,
    refund: buyerRefundView(order, extras.refundPayout ?? null),
    deliveryCode: extras.holdsCode ? order.deliveryCode : null,
    holdsCode: extras.holdsCode,
    codeSentTo: order.payerPhone ? maskedPhone(order.payerPhone) : null,
    feedback: feedback
      ? { riderRating: feedback.riderRating, sellerRating: feedback.sellerRating, comment: feedback.comment, createdAt: feedback.createdAt.toISOString() }
      : null,
    createdAt: order.createdAt.toISOString(),
    deliveredAt: isoOrNull(order.deliveredAt),
    actions: actionsFor(order, 'buyer', { holdsCode: extras.holdsCode }),
  };
}

/** The short answer to a buyer's change (payment, refund, feedback): the screen re-reads the rest. */
export interface BuyerOrderStatusView extends ProgressView {
  readonly id: string;
  readonly paymentConfirmed: boolean;
}

export function buyerOrderStatusView(order: Order): BuyerOrderStatusView {
  return { id: order.id, ...progressView(order.status), paymentConfirmed: order.paymentConfirmed };
}
