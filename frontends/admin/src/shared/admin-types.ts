import type { OrderStatus } from '@escrow/core/orders';

// The shapes /api/admin answers (money in integer cents, times ISO-8601 UTC). The API builds
// them in core/src/views (admin-order-view.ts) and apps/api/src/routes/admin-*-routes.ts.

/** GET /api/auth/session: the signed-in account, or null. */
export interface Account {
  readonly userId: string;
  readonly email: string;
  readonly isAdmin: boolean;
  readonly sellerId: string | null;
}

export interface AdminSummary {
  readonly totalOrders: number;
  /** Service fees of settled orders (PRODUCT-DECISIONS, Money). */
  readonly revenueCents: number;
  readonly awaitingSettlement: {
    readonly count: number;
    /** Seller plus rider payouts of those orders (the spec's card). */
    readonly payoutCents: number;
    /** What the platform itself still pays: without rider fees the buyers paid at the door. */
    readonly owedCents?: number;
  };
  readonly completed: number;
  readonly totalSellers: number;
  readonly pendingContacts: number;
}

/** A row of the admin orders table. */
export interface AdminOrder {
  readonly id: string;
  readonly trackingNumber: string;
  readonly itemName: string;
  /** 'N/A' or null when the seller record is gone (deleted inactive seller). */
  readonly sellerBusinessName: string | null;
  /** Where the seller's payout goes; null like the name. */
  readonly sellerPaymentMethod: PayoutMethod | null;
  readonly sellerPaymentNumber: string | null;
  readonly buyerName: string;
  readonly buyerPhone: string;
  readonly paymentMethod: string;
  readonly price: number;
  readonly serviceFee: number;
  readonly sellerPayout: number;
  readonly riderPayout: number;
  /** 'buyer': the rider's fee was paid at the door, outside escrow; 'seller': paid out at settlement. */
  readonly deliveryPaidBy: 'buyer' | 'seller';
  readonly status: OrderStatus;
  readonly settlementPaid: boolean;
  /**
   * Who or what verified the payment with M-Pesa: 'stk_query', 'c2b_confirmation',
   * 'transaction_status' or 'admin:<id>'; null when never verified (a paid order with null was
   * paid on a typed receipt alone: no payout or refund for it).
   */
  readonly paymentVerifiedBy: string | null;
  /** The buyer typed a receipt M-Pesa has not confirmed (yet). */
  readonly paymentBeingVerified: boolean;
  /** Delivered, not settled, and the payment verified (or cash): Mark Paid can go through. */
  readonly canMarkPaid: boolean;
  readonly riderName: string | null;
  readonly riderPhone: string | null;
  readonly createdAt: string;
}

/**
 * One order as GET /api/admin/orders/:id answers it (core's adminOrderView), also the order of
 * a refund request: the row's fields plus the payment's receipt and how M-Pesa verified it
 * (PRODUCT-DECISIONS, Real money).
 */
export interface AdminOrderDetail extends AdminOrder {
  readonly paymentConfirmed: boolean;
  /** The receipt of the payment that paid the order; null before. */
  readonly mpesaReceipt: string | null;
  /**
   * Who or what verified the payment with M-Pesa: 'stk_query', 'c2b_confirmation',
   * 'transaction_status' or 'admin:<id>'; null when never verified (a paid order with null was
   * paid on a typed receipt alone: no payout or refund for it).
   */
  /** Integer cents M-Pesa says were paid (may exceed the price); null before payment. */
  readonly paymentReceived: number | null;
  /** The last receipt the buyer typed, confirmed or not. */
  readonly paymentClaimReceipt: string | null;
  /** While the claim is open: what M-Pesa's Transaction Status said of that receipt, or that it is being asked, in words. */
  readonly paymentClaimCheck: string | null;
}

export interface OrdersPage {
  readonly orders: readonly AdminOrder[];
  readonly total: number;
  readonly page: number;
  readonly pageSize: number;
}

export type RefundStatus = 'open' | 'refunded' | 'rejected';

export interface AdminRefundRequest {
  readonly id: string;
  readonly requestedBy: string;
  readonly reason: string;
  readonly status: RefundStatus;
  readonly createdAt: string;
  readonly resolvedAt: string | null;
  readonly mpesaReference: string | null;
  readonly resolutionNote: string | null;
  readonly order: AdminOrderDetail;
  /** A paid order with no rider for 72 hours (PRODUCT-DECISIONS: refunds). */
  readonly paidWithoutRiderFor72Hours: boolean;
}

export interface RefundRequestsPage {
  readonly refundRequests: readonly AdminRefundRequest[];
  readonly total: number;
  readonly page: number;
  readonly pageSize: number;
}

export type PayoutMethod = 'direct_mpesa' | 'paybill' | 'till_number' | 'none';

export interface AdminSeller {
  readonly id: string;
  readonly businessName: string;
  readonly location: string;
  readonly phone: string;
  readonly whatsapp: string | null;
  readonly paymentMethod: PayoutMethod | null;
  readonly paymentNumber: string | null;
  readonly createdAt: string;
}

export interface SellersPage {
  readonly sellers: readonly AdminSeller[];
  readonly total: number;
  readonly page: number;
  readonly pageSize: number;
}

export interface ContactSubmission {
  readonly id: string;
  readonly name: string;
  readonly email: string;
  readonly phone: string | null;
  readonly message: string;
  readonly resolved: boolean;
  readonly resolvedAt: string | null;
  readonly resolvedBy: string | null;
  readonly resolvedByEmail?: string | null;
  readonly createdAt: string;
}

export interface ContactsPage {
  readonly contacts: readonly ContactSubmission[];
  readonly total: number;
  readonly page: number;
  readonly pageSize: number;
}

/** The Paybill every buyer pays into (spec: system_config). */
export interface PaymentConfig {
  readonly businessNumber: string | null;
  readonly accountNumber: string | null;
  readonly accountName: string | null;
  readonly updatedAt: string | null;
  readonly updatedBy: string | null;
  readonly updatedByEmail?: string | null;
  /** Saved by an admin, or the operator's defaults (environment; possibly none). */
  readonly source: 'saved' | 'default';
}

export interface PaymentConfigAnswer {
  readonly config: PaymentConfig;
}

/** A Paybill payment whose account number matched no order (GET /api/admin/payments/unverified). */
export interface UnmatchedPayment {
  /** The M-Pesa receipt (TransID). */
  readonly transId: string;
  /** The account number the payer typed. */
  readonly billRefNumber: string;
  readonly amount: number;
  readonly payerName: string;
  readonly transTime: string;
  readonly receivedAt: string;
  /** Why no order took it, in words. */
  readonly note: string | null;
  readonly status: 'unmatched' | 'attached' | 'refunded' | 'matched';
}

/** An order whose payment M-Pesa has not verified. */
export interface UnverifiedOrderPayment {
  readonly orderId: string;
  readonly trackingNumber: string;
  readonly price: number;
  readonly kind: 'claim' | 'unverified_paid';
  readonly receipt: string | null;
  readonly since: string;
  /** A claim older than 24 hours. */
  readonly flagged: boolean;
}

export interface UnverifiedPayments {
  readonly orders: readonly UnverifiedOrderPayment[];
  readonly unmatched: readonly UnmatchedPayment[];
}
