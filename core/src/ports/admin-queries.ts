import type { Cents } from '../money/cents.js';
import type { DeliveryPaidBy } from '../money/payouts.js';
import type { OrderStatus, PaymentMethod } from '../orders/order-status.js';
import type { Payout } from '../payouts/payout.js';
import type { SellerPayoutMethod } from '../validation/payment-number.js';
import type { PageRequest, Paged } from './escrow-queries.js';

/** A row of the admin Orders tab: the list's columns, not the whole order. */
export interface AdminOrderListRow {
  readonly id: string;
  readonly trackingNumber: string;
  readonly itemName: string;
  readonly sellerId: string;
  /** Null when the seller record is gone or anonymised (the screen shows 'N/A'). */
  readonly sellerBusinessName: string | null;
  /** Where the seller's payout goes (the 'Mark Paid' dialog shows it); null like the name. */
  readonly sellerPaymentMethod: SellerPayoutMethod | null;
  readonly sellerPaymentNumber: string | null;
  readonly buyerName: string;
  readonly buyerPhone: string;
  readonly paymentMethod: PaymentMethod;
  readonly price: Cents;
  readonly serviceFee: Cents;
  readonly sellerPayout: Cents;
  readonly riderPayout: Cents;
  readonly deliveryCost: Cents;
  readonly deliveryPaidBy: DeliveryPaidBy;
  readonly status: OrderStatus;
  readonly paymentConfirmed: boolean;
  readonly settlementPaid: boolean;
  /** Who or what verified the payment with M-Pesa (Order.paymentVerifiedBy); null: not verified. */
  readonly paymentVerifiedBy: string | null;
  /** When the buyer typed a receipt M-Pesa has not confirmed (a claim), else null. */
  readonly paymentClaimedAt: Date | null;
  readonly riderName: string | null;
  readonly riderPhone: string | null;
  /** Read by the transition table's guards (a view's `actions`), as on a whole order. */
  readonly riderAcceptedAt: Date | null;
  readonly codeLockedAt: Date | null;
  readonly createdAt: Date;
  readonly deliveredAt: Date | null;
  readonly settledAt: Date | null;
}

/**
 * What an admin's search box can mean, worked out by the use case (admin-order-search.ts):
 * each part that is not null is one way to match; an order matches if any part does.
 */
export interface AdminOrderSearch {
  /** Upper-cased, letters and digits only. */
  readonly trackingNumber: string | null;
  /** E.164, from any accepted way of writing a Kenyan number. */
  readonly buyerPhone: string | null;
  /** Matched case-insensitively anywhere in the seller's business name. */
  readonly businessName: string | null;
}

export interface AdminOrderFilter {
  readonly status?: OrderStatus | undefined;
  readonly search?: AdminOrderSearch | undefined;
}

/** The six summary cards of the admin screen (spec section 2), computed by the database. */
export interface AdminSummaryFigures {
  readonly totalOrders: number;
  /** Sum of service_fee over settlement_completed orders (spec section 9). */
  readonly revenue: Cents;
  readonly awaitingSettlementCount: number;
  /** Sum of seller_payout + rider_payout over awaiting_settlement orders (the spec's card). */
  readonly awaitingSettlementPayout: Cents;
  /**
   * What the platform must still pay out for them: seller payouts plus the rider's share only
   * where the seller pays delivery (a buyer who pays delivery pays the rider at the door). It
   * equals the ledger's seller and rider payables.
   */
  readonly awaitingSettlementOwed: Cents;
  /** Orders at an end state with the goods delivered: settlement_completed or completed (decision 0031). */
  readonly completedOrders: number;
  readonly totalSellers: number;
  readonly pendingContacts: number;
}

/** A row of the admin Sellers tab. Read only: no admin route changes a seller (product decisions: access). */
export interface AdminSellerRow {
  readonly id: string;
  readonly businessName: string;
  readonly location: string;
  readonly phone: string;
  readonly whatsapp: string | null;
  readonly paymentMethod: SellerPayoutMethod;
  readonly paymentNumber: string;
  readonly createdAt: Date;
}

