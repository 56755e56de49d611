import type { C2bPayment, ClaimToCheck, MpesaPaymentRepository, StatusQuery, StatusQueryChanges, StkRequest, StkRequestChanges, StkRequestStatus } from '@escrow/core';
import type { Insertable, Kysely, Selectable, Updateable } from 'kysely';
import type { Database } from '../schema/database.js';
import type { C2bPaymentsTable, StatusQueriesTable, StkRequestsTable } from '../schema/payment-tables.js';
import { decodeCents, decodeCentsOrNull, decodeInteger, decodeTime, decodeTimeOrNull, encodeTime, encodeTimeOrNull, type Codec } from './codec.js';
import { immediateInserts, type Inserts } from './deferred-inserts.js';

/** What the reconciler queries: a request Daraja may still settle (core/testing/memory-mpesa-payments.ts). */
// 'sending': a push whose answer was never written (a crash mid-call) is closed by the reconciler.
const DUE_STATUSES = ['sending', 'pending', 'unknown'] as const satisfies readonly StkRequestStatus[];

const same = <T>(value: T): T => value;

type StkChangeSpecs = {
  readonly [F in keyof StkRequestChanges]-?: { readonly column: keyof StkRequestsTable; readonly encode: (value: Exclude<StkRequestChanges[F], undefined>) => unknown };
};

/**
 * Every field an update may change, and its column. `satisfies` makes a field added to
 * StkRequest (and so to StkRequestChanges) without a column here a compile error.
 */
const STK_CHANGES = {
  status: { column: 'status', encode: same },
  checkoutRequestId: { column: 'checkout_request_id', encode: same },
  merchantRequestId: { column: 'merchant_request_id', encode: same },
  resultCode: { column: 'result_code', encode: same },
  resultDesc: { column: 'result_desc', encode: same },
  callbackResultCode: { column: 'callback_result_code', encode: same },
  callbackReceipt: { column: 'callback_receipt', encode: same },
  callbackAmount: { column: 'callback_amount', encode: same },
  callbackPhone: { column: 'callback_phone', encode: same },
  callbacks: { column: 'callbacks', encode: same },
  queries: { column: 'queries', encode: same },
  nextQueryAt: { column: 'next_query_at', encode: encodeTimeOrNull },
  updatedAt: { column: 'updated_at', encode: encodeTime },
  settledAt: { column: 'settled_at', encode: encodeTimeOrNull },
} satisfies StkChangeSpecs;

type C2bChanges = Parameters<MpesaPaymentRepository['updateC2bPayment']>[2];

const C2B_CHANGES = {
  status: { column: 'status', encode: same },
  orderId: { column: 'order_id', encode: same },
  note: { column: 'note', encode: same },
  resolvedBy: { column: 'resolved_by', encode: same },
  resolvedAt: { column: 'resolved_at', encode: encodeTimeOrNull },
} satisfies { readonly [F in keyof C2bChanges]-?: { readonly column: keyof C2bPaymentsTable; readonly encode: (value: Exclude<C2bChanges[F], undefined>) => unknown } };

const STATUS_QUERY_CHANGES = {
  conversationId: { column: 'conversation_id', encode: same },
  status: { column: 'status', encode: same },
  nextAttemptAt: { column: 'next_attempt_at', encode: encodeTimeOrNull },
  resultCode: { column: 'result_code', encode: same },
  resultDesc: { column: 'result_desc', encode: same },
  resultReceipt: { column: 'result_receipt', encode: same },
  resultAmount: { column: 'result_amount', encode: same },
  resultCreditParty: { column: 'result_credit_party', encode: same },
  resultTransactionStatus: { column: 'result_transaction_status', encode: same },
  outcome: { column: 'outcome', encode: same },
  note: { column: 'note', encode: same },
  updatedAt: { column: 'updated_at', encode: encodeTime },
  answeredAt: { column: 'answered_at', encode: encodeTimeOrNull },
} satisfies { readonly [F in keyof StatusQueryChanges]-?: { readonly column: keyof StatusQueriesTable; readonly encode: (value: Exclude<StatusQueryChanges[F], undefined>) => unknown } };

