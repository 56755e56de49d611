import type { PageRequest, Paged, SettlementQueueRow } from '@escrow/core';
import type { Kysely } from 'kysely';
import type { Database } from '../schema/database.js';
import { decodeCents, decodeInteger, decodeTimeOrNull } from '../store/codec.js';

/**
 * Orders awaiting settlement with where each payout goes (the seller's M-Pesa, Paybill or Till;
 * the rider's phone when the seller pays delivery): the list an admin pays from. Longest
 * waiting first; read off orders_status_created_id_idx (the status is the filter).
 */
export async function settlementQueueQuery(db: Kysely<Database>, page: PageRequest): Promise<Paged<SettlementQueueRow>> {
  const rows = await db
    .selectFrom('orders')
    .leftJoin('sellers', 'sellers.id', 'orders.seller_id')
    .select([
      'orders.id',
      'orders.tracking_number',
      'orders.item_name',
      'orders.delivered_at',
      'orders.seller_id',
      'orders.seller_payout',
      'orders.rider_payout',
      'orders.delivery_paid_by',
      'orders.rider_name',
      'orders.rider_phone',
      'sellers.business_name',
      'sellers.payment_method',
      'sellers.payment_number',
      'sellers.anonymised_at',
    ])
    .where('orders.status', '=', 'awaiting_settlement')
    .orderBy('orders.delivered_at', 'asc')
    .orderBy('orders.id', 'asc')
    .limit(page.limit)
    .offset(page.offset)
    .execute();
  const counted = await db.selectFrom('orders').select((eb) => eb.fn.countAll<number>().as('total')).where('status', '=', 'awaiting_settlement').executeTakeFirstOrThrow();
  return {
    items: rows.map((row) => {
      const known = row.anonymised_at === null;
      return {
        orderId: row.id,
        trackingNumber: row.tracking_number,
        itemName: row.item_name,
        deliveredAt: decodeTimeOrNull(row.delivered_at),
        sellerId: row.seller_id,
        sellerBusinessName: known ? row.business_name : null,
        sellerPaymentMethod: known ? row.payment_method : null,
        sellerPaymentNumber: known ? row.payment_number : null,
        sellerPayout: decodeCents(row.seller_payout),
        riderName: row.rider_name,
        riderPhone: row.rider_phone,
        riderShare: decodeCents(row.delivery_paid_by === 'seller' && row.rider_phone ? row.rider_payout : 0),
      };
    }),
    total: decodeInteger(Number(counted.total)),
  };
}