/** A message of the Contacts tab. */
export interface ContactMessageRow {
  readonly id: string;
  readonly name: string;
  readonly email: string;
  readonly phone: string | null;
  readonly message: string;
  readonly resolved: boolean;
  readonly resolvedAt: Date | null;
  /** The user id of the admin who resolved it. */
  readonly resolvedBy: string | null;
  readonly resolvedByEmail: string | null;
  readonly createdAt: Date;
}

/** The Paybill an admin saved (system_config), with who saved it. */
export interface SavedPaymentConfig {
  readonly businessNumber: string;
  readonly accountNumber: string;
  readonly accountName: string;
  readonly updatedAt: Date;
  readonly updatedBy: string | null;
  readonly updatedByEmail: string | null;
}

/**
 * One order as the CSV export writes it: the spec's eleven columns (section 9), then what money
 * out by M-Pesa added (issue 17): the payment's receipt, the payout's reference and state.
 */
export interface OrderExportRow {
  readonly id: string;
  readonly itemName: string;
  readonly sellerBusinessName: string | null;
  readonly buyerName: string;
  readonly price: Cents;
  readonly status: OrderStatus;
  readonly paymentMethod: PaymentMethod;
  readonly sellerPayout: Cents;
  readonly riderPayout: Cents;
  readonly serviceFee: Cents;
  readonly createdAt: Date;
  /** The M-Pesa receipt of the buyer's payment; null while unpaid (and for cash). */
  readonly mpesaReceipt: string | null;
  readonly settlementPaid: boolean;
  /** The reference Mark Paid recorded (paid by hand), or the payout's receipt once payouts settled the order. */
  readonly settlementReference: string | null;
  /** The order's payouts to the seller and the rider (refunds aside): read once per batch of orders, not per order. */
  readonly payouts: readonly Pick<Payout, 'purpose' | 'state' | 'receipt'>[];
}

/** A delivered order waiting for its payout ('Mark Paid'), with where the money goes. */
export interface SettlementQueueRow {
  readonly orderId: string;
  readonly trackingNumber: string;
  readonly itemName: string;
  readonly deliveredAt: Date | null;
  readonly sellerId: string;
  readonly sellerBusinessName: string | null;
  readonly sellerPaymentMethod: SellerPayoutMethod | null;
  readonly sellerPaymentNumber: string | null;
  readonly sellerPayout: Cents;
  readonly riderName: string | null;
  readonly riderPhone: string | null;
  /** What the platform pays the rider: the rider payout when the seller pays delivery, else 0 (the buyer paid at the door). */
  readonly riderShare: Cents;
}

/** Created at or after `from` and before `until` (either may be open). */
export interface TimeRange {
  readonly from?: Date | undefined;
  readonly until?: Date | undefined;
}

/**
 * Read models of the admin area, computed by the database (lists are paged, figures are
 * aggregates, the export is streamed). They never write; admin writes go through `AdminStore`
 * and, for orders, through the escrow use cases.
 */
export interface AdminQueries {
  /** Every order with its seller's name, newest first (created_at, then id), with the total. */
  orders(filter: AdminOrderFilter, page: PageRequest): Promise<Paged<AdminOrderListRow>>;
  summary(): Promise<AdminSummaryFigures>;
  /** Sellers (not anonymised), newest first; `search` matches business name or phone. */
  sellers(filter: { readonly search?: { readonly text: string; readonly phone: string | null } | undefined }, page: PageRequest): Promise<Paged<AdminSellerRow>>;
  /** Contact messages, newest first; `resolved` undefined means all. */
  contacts(filter: { readonly resolved?: boolean | undefined }, page: PageRequest): Promise<Paged<ContactMessageRow>>;
  /** Orders awaiting settlement, longest waiting first (delivered_at, then id), with the payout destinations. */
  settlementQueue(page: PageRequest): Promise<Paged<SettlementQueueRow>>;
  /** The saved Paybill, or null when none has been saved (the operator's defaults apply). */
  paymentConfig(): Promise<SavedPaymentConfig | null>;
  /**
   * Orders in the range, oldest first, read in batches (never the whole table in memory).
   * Each order is yielded exactly once even while orders are being created or changed.
   */
  exportOrders(range: TimeRange): AsyncIterable<OrderExportRow>;
}