/**
 * The columns of a partial change. Fields present with `undefined` are left alone (as in
 * order-mapping.ts); a field that is not changeable is a programming error and throws rather
 * than being dropped (the caller would believe it was saved).
 */
function changesToRow(specs: Readonly<Record<string, { column: string; encode: (value: never) => unknown }>>, changes: object, what: string): Record<string, unknown> {
  const row: Record<string, unknown> = {};
  for (const [field, value] of Object.entries(changes)) {
    if (value === undefined) continue;
    const spec = specs[field];
    if (!spec) throw new Error(`${what} field ${field} cannot be changed by an update`);
    row[spec.column] = (spec.encode as (v: unknown) => unknown)(value);
  }
  return row;
}

function stkRequestToRow(request: StkRequest): Insertable<StkRequestsTable> {
  return {
    id: request.id,
    order_id: request.orderId,
    msisdn: request.msisdn,
    amount: request.amount,
    status: request.status,
    checkout_request_id: request.checkoutRequestId,
    merchant_request_id: request.merchantRequestId,
    result_code: request.resultCode,
    result_desc: request.resultDesc,
    callback_result_code: request.callbackResultCode,
    callback_receipt: request.callbackReceipt,
    callback_amount: request.callbackAmount,
    callback_phone: request.callbackPhone,
    payer_token: request.payerToken,
    callbacks: request.callbacks,
    queries: request.queries,
    next_query_at: encodeTimeOrNull(request.nextQueryAt),
    created_at: encodeTime(request.createdAt),
    updated_at: encodeTime(request.updatedAt),
    settled_at: encodeTimeOrNull(request.settledAt),
  };
}

const integerOrNull = (value: number | null): number | null => (value === null ? null : decodeInteger(value));

function rowToStkRequest(row: Selectable<StkRequestsTable>): StkRequest {
  return {
    id: row.id,
    orderId: row.order_id,
    msisdn: row.msisdn,
    amount: decodeCents(row.amount),
    // The CHECK constraint restricts the column to the core's values.
    status: row.status,
    checkoutRequestId: row.checkout_request_id,
    merchantRequestId: row.merchant_request_id,
    resultCode: integerOrNull(row.result_code),
    resultDesc: row.result_desc,
    callbackResultCode: integerOrNull(row.callback_result_code),
    callbackReceipt: row.callback_receipt,
    callbackAmount: decodeCentsOrNull(row.callback_amount),
    callbackPhone: row.callback_phone,
    payerToken: row.payer_token,
    callbacks: decodeInteger(row.callbacks),
    queries: decodeInteger(row.queries),
    nextQueryAt: decodeTimeOrNull(row.next_query_at),
    createdAt: decodeTime(row.created_at),
    updatedAt: decodeTime(row.updated_at),
    settledAt: decodeTimeOrNull(row.settled_at),
  };
}

function c2bPaymentToRow(payment: C2bPayment): Insertable<C2bPaymentsTable> {
  return {
    trans_id: payment.transId,
    bill_ref_number: payment.billRefNumber,
    amount: payment.amount,
    msisdn: payment.msisdn,
    payer_name: payment.payerName,
    business_short_code: payment.businessShortCode,
    trans_time: payment.transTime,
    received_at: encodeTime(payment.receivedAt),
    status: payment.status,
    order_id: payment.orderId,
    note: payment.note,
    resolved_by: payment.resolvedBy,
    resolved_at: encodeTimeOrNull(payment.resolvedAt),
  };
}

function rowToC2bPayment(row: Selectable<C2bPaymentsTable>): C2bPayment {
  return {
    transId: row.trans_id,
    billRefNumber: row.bill_ref_number,
    amount: decodeCents(row.amount),
    msisdn: row.msisdn,
    payerName: row.payer_name,
    businessShortCode: row.business_short_code,
    transTime: row.trans_time,
    receivedAt: decodeTime(row.received_at),
    status: row.status,
    orderId: row.order_id,
    note: row.note,
    resolvedBy: row.resolved_by,
    resolvedAt: decodeTimeOrNull(row.resolved_at),
  };
}

