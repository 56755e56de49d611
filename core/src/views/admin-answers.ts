import type { UnverifiedPayment } from '../use-cases/payments/list-unverified-payments.js';
import type { PayoutReconciliation } from '../use-cases/payouts/reconcile-payouts.js';
import type { EscrowDeps } from '../use-cases/deps.js';
import type { AdminOrderListRowView, AdminSellerView, AdminSummaryView, ContactMessageView, PaymentConfigView } from './admin-area-views.js';
import type { AdminOrderView, AdminRefundRequestView } from './admin-order-view.js';
import type { PayoutView } from './admin-payout-view.js';
import type { UnmatchedPaymentView } from './unmatched-payment-view.js';

// The answers of /api/admin that its routes put together from the views (apps/api/src/features/admin/*-routes.ts,
// each checked with `satisfies Wire<...>`): the frontends read them as Wire<...> (@escrow/api-client/contracts/admin).

/** How this deployment pays sellers and riders (MPESA_PAYOUTS, decision 0051); `manual`: by hand, recorded with Mark Paid. */
export type PayoutMode = NonNullable<EscrowDeps['payouts']>['mode'] | 'manual';

/** Where a list page is: the items are under their own name beside it. */
export interface ListPageView {
  readonly total: number;
  readonly page: number;
  readonly pageSize: number;
}

/** A row of the admin orders list: the row view and, for a delivered order, its payouts. */
export type AdminOrderRowView = AdminOrderListRowView & { readonly payouts: readonly PayoutView[] };

/** GET /api/admin/orders. */
export interface AdminOrdersAnswer extends ListPageView {
  readonly orders: readonly AdminOrderRowView[];
  readonly payoutMode: PayoutMode;
}

/** GET /api/admin/summary. */
export type AdminSummaryAnswer = AdminSummaryView;

/** GET /api/admin/refund-requests: `payoutMode` says whether a refund goes by M-Pesa. */
export interface AdminRefundRequestsAnswer extends ListPageView {
  readonly refundRequests: readonly AdminRefundRequestView[];
  readonly payoutMode: PayoutMode;
}

/** GET /api/admin/sellers. */
export interface AdminSellersAnswer extends ListPageView {
  readonly sellers: readonly AdminSellerView[];
}

/** GET /api/admin/contacts. */
export interface AdminContactsAnswer extends ListPageView {
  readonly contacts: readonly ContactMessageView[];
}

/** GET /api/admin/payment-config. */
export interface PaymentConfigAnswer {
  readonly config: PaymentConfigView;
}

/** GET /api/admin/payouts and /api/admin/orders/:id/payouts. */
export interface PayoutsAnswer {
  readonly payouts: readonly PayoutView[];
  readonly mode: PayoutMode;
}

/** GET /api/admin/payouts/reconciliation. */
export type PayoutReconciliationAnswer = PayoutReconciliation;

/** GET /api/admin/payments/unverified: orders M-Pesa has not verified, and Paybill payments no order took. */
export interface UnverifiedPaymentsAnswer {
  readonly orders: readonly UnverifiedPayment[];
  readonly unmatched: readonly UnmatchedPaymentView[];
}

/** An order changed by an admin (Mark Paid, attach a payment, unlock, resolve a refund). */
export interface AdminOrderChanged {
  readonly order: AdminOrderView;
  readonly message: string;
}

/** A payout retried or paid by hand. */
export interface PayoutChanged {
  readonly payout: PayoutView;
  readonly message: string;
}

/** An unmatched payment recorded as refunded. */
export interface UnmatchedPaymentRefunded {
  readonly payment: UnmatchedPaymentView;
  readonly message: string;
}

/** A contact message marked as resolved. */
export interface ContactResolved {
  readonly contact: ContactMessageView;
  readonly message: string;
}

/** The Paybill saved. */
export interface PaymentConfigSaved {
  readonly config: PaymentConfigView;
  readonly message: string;
}
