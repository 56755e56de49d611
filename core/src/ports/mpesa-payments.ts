import type { C2bPayment } from '../payments/c2b-payment.js';
import type { ClaimToCheck, StatusQuery, StatusQueryChanges, StatusQueryStatus } from '../payments/status-query.js';
import type { StkRequest, StkRequestStatus } from '../payments/stk-request.js';

export type StkRequestChanges = Partial<Omit<StkRequest, 'id' | 'orderId' | 'msisdn' | 'amount' | 'createdAt' | 'payerToken'>>;

/**
 * The M-Pesa payments of the escrow store: STK Push requests, confirmed Paybill (C2B) payments
 * and Transaction Status queries about claims, bound to the use case's transaction like every
 * other repository.
 */
export interface MpesaPaymentRepository {
  insertStkRequest(request: StkRequest): Promise<void>;
  getStkRequest(id: string): Promise<StkRequest | undefined>;
  getStkRequestByCheckoutId(checkoutRequestId: string): Promise<StkRequest | undefined>;
  /**
   * Conditional: applies `changes` only while the request is still in one of `fromStatuses`;
   * false when another writer moved it first (two callbacks, a callback and the reconciler).
   */
  updateStkRequest(id: string, fromStatuses: readonly StkRequestStatus[], changes: StkRequestChanges): Promise<boolean>;
  /** The order's requests, newest first. */
  listStkRequestsForOrder(orderId: string): Promise<StkRequest[]>;
  /** Requests the reconciler should query now (sending, pending or unknown, next query due), the longest due first. */
  listStkRequestsDue(now: Date, limit: number): Promise<StkRequest[]>;
  /** Stores a confirmed Paybill payment once: false when its TransID is already stored. */
  insertC2bPayment(payment: C2bPayment): Promise<boolean>;
  getC2bPayment(transId: string): Promise<C2bPayment | undefined>;
  /** Conditional on the current status, like updateStkRequest. */
  updateC2bPayment(transId: string, fromStatus: C2bPayment['status'], changes: Partial<Pick<C2bPayment, 'status' | 'orderId' | 'note' | 'resolvedBy' | 'resolvedAt'>>): Promise<boolean>;
  listC2bPayments(filter: { status?: C2bPayment['status']; orderId?: string; limit: number }): Promise<C2bPayment[]>;

  /**
   * Stores a new Transaction Status query. False, writing nothing, when the claim (order and
   * receipt) already has a query with this attempt number: another reconciler sent it.
   */
  insertStatusQuery(query: StatusQuery): Promise<boolean>;
  getStatusQuery(id: string): Promise<StatusQuery | undefined>;
  /** The query a Result names: by our OriginatorConversationID, else by Daraja's ConversationID. */
  findStatusQuery(ids: { originatorConversationId: string; conversationId: string }): Promise<StatusQuery | undefined>;
  /** Conditional on the current status, like updateStkRequest. */
  updateStatusQuery(id: string, fromStatuses: readonly StatusQueryStatus[], changes: StatusQueryChanges): Promise<boolean>;
  /** The order's queries, newest first (by when they were written, then by id). */
  listStatusQueriesForOrder(orderId: string): Promise<StatusQuery[]>;
  /** The query that verified an order with this receipt, if one did. */
  findVerifyingStatusQuery(receipt: string): Promise<StatusQuery | undefined>;
  /**
   * Claims to ask Transaction Status about now, the oldest claim first: open (not paid, not
   * cancelled), made between `claimedFrom` and `claimedUntil` (inclusive), and with no query of
   * their receipt that is still to be waited for (`next_attempt_at` after `now`) or that says
   * to ask no more (`next_attempt_at` null).
   */
  listClaimsToCheck(args: { now: Date; claimedFrom: Date; claimedUntil: Date; limit: number }): Promise<ClaimToCheck[]>;
}
