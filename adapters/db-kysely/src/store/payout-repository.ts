import type { Payout, PayoutChanges, PayoutDestination, PayoutRepository } from '@escrow/core';
import { sql, type Kysely, type Selectable, type Updateable } from 'kysely';
import type { Database } from '../schema/database.js';
import type { PayoutsTable } from '../schema/payment-tables.js';
import { decodeCents, decodeInteger, decodeTime, decodeTimeOrNull, encodeTime, encodeTimeOrNull } from './codec.js';

function toDestination(row: Selectable<PayoutsTable>): PayoutDestination | null {
  switch (row.destination_kind) {
    case 'mpesa_phone':
      return { kind: 'mpesa_phone', msisdn: row.destination_number ?? '' };
    case 'paybill':
      return { kind: 'paybill', businessNumber: row.destination_number ?? '', accountReference: row.destination_account ?? '' };
    case 'till':
      return { kind: 'till', tillNumber: row.destination_number ?? '' };
    default:
      return null;
  }
}

function destinationColumns(destination: PayoutDestination | null): Pick<PayoutsTable, 'destination_kind' | 'destination_number' | 'destination_account'> {
  if (!destination) return { destination_kind: null, destination_number: null, destination_account: null };
  switch (destination.kind) {
    case 'mpesa_phone':
      return { destination_kind: 'mpesa_phone', destination_number: destination.msisdn, destination_account: null };
    case 'paybill':
      return { destination_kind: 'paybill', destination_number: destination.businessNumber, destination_account: destination.accountReference };
    case 'till':
      return { destination_kind: 'till', destination_number: destination.tillNumber, destination_account: null };
  }
}

export const toPayout = (row: Selectable<PayoutsTable>): Payout => ({
  id: row.id,
  orderId: row.order_id,
  purpose: row.purpose,
  amount: decodeCents(Number(row.amount)),
  state: row.state,
  destination: toDestination(row),
  attempt: decodeInteger(Number(row.attempt)),
  originatorConversationId: row.originator_conversation_id,
  conversationId: row.conversation_id,
  receipt: row.receipt,
  receiverName: row.receiver_name,
  problem: row.problem,
  nextAttemptAt: decodeTimeOrNull(row.next_attempt_at),
  queueTimeoutAt: decodeTimeOrNull(row.queue_timeout_at),
  statusChecks: decodeInteger(Number(row.status_checks)),
  decidedBy: row.decided_by,
  createdAt: decodeTime(row.created_at),
  updatedAt: decodeTime(row.updated_at),
  completedAt: decodeTimeOrNull(row.completed_at),
  version: decodeInteger(Number(row.version)),
});

function changeColumns(changes: PayoutChanges): Updateable<PayoutsTable> {
  const out: Updateable<PayoutsTable> = {};
  if (changes.state !== undefined) out.state = changes.state;
  if (changes.destination !== undefined) Object.assign(out, destinationColumns(changes.destination));
  if (changes.attempt !== undefined) out.attempt = changes.attempt;
  if (changes.originatorConversationId !== undefined) out.originator_conversation_id = changes.originatorConversationId;
  if (changes.conversationId !== undefined) out.conversation_id = changes.conversationId;
  if (changes.receipt !== undefined) out.receipt = changes.receipt;
  if (changes.receiverName !== undefined) out.receiver_name = changes.receiverName;
  if (changes.problem !== undefined) out.problem = changes.problem;
  if (changes.nextAttemptAt !== undefined) out.next_attempt_at = encodeTimeOrNull(changes.nextAttemptAt);
  if (changes.queueTimeoutAt !== undefined) out.queue_timeout_at = encodeTimeOrNull(changes.queueTimeoutAt);
  if (changes.statusChecks !== undefined) out.status_checks = changes.statusChecks;
  if (changes.decidedBy !== undefined) out.decided_by = changes.decidedBy;
  if (changes.updatedAt !== undefined) out.updated_at = encodeTime(changes.updatedAt);
  if (changes.completedAt !== undefined) out.completed_at = encodeTimeOrNull(changes.completedAt);
  return out;
}

