import { sql, type Kysely, type Migration } from 'kysely';
import type { SqlDialect } from '../sql-dialect.js';
import { oneOf, schemaKit } from './schema-kit.js';

/** A frozen copy of the statuses of spec section 4 (a later change is a new migration). */
const ORDER_STATUSES = [
  'draft',
  'awaiting_payment',
  'paid',
  'rider_assigned',
  'picked_up',
  'in_transit',
  'delivered',
  'awaiting_settlement',
  'settlement_completed',
  'completed',
  'cancelled',
];

/**
 * Riders, orders and everything hanging off one order: M-Pesa receipts, feedback, rider payment
 * confirmations, refund requests, the audit trail and delivery-code attempts. Orders are never
 * deleted (the ledger keeps pointing at them), so no foreign key to an order cascades.
 */
export function ordersMigration(dialect: SqlDialect): Migration {
  const k = schemaKit(dialect);
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('riders')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('seller_id', 'text', (c) => c.notNull().references('sellers.id').onDelete('cascade'))
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('phone', 'text', (c) => c.notNull())
        .addColumn('motorbike_plate', 'text', (c) => c.notNull())
        .$call(k.timestamp('created_at'))
        .addUniqueConstraint('riders_seller_phone_unique', ['seller_id', 'phone'])
        .execute();
      // "Available jobs" look riders up by phone across sellers.
      await db.schema.createIndex('riders_phone_idx').on('riders').column('phone').execute();

      let orders = db.schema
        .createTable('orders')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('seller_id', 'text', (c) => c.notNull().references('sellers.id').onDelete('restrict'))
        // The M-Pesa account reference: at most 12 characters.
        .addColumn('tracking_number', 'text', (c) => c.notNull().unique().check(sql`length(tracking_number) between 1 and 12`))
        .addColumn('item_name', 'text', (c) => c.notNull())
        .$call(k.money('price'))
        .addColumn('product_photo_url', 'text')
        .addColumn('packaged_photo_url', 'text')
        .addColumn('pickup_photo_url', 'text')
        .addColumn('payment_method', 'text', (c) => c.notNull().check(oneOf('payment_method', ['mpesa_prepay', 'mpesa_pod', 'cash'])))
        .$call(k.money('buyer_cash_amount', { nullable: true }))
        .addColumn('buyer_name', 'text', (c) => c.notNull())
        .addColumn('buyer_phone', 'text', (c) => c.notNull())
        .addColumn('buyer_address', 'text', (c) => c.notNull())
        .addColumn('pin_location_link', 'text')
        .addColumn('landmark', 'text')
        .addColumn('house_number', 'text')
        .addColumn('estate', 'text')
        .addColumn('pickup_location', 'text', (c) => c.notNull())
        .addColumn('delivery_code', 'text', (c) => c.notNull().check(sql`length(delivery_code) = 6`))
        .$call(k.money('delivery_cost'))
        .addColumn('delivery_paid_by', 'text', (c) => c.notNull().check(oneOf('delivery_paid_by', ['buyer', 'seller'])))
        .addColumn('fee_basis_points', 'integer', (c) => c.notNull().check(sql`fee_basis_points between 0 and 10000`))
        .$call(k.money('service_fee'))
        .$call(k.money('seller_payout'))
        .$call(k.money('rider_payout'))
        .addColumn('status', 'text', (c) => c.notNull().check(oneOf('status', ORDER_STATUSES)))
        .$call(k.bool('payment_confirmed', { default: false }))
        .$call(k.timestamp('payment_confirmed_at', { nullable: true }))
        // One M-Pesa payment confirms at most one order (NULLs are not equal to each other).
        .addColumn('mpesa_receipt', 'text', (c) => c.unique())
        .$call(k.timestamp('terms_accepted_at', { nullable: true }))
        .$call(k.bool('settlement_paid', { default: false }))
        .$call(k.timestamp('settled_at', { nullable: true }))
        .addColumn('settlement_reference', 'text')
        .addColumn('rider_name', 'text')
        .addColumn('rider_phone', 'text')
        .addColumn('rider_key', 'text')
        .$call(k.timestamp('rider_assigned_at', { nullable: true }))
        .$call(k.timestamp('rider_accepted_at', { nullable: true }))
        .$call(k.timestamp('picked_up_at', { nullable: true }))
        .$call(k.timestamp('delivered_at', { nullable: true }))
        .$call(k.timestamp('cancelled_at', { nullable: true }))
        .addColumn('code_attempts', 'integer', (c) => c.notNull().defaultTo(0).check(sql`code_attempts >= 0`))
        .$call(k.timestamp('code_locked_at', { nullable: true }))
        // Floats on purpose: estimates, never money; 'double precision' is REAL on SQLite.
        .addColumn('estimated_distance_km', 'double precision')
        .addColumn('estimated_time_minutes', 'double precision')
        .$call(k.timestamp('created_at'))
        .$call(k.timestamp('updated_at'))
        .addColumn('version', 'integer', (c) => c.notNull().defaultTo(0).check(sql`version >= 0`));
      if (dialect === 'sqlite') {
        // SQLite checks a foreign key when rows change, so it may name a table created below;
        // PostgreSQL gets the same constraint by ALTER TABLE once that table exists.
        orders = orders.addForeignKeyConstraint('orders_receipt_claimed_fk', ['mpesa_receipt', 'id'], 'payment_receipts', ['receipt', 'order_id']);
      }
      await orders.execute();
      await db.schema.createIndex('orders_seller_created_idx').on('orders').columns(['seller_id', 'created_at']).execute();
      await db.schema.createIndex('orders_rider_phone_idx').on('orders').column('rider_phone').execute();
      await db.schema.createIndex('orders_status_idx').on('orders').column('status').execute();

      await db.schema
        .createTable('payment_receipts')
        .addColumn('receipt', 'text', (c) => c.primaryKey())
        .addColumn('order_id', 'text', (c) => c.notNull().references('orders.id'))
        .$call(k.money('amount'))
        .$call(k.timestamp('claimed_at'))
        // The target of orders_receipt_claimed_fk: an order may only carry a receipt it claimed.
        .addUniqueConstraint('payment_receipts_receipt_order_unique', ['receipt', 'order_id'])
        .execute();
      await db.schema.createIndex('payment_receipts_order_idx').on('payment_receipts').column('order_id').execute();
      if (dialect === 'postgres') {
        await db.schema
          .alterTable('orders')
          .addForeignKeyConstraint('orders_receipt_claimed_fk', ['mpesa_receipt', 'id'], 'payment_receipts', ['receipt', 'order_id'])
          .execute();
      }

      await db.schema
        .createTable('feedback')
        .addColumn('order_id', 'text', (c) => c.primaryKey().references('orders.id'))
        .addColumn('buyer_name', 'text', (c) => c.notNull())
        .addColumn('rider_rating', 'integer', (c) => c.notNull().check(sql`rider_rating between 1 and 5`))
        .addColumn('seller_rating', 'integer', (c) => c.notNull().check(sql`seller_rating between 1 and 5`))
        .addColumn('comment', 'text')
        .$call(k.timestamp('created_at'))
        .execute();

      await db.schema
        .createTable('rider_payment_confirmations')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('order_id', 'text', (c) => c.notNull().references('orders.id'))
        .addColumn('rider_phone', 'text', (c) => c.notNull())
        .$call(k.bool('payment_received'))
        .addColumn('payment_issue', 'text')
        .$call(k.timestamp('created_at'))
        .execute();
      await db.schema.createIndex('rider_payment_confirmations_order_idx').on('rider_payment_confirmations').columns(['order_id', 'created_at']).execute();

      await db.schema
        .createTable('refund_requests')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('order_id', 'text', (c) => c.notNull().references('orders.id'))
        .addColumn('requested_by', 'text', (c) => c.notNull().check(oneOf('requested_by', ['buyer', 'seller', 'rider'])))
        .addColumn('reason', 'text', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull().check(oneOf('status', ['open', 'refunded', 'rejected'])))
        .$call(k.timestamp('created_at'))
        .$call(k.timestamp('resolved_at', { nullable: true }))
        .addColumn('resolved_by', 'text')
        .addColumn('mpesa_reference', 'text')
        .addColumn('resolution_note', 'text')
        // Open means unresolved, and a resolved request says when.
        .addCheckConstraint('refund_requests_resolution_check', sql`(status = 'open') = (resolved_at is null)`)
        .execute();
      await db.schema.createIndex('refund_requests_order_idx').on('refund_requests').column('order_id').execute();
      // At most one open request per order, whichever two requests race.
      await db.schema
        .createIndex('refund_requests_one_open_idx')
        .unique()
        .on('refund_requests')
        .column('order_id')
        .where(sql.ref('status'), '=', 'open')
        .execute();

      await db.schema
        .createTable('order_events')
        .$call(k.seq())
        .addColumn('id', 'text', (c) => c.notNull().unique())
        .addColumn('order_id', 'text', (c) => c.notNull().references('orders.id'))
        .addColumn('action', 'text', (c) => c.notNull())
        .addColumn('actor', 'text', (c) => c.notNull())
        .addColumn('from_status', 'text')
        .addColumn('to_status', 'text', (c) => c.notNull())
        .addColumn('data', 'text', (c) => c.notNull())
        .$call(k.timestamp('at'))
        .execute();
      await db.schema.createIndex('order_events_order_idx').on('order_events').columns(['order_id', 'seq']).execute();

      await db.schema
        .createTable('code_attempts')
        .$call(k.seq())
        .addColumn('id', 'text', (c) => c.notNull().unique())
        .addColumn('order_id', 'text', (c) => c.notNull().references('orders.id'))
        .addColumn('actor', 'text', (c) => c.notNull())
        .$call(k.bool('success'))
        .$call(k.timestamp('at'))
        .execute();
      await db.schema.createIndex('code_attempts_order_idx').on('code_attempts').columns(['order_id', 'seq']).execute();
    },
  };
}
