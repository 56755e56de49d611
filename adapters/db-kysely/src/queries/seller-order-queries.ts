import type { OrderListRow, OrderStatus, PageRequest, Paged, PaymentMethod, SellerDashboardFigures } from '@escrow/core';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../schema/database.js';
import { decodeBool, decodeCents, decodeInteger, decodeTime, decodeTimeOrNull, type Codec } from '../store/codec.js';

/** The list's columns only: a whole order row is 50 columns, and decoding them was most of a list's cost. */
const LIST_COLUMNS = [
  'id',
  'tracking_number',
  'item_name',
  'status',
  'payment_method',
  'price',
  'service_fee',
  'seller_payout',
  'rider_payout',
  'delivery_cost',
  'payment_confirmed',
  'settlement_paid',
  'buyer_name',
  'rider_name',
  'rider_phone',
  'code_locked_at',
  'created_at',
] as const;

/** The seller's orders, newest first (id breaks ties so pages never overlap), and how many there are. */
export async function sellerOrderPage(db: Kysely<Database>, sellerId: string, page: PageRequest): Promise<Paged<OrderListRow>> {
  // Both use the (seller_id, created_at) index; the count is an index-only scan on PostgreSQL.
  const rows = await db
    .selectFrom('orders')
    .select(LIST_COLUMNS)
    .where('seller_id', '=', sellerId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(page.limit)
    .offset(page.offset)
    .execute();
  const counted = await db.selectFrom('orders').select((eb) => eb.fn.countAll<number>().as('total')).where('seller_id', '=', sellerId).executeTakeFirstOrThrow();
  const items = rows.map(
    (row): OrderListRow => ({
      id: row.id,
      trackingNumber: row.tracking_number,
      itemName: row.item_name,
      // The CHECK constraints restrict these columns to the core's values.
      status: row.status as OrderStatus,
      paymentMethod: row.payment_method as PaymentMethod,
      price: decodeCents(row.price),
      serviceFee: decodeCents(row.service_fee),
      sellerPayout: decodeCents(row.seller_payout),
      riderPayout: decodeCents(row.rider_payout),
      deliveryCost: decodeCents(row.delivery_cost),
      paymentConfirmed: decodeBool(row.payment_confirmed),
      settlementPaid: decodeBool(row.settlement_paid),
      buyerName: row.buyer_name,
      riderName: row.rider_name,
      riderPhone: row.rider_phone,
      codeLockedAt: decodeTimeOrNull(row.code_locked_at),
      createdAt: decodeTime(row.created_at),
    }),
  );
  return { items, total: decodeInteger(Number(counted.total)) };
}

interface DashboardRow {
  total_orders: number;
  pending_orders: number;
  completed_orders: number;
  settled_orders: number;
  revenue: number;
  average_order_value: number;
  completion_rate_bp: number;
  rating_count: number;
  average_rating_tenths: number | null;
}

/**
 * Spec section 9 in one statement: an aggregate over the seller's orders and one over the
 * feedback on them, then the ratios in integer arithmetic. `(2n + d) / (2d)` on integers is
 * a half-up division on both databases (each divides integers by truncating, and every value
 * here is non-negative), the same formula as core's `divideHalfUp`. Sums are cast to BIGINT
 * because PostgreSQL's SUM(bigint) is NUMERIC, whose division would not truncate.
 */
export async function sellerDashboardFiguresQuery(db: Kysely<Database>, codec: Codec, sellerId: string): Promise<SellerDashboardFigures> {
  const unconfirmed = codec.bool(false);
  const result = await sql<DashboardRow>`
    with o as (
      select
        count(*) as total_orders,
        cast(coalesce(sum(case when payment_confirmed = ${unconfirmed} and status not in ('cancelled', 'completed') then 1 else 0 end), 0) as bigint) as pending_orders,
        cast(coalesce(sum(case when status in ('settlement_completed', 'completed') then 1 else 0 end), 0) as bigint) as completed_orders,
        cast(coalesce(sum(case when status = 'settlement_completed' then 1 else 0 end), 0) as bigint) as settled_orders,
        cast(coalesce(sum(case when status = 'settlement_completed' then seller_payout else 0 end), 0) as bigint) as revenue
      from orders
      where seller_id = ${sellerId}
    ),
    f as (
      select count(*) as rating_count, cast(coalesce(sum(feedback.seller_rating), 0) as bigint) as rating_sum
      from feedback
      join orders on orders.id = feedback.order_id
      where orders.seller_id = ${sellerId}
    )
    select
      o.total_orders, o.pending_orders, o.completed_orders, o.settled_orders, o.revenue,
      case when o.settled_orders = 0 then 0 else (2 * o.revenue + o.settled_orders) / (2 * o.settled_orders) end as average_order_value,
      case when o.total_orders = 0 then 0 else (2 * o.completed_orders * 10000 + o.total_orders) / (2 * o.total_orders) end as completion_rate_bp,
      f.rating_count,
      case when f.rating_count = 0 then null else (2 * f.rating_sum * 10 + f.rating_count) / (2 * f.rating_count) end as average_rating_tenths
    from o cross join f
  `.execute(db);
  const row = result.rows[0];
  if (!row) throw new Error('dashboard aggregate returned no row');
  const int = (value: unknown): number => decodeInteger(Number(value));
  return {
    totalOrders: int(row.total_orders),
    pendingOrders: int(row.pending_orders),
    completedOrders: int(row.completed_orders),
    settledOrders: int(row.settled_orders),
    revenue: decodeCents(int(row.revenue)),
    averageOrderValue: decodeCents(int(row.average_order_value)),
    completionRateBasisPoints: int(row.completion_rate_bp),
    sellerRatingCount: int(row.rating_count),
    averageSellerRatingTenths: row.average_rating_tenths === null ? null : int(row.average_rating_tenths),
  };
}
