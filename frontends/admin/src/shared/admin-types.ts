// The shapes /api/admin answers, as the browser reads them: the core's views through Wire
// (@escrow/api-client/contracts/admin; money in integer cents, times ISO-8601 UTC). Nothing is
// declared here: a view that changes changes these types, and development checks each answer.
import type { AdminOrdersPage, AdminRefundRequestsPage } from '@escrow/api-client/contracts/admin';

export type { PayoutState, RefundStatus } from '@escrow/core';
export type { SellerPayoutMethod as PayoutMethod } from '@escrow/core/validation';

/** GET /api/auth/session: the signed-in account, or null. */
export type { Account } from '@escrow/api-client/session';

export type {
  AdminSummary,
  /** A row of the admin orders table, with a delivered order's payouts. */
  AdminOrderRow as AdminOrder,
  /** One order as GET /api/admin/orders/:id answers it (core's adminOrderView), also the order of a refund request and of every admin change. */
  AdminOrder as AdminOrderDetail,
  AdminOrdersPage as OrdersPage,
  PayoutMode,
  AdminPayout,
  AdminPayouts as PayoutsAnswer,
  AdminPayoutReconciliation as PayoutReconciliation,
  AdminRefundRequest,
  AdminRefundRequestsPage as RefundRequestsPage,
  AdminSeller,
  AdminSellersPage as SellersPage,
  AdminContact as ContactSubmission,
  AdminContactsPage as ContactsPage,
  AdminPaymentConfig as PaymentConfig,
  AdminPaymentConfigAnswer as PaymentConfigAnswer,
  AdminUnmatchedPayment as UnmatchedPayment,
  AdminUnverifiedOrderPayment as UnverifiedOrderPayment,
  AdminUnverifiedPayments as UnverifiedPayments,
} from '@escrow/api-client/contracts/admin';

/** The payout mode a list page came with (every list that has one). */
export type ListPayoutMode = (AdminOrdersPage | AdminRefundRequestsPage)['payoutMode'];
