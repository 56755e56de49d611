import { claimPending } from '../ledger/ledger-audit.js';
import type { Order } from '../orders/order.js';
import type { C2bPayment } from '../payments/c2b-payment.js';
import type { ClaimToCheck, StatusQuery } from '../payments/status-query.js';
import type { StkRequest } from '../payments/stk-request.js';
import type { MpesaPaymentRepository } from '../ports/mpesa-payments.js';

export interface MemoryMpesaState {
  stkRequests: Map<string, StkRequest>;
  c2bPayments: Map<string, C2bPayment>;
  statusQueries: Map<string, StatusQuery>;
  /** Read only: the claims to check are the orders'. */
  orders: ReadonlyMap<string, Order>;
}

const newestFirst = (a: { createdAt: Date; id: string }, b: { createdAt: Date; id: string }) => b.createdAt.getTime() - a.createdAt.getTime() || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0);

/** The in-memory M-Pesa payments: the same rules the SQL store's constraints enforce. */
export function memoryMpesaPayments(s: MemoryMpesaState): MpesaPaymentRepository {
  const stk = () => [...s.stkRequests.values()];
  const queries = () => [...s.statusQueries.values()];
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
    insertStatusQuery: async (query) => {
      if (queries().some((q) => q.orderId === query.orderId && q.receipt === query.receipt && q.attempt === query.attempt)) return false;
      if (s.statusQueries.has(query.id)) throw new Error(`duplicate status query ${query.id}`);
      if (queries().some((q) => q.originatorConversationId === query.originatorConversationId)) throw new Error('duplicate OriginatorConversationID');
      if (query.conversationId !== null && queries().some((q) => q.conversationId === query.conversationId)) throw new Error('duplicate ConversationID');
      if (!s.orders.has(query.orderId)) throw new Error(`no order ${query.orderId}`);
      s.statusQueries.set(query.id, query);
      return true;
    },
    getStatusQuery: async (id) => s.statusQueries.get(id),
    findStatusQuery: async ({ originatorConversationId, conversationId }) =>
      queries().find((q) => q.originatorConversationId === originatorConversationId) ?? queries().find((q) => q.conversationId === conversationId),
    updateStatusQuery: async (id, fromStatuses, changes) => {
      const current = s.statusQueries.get(id);
      if (!current || !fromStatuses.includes(current.status)) return false;
      if (changes.conversationId && queries().some((q) => q.id !== id && q.conversationId === changes.conversationId)) throw new Error('duplicate ConversationID');
      s.statusQueries.set(id, { ...current, ...changes });
      return true;
    },
    listStatusQueriesForOrder: async (orderId) => queries().filter((q) => q.orderId === orderId).sort(newestFirst),
    findVerifyingStatusQuery: async (receipt) => queries().find((q) => q.receipt === receipt && q.outcome === 'verified'),
    listClaimsToCheck: async ({ now, claimedFrom, claimedUntil, limit }) =>
      [...s.orders.values()]
        .filter((o) => claimPending(o) && o.paymentClaimReceipt !== null && o.paymentClaimedAt !== null)
        .filter((o) => o.paymentClaimedAt!.getTime() >= claimedFrom.getTime() && o.paymentClaimedAt!.getTime() <= claimedUntil.getTime())
        .map((o) => ({ order: o, asked: queries().filter((q) => q.orderId === o.id && q.receipt === o.paymentClaimReceipt) }))
        .filter(({ asked }) => asked.every((q) => q.nextAttemptAt !== null && q.nextAttemptAt.getTime() <= now.getTime()))
        .sort((a, b) => a.order.paymentClaimedAt!.getTime() - b.order.paymentClaimedAt!.getTime() || (a.order.id < b.order.id ? -1 : 1))
        .slice(0, limit)
        .map(
          ({ order, asked }): ClaimToCheck => ({
            orderId: order.id,
            trackingNumber: order.trackingNumber,
            receipt: order.paymentClaimReceipt!,
            claimedAt: order.paymentClaimedAt!,
            attempts: asked.reduce((most, q) => Math.max(most, q.attempt), 0),
          }),
        ),
  };
}
