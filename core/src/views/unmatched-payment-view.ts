import type { C2bPayment } from '../payments/c2b-payment.js';

/** A Paybill payment no order took, as the admin screen lists it (GET /api/admin/payments/unverified). */
export function unmatchedPaymentView(p: C2bPayment) {
  return {
    transId: p.transId,
    billRefNumber: p.billRefNumber,
    amount: p.amount,
    payerName: p.payerName,
    transTime: p.transTime,
    receivedAt: p.receivedAt.toISOString(),
    note: p.note,
    status: p.status,
  };
}

export type UnmatchedPaymentView = ReturnType<typeof unmatchedPaymentView>;
