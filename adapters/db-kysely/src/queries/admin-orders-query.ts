import type { AdminOrderFilter, AdminOrderListRow, OrderStatus, PageRequest, Paged, PaymentMethod } from '@escrow/core';
import { sql, type ExpressionBuilder, type Kysely } from 'kysely';
import type { Database } from '../schema/database.js';
import { decodeBool, decodeCents, decodeInteger, decodeTime, decodeTimeOrNull } from '../store/codec.js';

/** The admin list's columns only (a whole order is 50 columns; decoding them was most of a list's cost). */
const COLUMNS = [
  'orders.id',
  'orders.tracking_number',
  'orders.item_name',
  'orders.seller_id',
  'orders.buyer_name',
  'orders.buyer_phone',
  'orders.payment_method',
  'orders.price',
  'orders.service_fee',
  'orders.seller_payout',
  'orders.rider_payout',
  'orders.delivery_cost',
  'orders.delivery_paid_by',
  'orders.status',
  'orders.payment_confirmed',
  'orders.settlement_paid',
  'orders.payment_verified_by',
  'orders.payment_claimed_at',
  'orders.rider_name',
  'orders.rider_phone',
  'orders.rider_accepted_at',
  'orders.code_locked_at',
  'orders.created_at',
  'orders.delivered_at',
  'orders.settled_at',
] as const;

/** `%`, `_` and the escape itself are literal in a search, not wildcards. */
export const likePattern = (text: string): string => `%${text.toLowerCase().replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;

type OrdersEb = ExpressionBuilder<Database, 'orders'>;

/**
 * The filter as a condition on `orders`: the status, and the search read three ways (each an
 * indexed look-up: the unique tracking number, orders_buyer_phone_created_id_idx, and the
 * sellers whose name matches, whose orders come off orders_seller_created_id_idx).
 */
function matches(filter: AdminOrderFilter) {
  return (eb: OrdersEb) => {
    const all = [];
    if (filter.status !== undefined) all.push(eb('orders.status', '=', filter.status));
    const search = filter.search;
    if (search) {
      const any = [];
      if (search.trackingNumber) any.push(eb('orders.tracking_number', '=', search.trackingNumber));
      if (search.buyerPhone) any.push(eb('orders.buyer_phone', '=', search.buyerPhone));
      if (search.businessName) {
        const pattern = likePattern(search.businessName);
        any.push(
          eb(
            'orders.seller_id',
            'in',
            eb.selectFrom('sellers').select('sellers.id').where(sql<boolean>`lower(sellers.business_name) like ${pattern} escape '\\'`),
          ),
        );
      }
      all.push(any.length > 0 ? eb.or(any) : sql<boolean>`1 = 0`);
    }
    return eb.and(all);
  };
}

/** The page's statement (exported so a test can read its query plan). */
export const adminOrdersPageStatement = (db: Kysely<Database>, filter: AdminOrderFilter, page: PageRequest) =>
  db
    .selectFrom('orders')
    .leftJoin('sellers', 'sellers.id', 'orders.seller_id')
    .select(COLUMNS)
    .select([
      'sellers.business_name as seller_business_name',
      'sellers.payment_method as seller_payment_method',
      'sellers.payment_number as seller_payment_number',
      'sellers.anonymised_at as seller_anonymised_at',
    ])
    .where(matches(filter))
    .orderBy('orders.created_at', 'desc')
    .orderBy('orders.id', 'desc')
    .limit(page.limit)
    .offset(page.offset);

export const adminOrdersCountStatement = (db: Kysely<Database>, filter: AdminOrderFilter) =>
  db
    .selectFrom('orders')
    .select((eb) => eb.fn.countAll<number>().as('total'))
    .where(matches(filter));

/** Every order with its seller's business name, newest first (id breaks ties so pages never overlap), and how many match. */
export async function adminOrdersQuery(db: Kysely<Database>, filter: AdminOrderFilter, page: PageRequest): Promise<Paged<AdminOrderListRow>> {
  const rows = await adminOrdersPageStatement(db, filter, page).execute();
  const counted = await adminOrdersCountStatement(db, filter).executeTakeFirstOrThrow();
  const items = rows.map((row): AdminOrderListRow => {
    // No seller row (left join) or an anonymised one: nothing to show or pay to.
    const known = row.seller_business_name !== null && row.seller_anonymised_at === null;
    return {
      id: row.id,
      trackingNumber: row.tracking_number,
      itemName: row.item_name,
      sellerId: row.seller_id,
      sellerBusinessName: known ? row.seller_business_name : null,
      sellerPaymentMethod: known ? row.seller_payment_method : null,
      sellerPaymentNumber: known ? row.seller_payment_number : null,
      buyerName: row.buyer_name,
      buyerPhone: row.buyer_phone,
      // The CHECK constraints restrict these columns to the core's values.
      paymentMethod: row.payment_method as PaymentMethod,
      price: decodeCents(row.price),
      serviceFee: decodeCents(row.service_fee),
      sellerPayout: decodeCents(row.seller_payout),
      riderPayout: decodeCents(row.rider_payout),
      deliveryCost: decodeCents(row.delivery_cost),
      deliveryPaidBy: row.delivery_paid_by as AdminOrderListRow['deliveryPaidBy'],
      status: row.status as OrderStatus,
      paymentConfirmed: decodeBool(row.payment_confirmed),
      settlementPaid: decodeBool(row.settlement_paid),
      paymentVerifiedBy: row.payment_verified_by,
      paymentClaimedAt: decodeTimeOrNull(row.payment_claimed_at),
      riderName: row.rider_name,
      riderPhone: row.rider_phone,
      riderAcceptedAt: decodeTimeOrNull(row.rider_accepted_at),
      codeLockedAt: decodeTimeOrNull(row.code_locked_at),
      createdAt: decodeTime(row.created_at),
      deliveredAt: decodeTimeOrNull(row.delivered_at),
      settledAt: decodeTimeOrNull(row.settled_at),
    };
  });
  return { items, total: decodeInteger(Number(counted.total)) };
}
