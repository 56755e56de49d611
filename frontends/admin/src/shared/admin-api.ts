import { signOut } from '@escrow/api-client/session';
import { sendOnce } from '@escrow/api-client/write';
import type { AdminOrder, AdminPayout, ContactSubmission, PaymentConfig, UnmatchedPayment } from './admin-types.ts';

const ADMIN = '/api/admin';

/** Turns query values into `?a=1&b=x`, leaving out empty ones. */
export function withQuery(path: string, query: Readonly<Record<string, string | number | undefined>>): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) {
    if (value !== undefined && value !== '') params.set(name, String(value));
  }
  const text = params.toString();
  return text ? `${path}?${text}` : path;
}

export interface PaymentConfigFields {
  readonly businessNumber: string;
  readonly accountNumber: string;
  readonly accountName: string;
}

/** No mpesaReference with M-Pesa payouts on: M-Pesa sends the refund to the phone that paid. */
export type RefundDecision = { readonly decision: 'refund'; readonly mpesaReference?: string; readonly note?: string } | { readonly decision: 'reject'; readonly note?: string };

/** Every call the admin screen makes (the API: apps/api/src/features/admin/*-routes.ts). */
export const adminApi = {
  signOut,

  summaryPath: () => `${ADMIN}/summary`,
  /** One order with its payment's verification (AdminOrderDetail). */
  orderPath: (orderId: string) => `${ADMIN}/orders/${encodeURIComponent(orderId)}`,
  ordersPath: (query: { page: number; pageSize: number; status?: string; q?: string }) => withQuery(`${ADMIN}/orders`, query),
  refundRequestsPath: (query: { status: 'open' | 'refunded' | 'rejected' | 'all'; page: number; pageSize: number }) => withQuery(`${ADMIN}/refund-requests`, query),
  sellersPath: (query: { page: number; pageSize: number; q?: string }) => withQuery(`${ADMIN}/sellers`, query),
  contactsPath: (query: { status: 'open' | 'resolved' | 'all'; page: number; pageSize: number }) => withQuery(`${ADMIN}/contacts`, query),
  paymentConfigPath: () => `${ADMIN}/payment-config`,
  exportPath: () => `${ADMIN}/export.csv`,
  unverifiedPaymentsPath: () => `${ADMIN}/payments/unverified`,
  /** One order's payouts and the deployment's payout mode. */
  orderPayoutsPath: (orderId: string) => `${ADMIN}/orders/${encodeURIComponent(orderId)}/payouts`,
  /** Payouts newest first; `failed`: only the failed and unknown ones. */
  payoutsPath: (query: { failed?: boolean; limit: number }) => withQuery(`${ADMIN}/payouts`, { failed: query.failed ? 1 : undefined, limit: query.limit }),
  reconciliationPath: () => `${ADMIN}/payouts/reconciliation`,

  markPaid: (orderId: string, reference: string | undefined, key: string, fallback: string) =>
    sendOnce<{ order: AdminOrder; message: string }>('POST', `${ADMIN}/orders/${encodeURIComponent(orderId)}/settlement`, reference ? { reference } : {}, key, fallback),
  /** 'Approve payout' where payouts go by M-Pesa: the same route as Mark Paid, which then approves the order's payouts. */
  approvePayout: (orderId: string, key: string, fallback: string) =>
    sendOnce<{ order: AdminOrder; message: string }>('POST', `${ADMIN}/orders/${encodeURIComponent(orderId)}/settlement`, {}, key, fallback),
  retryPayout: (payoutId: string, key: string, fallback: string) =>
    sendOnce<{ payout: AdminPayout; message: string }>('POST', `${ADMIN}/payouts/${encodeURIComponent(payoutId)}/retry`, {}, key, fallback),
  recordPayoutReference: (payoutId: string, reference: string, key: string, fallback: string) =>
    sendOnce<{ payout: AdminPayout; message: string }>('POST', `${ADMIN}/payouts/${encodeURIComponent(payoutId)}/reference`, { reference }, key, fallback),
  resolveRefund: (refundId: string, decision: RefundDecision, key: string, fallback: string) =>
    sendOnce<{ message: string }>('POST', `${ADMIN}/refund-requests/${encodeURIComponent(refundId)}/resolve`, decision, key, fallback),
  attachPayment: (transId: string, trackingNumber: string, key: string, fallback: string) =>
    sendOnce<{ order: AdminOrder; message: string }>('POST', `${ADMIN}/payments/unmatched/${encodeURIComponent(transId)}/attach`, { trackingNumber }, key, fallback),
  refundPayment: (transId: string, mpesaReference: string, key: string, fallback: string) =>
    sendOnce<{ payment: UnmatchedPayment; message: string }>('POST', `${ADMIN}/payments/unmatched/${encodeURIComponent(transId)}/refund`, { mpesaReference }, key, fallback),
  resolveContact: (contactId: string, key: string, fallback: string) =>
    sendOnce<{ contact: ContactSubmission; message: string }>('POST', `${ADMIN}/contacts/${encodeURIComponent(contactId)}/resolve`, {}, key, fallback),
  updatePaymentConfig: (fields: PaymentConfigFields, key: string, fallback: string) =>
    sendOnce<{ config: PaymentConfig; message: string }>('PUT', `${ADMIN}/payment-config`, fields, key, fallback),
};
