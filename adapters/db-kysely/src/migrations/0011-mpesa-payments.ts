import { sql, type Kysely, type Migration } from 'kysely';
import type { SqlDialect } from '../sql-dialect.js';
import { widenPostingKinds } from './ledger-kinds.js';
import { oneOf, schemaKit } from './schema-kit.js';

/** The posting kinds migration 0003 allowed (frozen). */
const POSTING_KINDS_0003 = ['payment_in', 'delivery_release', 'settlement_out', 'refund_reserve', 'refund_out', 'cash_fee_owed'];

/** Frozen copies of core/payments' statuses (a later change is a new migration). */
const STK_STATUSES = ['sending', 'pending', 'paid', 'failed', 'unknown'];
const C2B_STATUSES = ['matched', 'unmatched', 'attached', 'refunded'];

/**
 * Verified M-Pesa payments (PRODUCT-DECISIONS, Real money):
 * - `stk_requests`: one row per STK Push of an order (core/payments/stk-request.ts). The
 *   CheckoutRequestID Daraja gives back is unique once known (NULLs do not clash: a request
 *   still `sending` or `unknown` has none). The reconciler reads (status, next_query_at); the
 *   buyer page reads an order's requests newest first off (order_id, created_at).
 * - `c2b_payments`: one row per Paybill payment Safaricom confirmed, keyed by its TransID, so
 *   a confirmation Safaricom repeats is stored once. `order_id` is null while unmatched.
 * - on `orders`: `payment_verified_by` (what verified the payment with M-Pesa) and
 *   `payment_received` (what M-Pesa says arrived, in cents). Orders paid before this step
 *   keep both NULL: paid on a typed receipt alone, unverified.
 */
export function mpesaPaymentsMigration(dialect: SqlDialect): Migration {
  const k = schemaKit(dialect);
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('stk_requests')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('order_id', 'text', (c) => c.notNull().references('orders.id'))
        .addColumn('msisdn', 'text', (c) => c.notNull())
        .$call(k.money('amount'))
        .addColumn('status', 'text', (c) => c.notNull().check(oneOf('status', STK_STATUSES)))
        .addColumn('checkout_request_id', 'text', (c) => c.unique())
        .addColumn('merchant_request_id', 'text')
        .addColumn('result_code', 'integer')
        .addColumn('result_desc', 'text')
        .addColumn('callback_result_code', 'integer')
        .addColumn('callback_receipt', 'text')
        .$call(k.money('callback_amount', { nullable: true }))
        .addColumn('callback_phone', 'text')
        .addColumn('callbacks', 'integer', (c) => c.notNull().defaultTo(0).check(sql`callbacks >= 0`))
        .addColumn('queries', 'integer', (c) => c.notNull().defaultTo(0).check(sql`queries >= 0`))
        .$call(k.timestamp('next_query_at', { nullable: true }))
        .$call(k.timestamp('created_at'))
        .$call(k.timestamp('updated_at'))
        .$call(k.timestamp('settled_at', { nullable: true }))
        .execute();
      // The reconciler: the requests in a status, by when they are next due.
      await db.schema.createIndex('stk_requests_status_next_query_idx').on('stk_requests').columns(['status', 'next_query_at']).execute();
      // An order's requests, newest first.
      await db.schema.createIndex('stk_requests_order_created_idx').on('stk_requests').columns(['order_id', 'created_at']).execute();

      await db.schema
        .createTable('c2b_payments')
        .addColumn('trans_id', 'text', (c) => c.primaryKey())
        .addColumn('bill_ref_number', 'text', (c) => c.notNull())
        .$call(k.money('amount'))
        .addColumn('msisdn', 'text', (c) => c.notNull())
        .addColumn('payer_name', 'text', (c) => c.notNull())
        .addColumn('business_short_code', 'text', (c) => c.notNull())
        // TransTime as Safaricom sends it (YYYYMMDDHHmmss, Nairobi time): kept, never compared.
        .addColumn('trans_time', 'text', (c) => c.notNull())
        .$call(k.timestamp('received_at'))
        .addColumn('status', 'text', (c) => c.notNull().check(oneOf('status', C2B_STATUSES)))
        .addColumn('order_id', 'text', (c) => c.references('orders.id'))
        .addColumn('note', 'text')
        .addColumn('resolved_by', 'text')
        .$call(k.timestamp('resolved_at', { nullable: true }))
        .execute();
      // The admin's lists: by status (the unmatched ones), by order, or all, newest first.
      await db.schema.createIndex('c2b_payments_status_received_idx').on('c2b_payments').columns(['status', 'received_at']).execute();
      await db.schema.createIndex('c2b_payments_order_received_idx').on('c2b_payments').columns(['order_id', 'received_at']).execute();
      await db.schema.createIndex('c2b_payments_received_idx').on('c2b_payments').column('received_at').execute();

      // One column per statement: SQLite's ALTER TABLE adds one at a time. Existing rows get NULL.
      await db.schema.alterTable('orders').addColumn('payment_verified_by', 'text').execute();
      await db.schema
        .alterTable('orders')
        .addColumn('payment_received', 'bigint', (c) => c.check(sql`payment_received >= 0`))
        .execute();
      // A claim: a receipt the buyer typed that no verified payment matched (held in mpesa_unverified).
      await db.schema
        .alterTable('orders')
        .addColumn('payment_claimed_at', dialect === 'postgres' ? sql`text collate "C"` : 'text', (c) => c.check(sql`length(payment_claimed_at) = 24`))
        .execute();
      await db.schema.alterTable('orders').addColumn('payment_claim_receipt', 'text').execute();
      // Claims are booked: 'payment_claimed' into mpesa_unverified, 'claim_released' out of it.
      await widenPostingKinds(db, dialect, POSTING_KINDS_0003, [...POSTING_KINDS_0003, 'payment_claimed', 'claim_released']);
    },
  };
}