/** Payouts (core/payouts/payout.ts; migration 0019). */
export function kyselyPayoutRepository(db: Kysely<Database>): PayoutRepository {
  const select = () => db.selectFrom('payouts').selectAll();
  return {
    async insert(payout) {
      // ON CONFLICT DO NOTHING (not "insert and catch"): a clash must not abort a PostgreSQL transaction.
      const result = await db
        .insertInto('payouts')
        .values({
          id: payout.id,
          order_id: payout.orderId,
          purpose: payout.purpose,
          amount: payout.amount,
          state: payout.state,
          ...destinationColumns(payout.destination),
          attempt: payout.attempt,
          originator_conversation_id: payout.originatorConversationId,
          conversation_id: payout.conversationId,
          receipt: payout.receipt,
          receiver_name: payout.receiverName,
          problem: payout.problem,
          next_attempt_at: encodeTimeOrNull(payout.nextAttemptAt),
          queue_timeout_at: encodeTimeOrNull(payout.queueTimeoutAt),
          status_checks: payout.statusChecks,
          decided_by: payout.decidedBy,
          created_at: encodeTime(payout.createdAt),
          updated_at: encodeTime(payout.updatedAt),
          completed_at: encodeTimeOrNull(payout.completedAt),
          version: payout.version,
        })
        .onConflict((oc) => oc.columns(['order_id', 'purpose']).doNothing())
        .executeTakeFirst();
      return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
    },
    async get(id) {
      const row = await select().where('id', '=', id).executeTakeFirst();
      return row ? toPayout(row) : undefined;
    },
    async listByOrder(orderId) {
      return (await select().where('order_id', '=', orderId).orderBy('created_at').orderBy('purpose').execute()).map(toPayout);
    },
    async listByOrders(orderIds) {
      if (orderIds.length === 0) return [];
      return (await select().where('order_id', 'in', [...orderIds]).orderBy('order_id').orderBy('created_at').orderBy('purpose').execute()).map(toPayout);
    },
    async findByOriginatorId(originatorConversationId) {
      const row = await select().where('originator_conversation_id', '=', originatorConversationId).executeTakeFirst();
      return row ? toPayout(row) : undefined;
    },
    async findByConversationId(conversationId) {
      const row = await select().where('conversation_id', '=', conversationId).executeTakeFirst();
      return row ? toPayout(row) : undefined;
    },
    async update(id, expectedVersion, changes) {
      const result = await db
        .updateTable('payouts')
        .set({ ...changeColumns(changes), version: expectedVersion + 1 })
        .where('id', '=', id)
        .where('version', '=', expectedVersion)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },
    async listDue(states, now, limit) {
      if (states.length === 0) return [];
      return (
        await select()
          .where('state', 'in', [...states])
          .where('next_attempt_at', '<=', encodeTime(now))
          .orderBy('next_attempt_at')
          .limit(limit)
          .execute()
      ).map(toPayout);
    },
    async clearingFigures() {
      // CAST: PostgreSQL's SUM(bigint) is NUMERIC, which the driver would hand over as text.
      const ledger = await sql<{ total: unknown }>`
        select cast(coalesce(sum(e.amount), 0) as bigint) as total
        from ledger_entries e join ledger_postings p on p.id = e.posting_id
        where e.account = 'mpesa_clearing' and p.kind in ('payout_sent', 'payout_returned', 'payout_paid')`.execute(db);
      const payouts = await sql<{ in_flight: unknown; total: unknown }>`
        select cast(coalesce(sum(case when state in ('sending', 'sent', 'unknown') then (amount / 100) * 100 else 0 end), 0) as bigint) as in_flight, count(*) as total
        from payouts`.execute(db);
      return {
        clearingInLedger: decodeInteger(Number(ledger.rows[0]?.total ?? 0)),
        inFlight: decodeInteger(Number(payouts.rows[0]?.in_flight ?? 0)),
        total: decodeInteger(Number(payouts.rows[0]?.total ?? 0)),
      };
    },
    async ordersPaidOut(limit) {
      const rows = await db
        .selectFrom('payouts as p')
        .innerJoin('orders as o', 'o.id', 'p.order_id')
        .select('p.order_id')
        .where('o.status', '=', sql.lit('awaiting_settlement'))
        .where('p.purpose', '<>', sql.lit('refund'))
        .groupBy('p.order_id')
        .having(sql<boolean>`sum(case when p.state in ('succeeded', 'recorded') then 0 else 1 end) = 0`)
        .limit(limit)
        .execute();
      return rows.map((r) => r.order_id);
    },
    async list(filter) {
      let query = select().orderBy('created_at', 'desc').orderBy('id').limit(filter.limit);
      if (filter.states) query = query.where('state', 'in', [...filter.states]);
      return (await query.execute()).map(toPayout);
    },
  };
}
