import type { Order } from '../orders/order.js';
import type { SellerDashboardFigures } from '../orders/seller-dashboard.js';
import type { RefundRequest, RefundStatus } from './records.js';

/** The columns an order list shows (a row of the seller's list), fewer than a whole order. */
export type OrderListRow = Pick<
  Order,
  | 'id'
  | 'trackingNumber'
  | 'itemName'
  | 'status'
  | 'paymentMethod'
  | 'price'
  | 'serviceFee'
  | 'sellerPayout'
  | 'riderPayout'
  | 'deliveryCost'
  | 'paymentConfirmed'
  | 'settlementPaid'
  | 'buyerName'
  | 'riderName'
  | 'riderPhone'
  | 'codeLockedAt'
  | 'createdAt'
>;

/** A window of a list, newest first. */
export interface PageRequest {
  readonly limit: number;
  readonly offset: number;
}

export interface Paged<T> {
  readonly items: readonly T[];
  /** How many items the whole list holds (for "page 2 of 7"). */
  readonly total: number;
}

export interface RefundRequestRow {
  readonly request: RefundRequest;
  readonly order: Order;
  readonly sellerBusinessName: string | null;
}

/** Who a session is now, for streams that outlive the request that opened them. */
export interface SessionAccess {
  readonly userId: string;
  readonly isAdmin: boolean;
  readonly sellerId: string | null;
}

/**
 * Read models for screens: lists, totals and figures computed by the database (an aggregate
 * over thousands of orders is not loaded into memory). They never change anything; every
 * change goes through the use cases and `EscrowStore`.
 */
export interface EscrowQueries {
  /** The seller's orders, newest first (created_at, then id), with the seller's total; list columns only. */
  sellerOrders(sellerId: string, page: PageRequest): Promise<Paged<OrderListRow>>;
  /** Spec section 9 figures; must equal `sellerDashboardFigures` over the same orders. */
  sellerDashboard(sellerId: string): Promise<SellerDashboardFigures>;
  /** Refund requests with their orders, oldest open first (the queue an admin works through). */
  refundRequests(filter: { readonly status?: RefundStatus | undefined }, page: PageRequest): Promise<Paged<RefundRequestRow>>;
  /** The session's user, role and seller now, or null when the session has ended. */
  sessionAccess(sessionId: string, now: Date): Promise<SessionAccess | null>;
}