function statusQueryToRow(query: StatusQuery): Insertable<StatusQueriesTable> {
  return {
    id: query.id,
    order_id: query.orderId,
    receipt: query.receipt,
    attempt: query.attempt,
    short_code: query.shortCode,
    originator_conversation_id: query.originatorConversationId,
    conversation_id: query.conversationId,
    status: query.status,
    next_attempt_at: encodeTimeOrNull(query.nextAttemptAt),
    result_code: query.resultCode,
    result_desc: query.resultDesc,
    result_receipt: query.resultReceipt,
    result_amount: query.resultAmount,
    result_credit_party: query.resultCreditParty,
    result_transaction_status: query.resultTransactionStatus,
    outcome: query.outcome,
    note: query.note,
    created_at: encodeTime(query.createdAt),
    updated_at: encodeTime(query.updatedAt),
    answered_at: encodeTimeOrNull(query.answeredAt),
  };
}

function rowToStatusQuery(row: Selectable<StatusQueriesTable>): StatusQuery {
  return {
    id: row.id,
    orderId: row.order_id,
    receipt: row.receipt,
    attempt: decodeInteger(row.attempt),
    shortCode: row.short_code,
    originatorConversationId: row.originator_conversation_id,
    conversationId: row.conversation_id,
    // The CHECK constraints restrict both columns to the core's values.
    status: row.status,
    nextAttemptAt: decodeTimeOrNull(row.next_attempt_at),
    resultCode: integerOrNull(row.result_code),
    resultDesc: row.result_desc,
    resultReceipt: row.result_receipt,
    resultAmount: decodeCentsOrNull(row.result_amount),
    resultCreditParty: row.result_credit_party,
    resultTransactionStatus: row.result_transaction_status,
    outcome: row.outcome,
    note: row.note,
    createdAt: decodeTime(row.created_at),
    updatedAt: decodeTime(row.updated_at),
    answeredAt: decodeTimeOrNull(row.answered_at),
  };
}

/**
 * The M-Pesa payments on Kysely, behaving as core/testing/memory-mpesa-payments.ts does:
 *
 * - Updates are conditional on the current status, in the UPDATE's own WHERE: of two writers
 *   (two callbacks, a callback and the reconciler) exactly one changes the row. On PostgreSQL
 *   (READ COMMITTED) the second waits for the first's row lock, then re-checks the WHERE
 *   against the committed row and changes nothing; on SQLite writers take turns.
 * - A repeated TransID is an answer (false), not an error: ON CONFLICT DO NOTHING leaves a
 *   PostgreSQL transaction usable, where a caught unique violation would have aborted it.
 * - A duplicate request id or CheckoutRequestID throws (the unique constraints), as in memory.
 * - listStkRequestsDue is a plain SELECT, no FOR UPDATE SKIP LOCKED: like the memory version it
 *   also returns a request another transaction is changing right now, and it holds no lock
 *   a reconciler could keep across its Daraja call; the conditional updates decide who wins.
 * - Ties: the memory version keeps insertion order among equal sort keys; here the id breaks
 *   them (created_at then id for the due list, trans_id for the C2B list), so pages are stable.
 * - A Transaction Status query's attempt of a claim is taken once: ON CONFLICT on (order_id,
 *   receipt, attempt) DO NOTHING answers false to the second writer (its transaction goes on).
 * - listClaimsToCheck reads `orders`: an order update this transaction holds for its flush is
 *   sent first (`inserts`, as the order repository does).
 */
