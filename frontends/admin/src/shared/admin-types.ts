import type { OrderAction, OrderStatus } from '@escrow/core/orders';

// The shapes /api/admin answers (money in integer cents, times ISO-8601 UTC). The API builds
// them in core/src/views (admin-order-view.ts) and apps/api/src/routes/admin-*-routes.ts.

/** GET /api/auth/session: the signed-in account, or null. */
export type { Account } from '@escrow/api-client/session';

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
  /** Delivered, not settled, and the payment verified (or cash): Mark Paid can go through (confirm_settlement among `actions`). */
  readonly canMarkPaid: boolean;
  /** What an admin may do now, by the core's transition table (decision 0062): the screen shows those buttons; the server decides again. */
  readonly actions: readonly OrderAction[];
  readonly riderName: string | null;
  readonly riderPhone: string | null;
  readonly createdAt: string;
  /**
   * A delivered order's payouts (awaiting settlement or settled; none before delivery, none while
   * payouts were off and nothing was sent). Only on the orders list (GET /api/admin/orders).
   */
  readonly payouts?: readonly AdminPayout[];
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
  /** How this server pays sellers and riders (absent from an older server: manual). */
  readonly payoutMode?: PayoutMode;
}

/**
 * How this deployment pays out (MPESA_PAYOUTS, decision 0051): M-Pesa B2C/B2B sent at delivery
 * (`automatic`) or once an admin approves (`approval`), or by hand and recorded (`manual`: Mark Paid).
 */
export type PayoutMode = 'automatic' | 'approval' | 'manual';

export type PayoutState = 'awaiting_approval' | 'queued' | 'sending' | 'sent' | 'unknown' | 'succeeded' | 'failed' | 'recorded';

/** One payout as the admin API shows it (apps/api/src/routes/admin-payouts-routes.ts payoutView). */
export interface AdminPayout {
  readonly id: string;
  readonly orderId: string;
  /** On the payouts lists (GET /api/admin/payouts), not on one order's. */
  readonly trackingNumber?: string;
  readonly itemName?: string;
  readonly purpose: 'seller' | 'rider' | 'refund';
  /** Integer cents (M-Pesa pays the whole shillings). */
  readonly amount: number;
  readonly state: PayoutState;
  /** The state in words ('Sent to M-Pesa', 'Paid', 'Failed'...). */
  readonly stateLabel: string;
  /** Where it went ('M-Pesa 2547...', 'Paybill ... account ...', 'Till ...'); null before it is sent. */
  readonly destination: string | null;
  /** The M-Pesa receipt, or the reference recorded for one paid by hand. */
  readonly receipt: string | null;
  /** Who M-Pesa says received it. */
  readonly receiverName: string | null;
  /** Why it failed or is being checked, in words; null once paid. */
  readonly problem: string | null;
  readonly attempt: number;
  readonly createdAt: string;
  readonly updatedAt: string;
  readonly completedAt: string | null;
  readonly canRetry: boolean;
  readonly canRecordReference: boolean;
}

/** GET /api/admin/payouts and /api/admin/orders/:id/payouts. */
export interface PayoutsAnswer {
  readonly payouts: readonly AdminPayout[];
  readonly mode: PayoutMode;
}

/** GET /api/admin/payouts/reconciliation: money with M-Pesa in the ledger against the payouts, and every mismatch in words. */
export interface PayoutReconciliation {
  readonly checkedAt: string;
  /** Integer cents the ledger's mpesa_clearing holds for payouts (negative when the books are wrong). */
  readonly clearingInLedger: number;
  /** Integer cents of the payouts in flight (sending, sent, unknown), in whole shillings. */
  readonly inFlight: number;
  readonly payouts: { readonly total: number; readonly inFlight: number; readonly succeeded: number; readonly failed: number };
  readonly unmatched: readonly { readonly payoutId: string | null; readonly orderId: string | null; readonly problem: string }[];
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
  /** How this server sends refunds: by M-Pesa unless `manual` (absent from an older server: manual). */
  readonly payoutMode?: PayoutMode;
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
