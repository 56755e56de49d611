import type { C2bPayment } from '../payments/c2b-payment.js';
import type { StkRequest } from '../payments/stk-request.js';
import type { MpesaPaymentRepository } from '../ports/mpesa-payments.js';

export interface MemoryMpesaState {
  stkRequests: Map<string, StkRequest>;
  c2bPayments: Map<string, C2bPayment>;
}

/** The in-memory M-Pesa payments: the same rules the SQL store's constraints enforce. */
export function memoryMpesaPayments(s: MemoryMpesaState): MpesaPaymentRepository {
  const stk = () => [...s.stkRequests.values()];
  return {
    insertStkRequest: async (request) => {
      if (s.stkRequests.has(request.id)) throw new Error(`duplicate STK request ${request.id}`);
      if (request.checkoutRequestId && stk().some((r) => r.checkoutRequestId === request.checkoutRequestId)) throw new Error('duplicate CheckoutRequestID');
      s.stkRequests.set(request.id, request);
    },
    getStkRequest: async (id) => s.stkRequests.get(id),
    getStkRequestByCheckoutId: async (checkoutRequestId) => stk().find((r) => r.checkoutRequestId === checkoutRequestId),
    updateStkRequest: async (id, fromStatuses, changes) => {
      const current = s.stkRequests.get(id);
      if (!current || !fromStatuses.includes(current.status)) return false;
      if (changes.checkoutRequestId && stk().some((r) => r.id !== id && r.checkoutRequestId === changes.checkoutRequestId)) throw new Error('duplicate CheckoutRequestID');
      s.stkRequests.set(id, { ...current, ...changes });
      return true;
    },
    listStkRequestsForOrder: async (orderId) =>
      stk()
        .filter((r) => r.orderId === orderId)
        .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || (a.id < b.id ? 1 : -1)),
    listStkRequestsDue: async (now, limit) =>
      stk()
        .filter((r) => (r.status === 'sending' || r.status === 'pending' || r.status === 'unknown') && r.nextQueryAt !== null && r.nextQueryAt.getTime() <= now.getTime())
        .sort((a, b) => a.nextQueryAt!.getTime() - b.nextQueryAt!.getTime())
        .slice(0, limit),
    insertC2bPayment: async (payment) => {
      if (s.c2bPayments.has(payment.transId)) return false;
      s.c2bPayments.set(payment.transId, payment);
      return true;
    },
    getC2bPayment: async (transId) => s.c2bPayments.get(transId),
    updateC2bPayment: async (transId, fromStatus, changes) => {
      const current = s.c2bPayments.get(transId);
      if (!current || current.status !== fromStatus) return false;
      s.c2bPayments.set(transId, { ...current, ...changes });
      return true;
    },
    listC2bPayments: async (filter) =>
      [...s.c2bPayments.values()]
        .filter((p) => (filter.status === undefined || p.status === filter.status) && (filter.orderId === undefined || p.orderId === filter.orderId))
        .sort((a, b) => b.receivedAt.getTime() - a.receivedAt.getTime())
        .slice(0, filter.limit),
  };
}
