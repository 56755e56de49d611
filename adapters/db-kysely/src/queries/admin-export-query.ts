import type { OrderExportRow, OrderStatus, PayoutState, TimeRange } from '@escrow/core';
import type { Kysely } from 'kysely';
import type { Database } from '../schema/database.js';
import { decodeBool, decodeCents, decodeTime, encodeTime } from '../store/codec.js';

/** Rows per round trip: big enough to be quick, small enough to keep memory flat. */
export const EXPORT_BATCH_SIZE = 500;

/**
 * The CSV export's rows, oldest first, read in keyset batches on (created_at, id), which the
 * orders_created_id_idx index serves. Both columns never change, so an order is yielded exactly
 * once even while others are created or change status between batches; no statement holds
 * a connection or a snapshot while the consumer (an HTTP client, a file) takes its time.
 * Each batch's payouts (the payout columns) are read in one more statement, never one per order.
 */
export async function* adminExportQuery(db: Kysely<Database>, range: TimeRange, batchSize = EXPORT_BATCH_SIZE): AsyncGenerator<OrderExportRow> {
  let after: { createdAt: string; id: string } | null = null;
  for (;;) {
    const cursor: { createdAt: string; id: string } | null = after;
    let query = db
      .selectFrom('orders')
      .leftJoin('sellers', 'sellers.id', 'orders.seller_id')
      .select([
        'orders.id',
        'orders.item_name',
        'orders.buyer_name',
        'orders.price',
        'orders.status',
        'orders.payment_method',
        'orders.seller_payout',
        'orders.rider_payout',
        'orders.service_fee',
        'orders.created_at',
        'orders.mpesa_receipt',
        'orders.settlement_paid',
        'orders.settlement_reference',
        'sellers.business_name as seller_business_name',
        'sellers.anonymised_at as seller_anonymised_at',
      ]);
    if (range.from) query = query.where('orders.created_at', '>=', encodeTime(range.from));
    if (range.until) query = query.where('orders.created_at', '<', encodeTime(range.until));
    if (cursor) {
      query = query.where((eb) =>
        eb.or([eb('orders.created_at', '>', cursor.createdAt), eb.and([eb('orders.created_at', '=', cursor.createdAt), eb('orders.id', '>', cursor.id)])]),
      );
    }
    const rows = await query.orderBy('orders.created_at', 'asc').orderBy('orders.id', 'asc').limit(batchSize).execute();
    const payouts = await payoutsOf(db, rows.map((r) => r.id));
    for (const row of rows) {
      yield {
        id: row.id,
        itemName: row.item_name,
        sellerBusinessName: row.seller_anonymised_at === null ? row.seller_business_name : null,
        buyerName: row.buyer_name,
        price: decodeCents(row.price),
        status: row.status as OrderStatus,
        paymentMethod: row.payment_method,
        sellerPayout: decodeCents(row.seller_payout),
        riderPayout: decodeCents(row.rider_payout),
        serviceFee: decodeCents(row.service_fee),
        createdAt: decodeTime(row.created_at),
        mpesaReceipt: row.mpesa_receipt,
        settlementPaid: decodeBool(row.settlement_paid),
        settlementReference: row.settlement_reference,
        payouts: payouts.get(row.id) ?? [],
      };
    }
    const last = rows.at(-1);
    if (!last || rows.length < batchSize) return;
    after = { createdAt: last.created_at, id: last.id };
  }
}

/** The seller and rider payouts of a batch of orders, in one statement (the (order_id, purpose) index serves it). */
async function payoutsOf(db: Kysely<Database>, orderIds: readonly string[]): Promise<Map<string, OrderExportRow['payouts'][number][]>> {
  const byOrder = new Map<string, OrderExportRow['payouts'][number][]>();
  if (orderIds.length === 0) return byOrder;
  const rows = await db.selectFrom('payouts').select(['order_id', 'purpose', 'state', 'receipt']).where('order_id', 'in', [...orderIds]).where('purpose', '<>', 'refund').execute();
  for (const row of rows) {
    const list = byOrder.get(row.order_id) ?? [];
    list.push({ purpose: row.purpose, state: row.state as PayoutState, receipt: row.receipt });
    byOrder.set(row.order_id, list);
  }
  return byOrder;
}
