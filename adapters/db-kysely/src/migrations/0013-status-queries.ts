import type { Kysely, Migration } from 'kysely';
import { sql } from 'kysely';
import type { SqlDialect } from '../sql-dialect.js';
import { oneOf, schemaKit } from './schema-kit.js';

/** Frozen copies of core/payments/status-query.ts (a later change is a new migration). */
const STATUS_QUERY_STATUSES = ['sending', 'sent', 'answered', 'failed', 'unknown'];
const STATUS_QUERY_OUTCOMES = ['verified', 'unknown_receipt', 'not_completed', 'wrong_receipt', 'other_business', 'short', 'claim_closed', 'receipt_used', 'query_failed'];

/**
 * Claims verified by Transaction Status (decision 0044):
 * - `status_queries`: one row per Daraja Transaction Status query about a claim (a receipt the
 *   buyer typed), written before Daraja is called (core/payments/status-query.ts). Our
 *   OriginatorConversationID is unique, so a Result is stored on one query only. (order_id,
 *   receipt, attempt) is unique: two reconcilers racing to send the same attempt of a claim
 *   write one row, and only its writer sends it. Results are found by OriginatorConversationID,
 *   else by Daraja's ConversationID (not unique: it is Daraja's, and a forged body must not make
 *   a write fail); a C2B confirmation asks by receipt whether a query verified an order with it.
 * - on `orders`: an index on payment_claimed_at, for the reconciler's look for claims (the last
 *   24 hours of them) every 15 seconds in every API process.
 */
export function statusQueriesMigration(dialect: SqlDialect): Migration {
  const k = schemaKit(dialect);
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('status_queries')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('order_id', 'text', (c) => c.notNull().references('orders.id'))
        .addColumn('receipt', 'text', (c) => c.notNull())
        .addColumn('attempt', 'integer', (c) => c.notNull().check(sql`attempt >= 1`))
        .addColumn('short_code', 'text', (c) => c.notNull())
        .addColumn('originator_conversation_id', 'text', (c) => c.notNull().unique())
        .addColumn('conversation_id', 'text')
        .addColumn('status', 'text', (c) => c.notNull().check(oneOf('status', STATUS_QUERY_STATUSES)))
        .$call(k.timestamp('next_attempt_at', { nullable: true }))
        .addColumn('result_code', 'integer')
        .addColumn('result_desc', 'text')
        .addColumn('result_receipt', 'text')
        .$call(k.money('result_amount', { nullable: true }))
        .addColumn('result_credit_party', 'text')
        .addColumn('result_transaction_status', 'text')
        // NULL until answered (a CHECK that is NULL passes).
        .addColumn('outcome', 'text', (c) => c.check(oneOf('outcome', STATUS_QUERY_OUTCOMES)))
        .addColumn('note', 'text')
        .$call(k.timestamp('created_at'))
        .$call(k.timestamp('updated_at'))
        .$call(k.timestamp('answered_at', { nullable: true }))
        .execute();
      // One row per attempt of a claim; also an order's queries, and a claim's, by order_id first.
      await db.schema.createIndex('status_queries_claim_attempt_idx').on('status_queries').columns(['order_id', 'receipt', 'attempt']).unique().execute();
      await db.schema.createIndex('status_queries_conversation_idx').on('status_queries').column('conversation_id').execute();
      // A C2B confirmation: did a query verify an order with this receipt?
      await db.schema.createIndex('status_queries_receipt_outcome_idx').on('status_queries').columns(['receipt', 'outcome']).execute();
      await db.schema.createIndex('orders_payment_claimed_at_idx').on('orders').column('payment_claimed_at').execute();
    },
  };
}
