import type { Locale } from '../i18n/locale.js';
import type { Cents, DeliveryPaidBy } from '../money/index.js';
import type { OrderStatus, PaymentMethod } from './order-status.js';

/** An order as the core sees it. Times are UTC `Date`s; phones are E.164. */
export interface Order {
  readonly id: string;
  readonly sellerId: string;
  readonly trackingNumber: string;
  readonly itemName: string;
  readonly price: Cents;
  readonly productPhotoUrl: string | null;
  readonly packagedPhotoUrl: string | null;
  readonly pickupPhotoUrl: string | null;
  readonly paymentMethod: PaymentMethod;
  readonly buyerCashAmount: Cents | null;
  readonly buyerName: string;
  readonly buyerPhone: string;
  /**
   * The language the buyer's texts are sent in (decision 0066): chosen by the seller when the
   * order is made, then by the buyer's own switch on their page. The payer gets the code in it too.
   */
  readonly buyerLocale: Locale;
  readonly buyerAddress: string;
  readonly pinLocationLink: string | null;
  readonly landmark: string | null;
  readonly houseNumber: string | null;
  readonly estate: string | null;
  readonly pickupLocation: string;
  readonly deliveryCode: string;
  readonly deliveryCost: Cents;
  readonly deliveryPaidBy: DeliveryPaidBy;
  readonly feeBasisPoints: number;
  readonly serviceFee: Cents;
  readonly sellerPayout: Cents;
  readonly riderPayout: Cents;
  readonly status: OrderStatus;
  readonly paymentConfirmed: boolean;
  readonly paymentConfirmedAt: Date | null;
  readonly mpesaReceipt: string | null;
  /**
   * What verified the payment with M-Pesa (PRODUCT-DECISIONS, Real money): 'stk_query',
   * 'c2b_confirmation', 'transaction_status', or 'admin:<user id>' for a payment an admin
   * attached. Null on a paid order means it was paid on a typed receipt alone, before
   * payments were verified: its money is not paid out.
   */
  readonly paymentVerifiedBy: string | null;
  /** What M-Pesa says was received; above the price, the rest waits in suspense for an admin. */
  readonly paymentReceived: Cents | null;
  /**
   * The buyer typed a receipt no verified payment matched (yet): a claim, held in
   * `mpesa_unverified`, never in escrow, until M-Pesa confirms it. Kept as history after.
   */
  readonly paymentClaimedAt: Date | null;
  readonly paymentClaimReceipt: string | null;
  /**
   * The secret of the buyer link the seller shares (PRODUCT-DECISIONS, Real money): it shows the
   * order and the payment action, never the delivery code.
   */
  readonly buyerViewKey: string;
  /** E.164: the phone that paid, as M-Pesa gave it; the delivery code is sent there by SMS. */
  readonly payerPhone: string | null;
  /** The payer's browser (an HttpOnly cookie): the buyer page shows the delivery code there. */
  readonly payerToken: string | null;
  readonly termsAcceptedAt: Date | null;
  readonly settlementPaid: boolean;
  readonly settledAt: Date | null;
  readonly settlementReference: string | null;
  readonly riderName: string | null;
  readonly riderPhone: string | null;
  /** Per-assignment secret carried in the rider link; replaced on every (re)assignment. */
  readonly riderKey: string | null;
  readonly riderAssignedAt: Date | null;
  readonly riderAcceptedAt: Date | null;
  readonly pickedUpAt: Date | null;
  readonly deliveredAt: Date | null;
  readonly cancelledAt: Date | null;
  readonly codeAttempts: number;
  readonly codeLockedAt: Date | null;
  readonly estimatedDistanceKm: number | null;
  readonly estimatedTimeMinutes: number | null;
  readonly createdAt: Date;
  readonly updatedAt: Date;
  /** Optimistic-concurrency counter: every update is conditional on it and bumps it. */
  readonly version: number;
}

export type OrderChanges = Partial<Omit<Order, 'id' | 'sellerId' | 'createdAt' | 'version'>>;

/** The links are derived, never stored: the path part is the same on every host. */
export function buyerLinkPath(order: Pick<Order, 'id' | 'buyerViewKey'>): string {
  return `/buyer/order/${encodeURIComponent(order.id)}?code=${order.buyerViewKey}`;
}

export function sellerLinkPath(order: Pick<Order, 'id'>): string {
  return `/order/${encodeURIComponent(order.id)}`;
}

export function riderLinkPath(order: Pick<Order, 'id' | 'riderPhone' | 'riderKey'>): string | null {
  if (!order.riderPhone || !order.riderKey) return null;
  return `/rider/${encodeURIComponent(order.id)}?phone=${encodeURIComponent(order.riderPhone)}&key=${encodeURIComponent(order.riderKey)}`;
}