export function kyselyMpesaPaymentRepository(db: Kysely<Database>, codec: Codec, inserts: Inserts = immediateInserts(db)): MpesaPaymentRepository {
  const stk = () => db.selectFrom('stk_requests').selectAll();
  const c2b = () => db.selectFrom('c2b_payments').selectAll();
  const queries = () => db.selectFrom('status_queries').selectAll();
  return {
    async insertStkRequest(request) {
      await db.insertInto('stk_requests').values(stkRequestToRow(request)).execute();
    },

    async getStkRequest(id) {
      const row = await stk().where('id', '=', id).executeTakeFirst();
      return row === undefined ? undefined : rowToStkRequest(row);
    },

    async getStkRequestByCheckoutId(checkoutRequestId) {
      const row = await stk().where('checkout_request_id', '=', checkoutRequestId).executeTakeFirst();
      return row === undefined ? undefined : rowToStkRequest(row);
    },

    async updateStkRequest(id, fromStatuses, changes) {
      if (fromStatuses.length === 0) return false;
      const set = changesToRow(STK_CHANGES, changes, 'STK request') as Updateable<StkRequestsTable>;
      const result = await db
        .updateTable('stk_requests')
        // Nothing to change still answers whether the request is in one of `fromStatuses` (and locks it).
        .set(Object.keys(set).length > 0 ? set : (eb) => ({ status: eb.ref('status') }))
        .where('id', '=', id)
        .where('status', 'in', fromStatuses)
        .executeTakeFirst();
      return result.numUpdatedRows > 0n;
    },

    async listStkRequestsForOrder(orderId) {
      const rows = await stk().where('order_id', '=', orderId).orderBy('created_at', 'desc').orderBy('id', 'desc').execute();
      return rows.map(rowToStkRequest);
    },

    async listStkRequestsDue(now, limit) {
      const rows = await stk()
        .where('status', 'in', DUE_STATUSES)
        // ISO-8601 UTC text compares in time order (schema/column-types.ts); NULL is never due.
        .where('next_query_at', '<=', encodeTime(now))
        .orderBy('next_query_at')
        .orderBy('created_at')
        .orderBy('id')
        .limit(limit)
        .execute();
      return rows.map(rowToStkRequest);
    },

    async insertC2bPayment(payment) {
      // ON CONFLICT on the TransID only: any other violation (an unknown order) still throws.
      const result = await db
        .insertInto('c2b_payments')
        .values(c2bPaymentToRow(payment))
        .onConflict((oc) => oc.column('trans_id').doNothing())
        .executeTakeFirst();
      return (result.numInsertedOrUpdatedRows ?? 0n) > 0n;
    },

    async getC2bPayment(transId) {
      const row = await c2b().where('trans_id', '=', transId).executeTakeFirst();
      return row === undefined ? undefined : rowToC2bPayment(row);
    },

    async updateC2bPayment(transId, fromStatus, changes) {
      const set = changesToRow(C2B_CHANGES, changes, 'C2B payment') as Updateable<C2bPaymentsTable>;
      const result = await db
        .updateTable('c2b_payments')
        .set(Object.keys(set).length > 0 ? set : (eb) => ({ status: eb.ref('status') }))
        .where('trans_id', '=', transId)
        .where('status', '=', fromStatus)
        .executeTakeFirst();
      return result.numUpdatedRows > 0n;
    },

    async listC2bPayments(filter) {
      let query = c2b();
      if (filter.status !== undefined) query = query.where('status', '=', filter.status);
      if (filter.orderId !== undefined) query = query.where('order_id', '=', filter.orderId);
      const rows = await query.orderBy('received_at', 'desc').orderBy('trans_id', 'desc').limit(filter.limit).execute();
      return rows.map(rowToC2bPayment);
    },

    async insertStatusQuery(query) {
      const result = await db
        .insertInto('status_queries')
        .values(statusQueryToRow(query))
        .onConflict((oc) => oc.columns(['order_id', 'receipt', 'attempt']).doNothing())
        .executeTakeFirst();
      return (result.numInsertedOrUpdatedRows ?? 0n) > 0n;
    },

    async getStatusQuery(id) {
      const row = await queries().where('id', '=', id).executeTakeFirst();
      return row === undefined ? undefined : rowToStatusQuery(row);
    },

    async findStatusQuery({ originatorConversationId, conversationId }) {
      const mine = await queries().where('originator_conversation_id', '=', originatorConversationId).executeTakeFirst();
      if (mine) return rowToStatusQuery(mine);
      // Daraja's ConversationID is not unique here: the oldest query that holds it answers.
      const theirs = await queries().where('conversation_id', '=', conversationId).orderBy('created_at').orderBy('id').executeTakeFirst();
      return theirs === undefined ? undefined : rowToStatusQuery(theirs);
    },

    async updateStatusQuery(id, fromStatuses, changes) {
      if (fromStatuses.length === 0) return false;
      const set = changesToRow(STATUS_QUERY_CHANGES, changes, 'status query') as Updateable<StatusQueriesTable>;
      const result = await db
        .updateTable('status_queries')
        .set(Object.keys(set).length > 0 ? set : (eb) => ({ status: eb.ref('status') }))
        .where('id', '=', id)
        .where('status', 'in', fromStatuses)
        .executeTakeFirst();
      return result.numUpdatedRows > 0n;
    },

    async listStatusQueriesForOrder(orderId) {
      const rows = await queries().where('order_id', '=', orderId).orderBy('created_at', 'desc').orderBy('id', 'desc').execute();
      return rows.map(rowToStatusQuery);
    },

    async findVerifyingStatusQuery(receipt) {
      const row = await queries().where('receipt', '=', receipt).where('outcome', '=', 'verified').orderBy('created_at').orderBy('id').executeTakeFirst();
      return row === undefined ? undefined : rowToStatusQuery(row);
    },

    async listClaimsToCheck({ now, claimedFrom, claimedUntil, limit }) {
      if (inserts.holdingOrderUpdate) await inserts.flush();
      const rows = await db
        .selectFrom('orders')
        .select(['orders.id', 'orders.tracking_number', 'orders.payment_claim_receipt', 'orders.payment_claimed_at'])
        .select((eb) =>
          eb
            .selectFrom('status_queries')
            .select((q) => q.fn.coalesce(q.fn.max('status_queries.attempt'), q.lit(0)).as('attempts'))
            .whereRef('status_queries.order_id', '=', 'orders.id')
            .whereRef('status_queries.receipt', '=', 'orders.payment_claim_receipt')
            .as('attempts'),
        )
        // The claims of claimPending (core/ledger/ledger-audit.ts), in the window, by the index on payment_claimed_at.
        .where('orders.payment_claimed_at', '>=', encodeTime(claimedFrom))
        .where('orders.payment_claimed_at', '<=', encodeTime(claimedUntil))
        .where('orders.payment_confirmed', '=', codec.bool(false))
        .where('orders.status', '!=', 'cancelled')
        .where('orders.payment_claim_receipt', 'is not', null)
        // Not while a query of the claim's receipt is still to be waited for, nor after one said to ask no more.
        .where((eb) =>
          eb.not(
            eb.exists(
              eb
                .selectFrom('status_queries')
                .select('status_queries.id')
                .whereRef('status_queries.order_id', '=', 'orders.id')
                .whereRef('status_queries.receipt', '=', 'orders.payment_claim_receipt')
                .where((q) => q.or([q('status_queries.next_attempt_at', 'is', null), q('status_queries.next_attempt_at', '>', encodeTime(now))])),
            ),
          ),
        )
        .orderBy('orders.payment_claimed_at')
        .orderBy('orders.id')
        .limit(limit)
        .execute();
      return rows.map(
        (row): ClaimToCheck => ({
          orderId: row.id,
          trackingNumber: row.tracking_number,
          // Not null: the WHERE above.
          receipt: row.payment_claim_receipt ?? '',
          claimedAt: decodeTime(row.payment_claimed_at ?? ''),
          attempts: decodeInteger(Number(row.attempts ?? 0)),
        }),
      );
    },
  };
}
