import type { Kysely, Migration } from 'kysely';
import { sql } from 'kysely';
import type { SqlDialect } from '../sql-dialect.js';
import { widenPostingKinds } from './ledger-kinds.js';
import { oneOf, schemaKit } from './schema-kit.js';

/** Frozen copies of core/payouts/payout.ts and the kinds of 0011 (a later change is a new migration). */
const PAYOUT_STATES = ['awaiting_approval', 'queued', 'sending', 'sent', 'unknown', 'succeeded', 'failed', 'recorded'];
const PAYOUT_PURPOSES = ['seller', 'rider', 'refund'];
const DESTINATION_KINDS = ['mpesa_phone', 'paybill', 'till'];
const POSTING_KINDS_0011 = ['payment_in', 'delivery_release', 'settlement_out', 'refund_reserve', 'refund_out', 'cash_fee_owed', 'payment_claimed', 'claim_released'];

/**
 * Payouts by M-Pesa (issue 17, decision 0051):
 * - `payouts`: one row per order and purpose (seller, rider, refund), unique, so two processes
 *   settling the same order write one. Our OriginatorConversationID of the current attempt is
 *   unique: a Result is stored on one payout only. Daraja's ConversationID is indexed, not
 *   unique (it is Daraja's, and a forged body must not make a write fail). The sender looks for
 *   due payouts by (state, next_attempt_at).
 * - `ledger_postings.kind` gains payout_sent, payout_returned and payout_paid.
 */
export function payoutsMigration(dialect: SqlDialect): Migration {
  const k = schemaKit(dialect);
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('payouts')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('order_id', 'text', (c) => c.notNull().references('orders.id'))
        .addColumn('purpose', 'text', (c) => c.notNull().check(oneOf('purpose', PAYOUT_PURPOSES)))
        .$call(k.money('amount'))
        .addColumn('state', 'text', (c) => c.notNull().check(oneOf('state', PAYOUT_STATES)))
        .addColumn('destination_kind', 'text', (c) => c.check(oneOf('destination_kind', DESTINATION_KINDS)))
        .addColumn('destination_number', 'text')
        .addColumn('destination_account', 'text')
        .addColumn('attempt', 'integer', (c) => c.notNull().check(sql`attempt >= 0`))
        .addColumn('originator_conversation_id', 'text', (c) => c.unique())
        .addColumn('conversation_id', 'text')
        .addColumn('receipt', 'text')
        .addColumn('receiver_name', 'text')
        .addColumn('problem', 'text')
        .$call(k.timestamp('next_attempt_at', { nullable: true }))
        .$call(k.timestamp('queue_timeout_at', { nullable: true }))
        .addColumn('status_checks', 'integer', (c) => c.notNull().check(sql`status_checks >= 0`))
        .addColumn('decided_by', 'text')
        .$call(k.timestamp('created_at'))
        .$call(k.timestamp('updated_at'))
        .$call(k.timestamp('completed_at', { nullable: true }))
        .addColumn('version', 'integer', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('payouts_order_purpose_idx').on('payouts').columns(['order_id', 'purpose']).unique().execute();
      await db.schema.createIndex('payouts_due_idx').on('payouts').columns(['state', 'next_attempt_at']).execute();
      await db.schema.createIndex('payouts_conversation_idx').on('payouts').column('conversation_id').execute();
      await widenPostingKinds(db, dialect, POSTING_KINDS_0011, [...POSTING_KINDS_0011, 'payout_sent', 'payout_returned', 'payout_paid']);
    },
  };
}
