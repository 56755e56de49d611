import type {
  AdminContactsAnswer,
  AdminOrderChanged,
  AdminOrderRowView,
  AdminOrdersAnswer,
  AdminOrderView,
  AdminRefundRequestsAnswer,
  AdminRefundRequestView,
  AdminSellersAnswer,
  AdminSellerView,
  AdminSummaryView,
  ContactMessageView,
  ContactResolved,
  PaymentConfigAnswer,
  PaymentConfigSaved,
  PaymentConfigView,
  PayoutChanged,
  PayoutReconciliationAnswer,
  PayoutsAnswer,
  PayoutView,
  UnmatchedPaymentRefunded,
  UnmatchedPaymentView,
  UnverifiedPaymentsAnswer,
} from '@escrow/core';
import type { Wire } from '../wire.ts';

// The answers of /api/admin as the browser reads them: the core's views and the answers its
// routes build from them (core/src/views/admin-*.ts), through Wire. Types only: nothing here
// reaches a bundle.

export type { PayoutMode } from '@escrow/core';
export type AdminSummary = Wire<AdminSummaryView>;
export type AdminOrderRow = Wire<AdminOrderRowView>;
export type AdminOrder = Wire<AdminOrderView>;
export type AdminOrdersPage = Wire<AdminOrdersAnswer>;
export type AdminPayout = Wire<PayoutView>;
export type AdminPayouts = Wire<PayoutsAnswer>;
export type AdminPayoutReconciliation = Wire<PayoutReconciliationAnswer>;
export type AdminRefundRequest = Wire<AdminRefundRequestView>;
export type AdminRefundRequestsPage = Wire<AdminRefundRequestsAnswer>;
export type AdminSeller = Wire<AdminSellerView>;
export type AdminSellersPage = Wire<AdminSellersAnswer>;
export type AdminContact = Wire<ContactMessageView>;
export type AdminContactsPage = Wire<AdminContactsAnswer>;
export type AdminPaymentConfig = Wire<PaymentConfigView>;
export type AdminPaymentConfigAnswer = Wire<PaymentConfigAnswer>;
export type AdminUnverifiedPayments = Wire<UnverifiedPaymentsAnswer>;
export type AdminUnverifiedOrderPayment = AdminUnverifiedPayments['orders'][number];
export type AdminUnmatchedPayment = Wire<UnmatchedPaymentView>;

/** Every call of the admin screen, by method and route (apps/api/src/features/admin/*-routes.ts), and its answer. */
export interface AdminEndpoints {
  'GET /api/admin/summary': AdminSummary;
  'GET /api/admin/orders': AdminOrdersPage;
  'GET /api/admin/orders/:id': AdminOrder;
  'GET /api/admin/orders/:id/payouts': AdminPayouts;
  'GET /api/admin/payouts': AdminPayouts;
  'GET /api/admin/payouts/reconciliation': AdminPayoutReconciliation;
  'GET /api/admin/refund-requests': AdminRefundRequestsPage;
  'GET /api/admin/sellers': AdminSellersPage;
  'GET /api/admin/contacts': AdminContactsPage;
  'GET /api/admin/payment-config': AdminPaymentConfigAnswer;
  'GET /api/admin/payments/unverified': AdminUnverifiedPayments;
  'POST /api/admin/orders/:id/settlement': Wire<AdminOrderChanged>;
  'POST /api/admin/orders/:id/unlock-code': Wire<AdminOrderChanged>;
  'POST /api/admin/payments/unmatched/:transId/attach': Wire<AdminOrderChanged>;
  'POST /api/admin/payments/unmatched/:transId/refund': Wire<UnmatchedPaymentRefunded>;
  'POST /api/admin/refund-requests/:id/resolve': Wire<AdminOrderChanged>;
  'POST /api/admin/payouts/:id/retry': Wire<PayoutChanged>;
  'POST /api/admin/payouts/:id/reference': Wire<PayoutChanged>;
  'POST /api/admin/contacts/:id/resolve': Wire<ContactResolved>;
  'PUT /api/admin/payment-config': Wire<PaymentConfigSaved>;
}
