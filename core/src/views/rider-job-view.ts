import type { Cents } from '../money/cents.js';
import type { DeliveryPaidBy } from '../money/payouts.js';
import type { Order } from '../orders/order.js';
import { actionsFor } from '../orders/access.js';
import type { OrderAction } from '../orders/transitions.js';
import type { PaymentMethod } from '../orders/order-status.js';
import type { SellerRef } from '../ports/records.js';
import { MAX_WRONG_CODE_ATTEMPTS } from '../codes/delivery-code.js';
import { isoOrNull, progressView, type ProgressView } from './order-progress.js';

/**
 * What the assigned rider (phone + the key of the current assignment) sees of a job: where
 * to pick up, where to deliver, what to collect at the door. Never the delivery code (the
 * buyer gives it at the door) and never the link key (the rider holds it; it is handed out
 * once, by the assignment or by taking the job). The buyer's name, phone and exact address
 * (house number, pin) only once the rider accepted the job (decision 0046): before, the
 * delivery area (estate, landmark) tells the rider enough to decide.
 */
export interface RiderJobView extends ProgressView {
  readonly id: string;
  readonly trackingNumber: string;
  readonly itemName: string;
  readonly productPhotoUrl: string | null;
  readonly packagedPhotoUrl: string | null;
  readonly pickupPhotoUrl: string | null;
  readonly riderName: string | null;
  readonly accepted: boolean;
  readonly acceptedAt: string | null;
  readonly pickedUpAt: string | null;
  readonly deliveredAt: string | null;
  readonly pickup: { readonly sellerBusinessName: string | null; readonly location: string; readonly sellerLocation: string | null; readonly sellerPhone: string | null };
  readonly delivery: {
    /** True until the rider accepts: then name, phone, address, house number and pin are null. */
    readonly buyerDetailsHidden: boolean;
    readonly buyerName: string | null;
    readonly buyerPhone: string | null;
    readonly address: string | null;
    readonly landmark: string | null;
    readonly estate: string | null;
    readonly houseNumber: string | null;
    readonly pinLocationLink: string | null;
  };
  readonly estimatedDistanceKm: number | null;
  readonly estimatedTimeMinutes: number | null;
  readonly paymentMethod: PaymentMethod;
  /** mpesa_pod: the code is refused until the buyer's Paybill payment is confirmed. */
  readonly paymentConfirmed: boolean;
  /** Integer cents. */
  readonly deliveryCost: Cents;
  readonly deliveryPaidBy: DeliveryPaidBy;
  /** What the rider collects at the door: the delivery fee (buyer pays delivery) and, for cash orders, the cash amount. */
  readonly collectFromBuyer: { readonly deliveryFee: Cents | null; readonly cashAmount: Cents | null };
  readonly riderPayout: Cents;
  readonly codeLocked: boolean;
  readonly codeAttemptsLeft: number;
  /** What the rider may do now, by the transition table (decision 0062): the page shows those steps; the server decides again. */
  readonly actions: readonly OrderAction[];
}

/** The buyer's personal details reach the rider who accepted the job, and no one before. */
export function riderSeesBuyerDetails(order: Pick<Order, 'riderAcceptedAt'>): boolean {
  return order.riderAcceptedAt !== null;
}

export function riderJobView(order: Order, seller: SellerRef | null): RiderJobView {
  const shown = riderSeesBuyerDetails(order);
  return {
    id: order.id,
    trackingNumber: order.trackingNumber,
    itemName: order.itemName,
    productPhotoUrl: order.productPhotoUrl,
    packagedPhotoUrl: order.packagedPhotoUrl,
    pickupPhotoUrl: order.pickupPhotoUrl,
    ...progressView(order.status),
    riderName: order.riderName,
    accepted: order.riderAcceptedAt !== null,
    acceptedAt: isoOrNull(order.riderAcceptedAt),
    pickedUpAt: isoOrNull(order.pickedUpAt),
    deliveredAt: isoOrNull(order.deliveredAt),
    pickup: {
      sellerBusinessName: seller?.businessName ?? null,
      location: order.pickupLocation,
      sellerLocation: seller?.location ?? null,
      sellerPhone: seller?.phone ?? null,
    },
    delivery: {
      buyerDetailsHidden: !shown,
      buyerName: shown ? order.buyerName : null,
      buyerPhone: shown ? order.buyerPhone : null,
      address: shown ? order.buyerAddress : null,
      landmark: order.landmark,
      estate: order.estate,
      houseNumber: shown ? order.houseNumber : null,
      pinLocationLink: shown ? order.pinLocationLink : null,
    },
    estimatedDistanceKm: order.estimatedDistanceKm,
    estimatedTimeMinutes: order.estimatedTimeMinutes,
    paymentMethod: order.paymentMethod,
    paymentConfirmed: order.paymentConfirmed,
    deliveryCost: order.deliveryCost,
    deliveryPaidBy: order.deliveryPaidBy,
    collectFromBuyer: {
      deliveryFee: order.deliveryPaidBy === 'buyer' ? order.deliveryCost : null,
      cashAmount: order.paymentMethod === 'cash' ? order.buyerCashAmount : null,
    },
    riderPayout: order.riderPayout,
    codeLocked: order.codeLockedAt !== null,
    codeAttemptsLeft: Math.max(0, MAX_WRONG_CODE_ATTEMPTS - order.codeAttempts),
    actions: actionsFor(order, 'rider'),
  };
}

/**
 * A job in the rider dashboard's lists (available and assigned), which anyone who knows a
 * rider's phone number can read: riders have no login. So: the item, the seller, the pickup
 * area and the delivery area (the estate), the fee; no buyer name, phone, address, house
 * number or pin, no price, no code, no key. The full job needs the rider link's key.
 */
export interface RiderJobSummary {
  readonly id: string;
  readonly itemName: string;
  readonly status: Order['status'];
  readonly statusLabel: string;
  readonly sellerBusinessName: string | null;
  readonly pickupArea: string;
  /** The buyer's estate when the seller gave one; never the street address. */
  readonly deliveryArea: string | null;
  readonly deliveryCost: Cents;
  readonly deliveryPaidBy: DeliveryPaidBy;
  readonly estimatedDistanceKm: number | null;
  readonly estimatedTimeMinutes: number | null;
  readonly accepted: boolean;
  readonly createdAt: string;
}

export function riderJobSummary(order: Order, seller: Pick<SellerRef, 'businessName'> | null): RiderJobSummary {
  const progress = progressView(order.status);
  return {
    id: order.id,
    itemName: order.itemName,
    status: order.status,
    statusLabel: progress.statusLabel,
    sellerBusinessName: seller?.businessName ?? null,
    pickupArea: order.pickupLocation,
    deliveryArea: order.estate,
    deliveryCost: order.deliveryCost,
    deliveryPaidBy: order.deliveryPaidBy,
    estimatedDistanceKm: order.estimatedDistanceKm,
    estimatedTimeMinutes: order.estimatedTimeMinutes,
    accepted: order.riderAcceptedAt !== null,
    createdAt: order.createdAt.toISOString(),
  };
}

/** The answer to a rider's change: the new status; the screen re-reads the job. */
export interface RiderJobStatusView extends ProgressView {
  readonly id: string;
  readonly accepted: boolean;
  readonly codeLocked: boolean;
}

export function riderJobStatusView(order: Order): RiderJobStatusView {
  return { id: order.id, ...progressView(order.status), accepted: order.riderAcceptedAt !== null, codeLocked: order.codeLockedAt !== null };
}
