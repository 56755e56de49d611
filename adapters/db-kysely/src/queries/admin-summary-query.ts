import type { AdminSummaryFigures } from '@escrow/core';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../schema/database.js';
import { decodeCents, decodeInteger, type Codec } from '../store/codec.js';

interface SummaryRow {
  total_orders: unknown;
  revenue: unknown;
  awaiting_count: unknown;
  awaiting_payout: unknown;
  awaiting_owed: unknown;
  completed_orders: unknown;
  total_sellers: unknown;
  pending_contacts: unknown;
}

/**
 * The admin summary cards in one statement: one pass over the orders with conditional sums,
 * and two counts. Sums are cast to BIGINT because PostgreSQL's SUM(bigint) is NUMERIC (which
 * the driver returns as a string).
 *
 * - revenue: service fees of settlement_completed orders (spec section 9);
 * - awaiting settlement: count, seller + rider payouts as the spec's card shows them, and what
 *   the platform actually owes (the rider's share only when the seller pays delivery; a buyer
 *   who pays delivery pays the rider at the door, PRODUCT-DECISIONS);
 * - completed: settlement_completed and completed (cash) orders, decision 0031.
 */
export async function adminSummaryQuery(db: Kysely<Database>, codec: Codec): Promise<AdminSummaryFigures> {
  const result = await sql<SummaryRow>`
    select
      count(*) as total_orders,
      cast(coalesce(sum(case when status = 'settlement_completed' then service_fee else 0 end), 0) as bigint) as revenue,
      cast(coalesce(sum(case when status = 'awaiting_settlement' then 1 else 0 end), 0) as bigint) as awaiting_count,
      cast(coalesce(sum(case when status = 'awaiting_settlement' then seller_payout + rider_payout else 0 end), 0) as bigint) as awaiting_payout,
      cast(coalesce(sum(case when status = 'awaiting_settlement' then seller_payout + (case when delivery_paid_by = 'seller' then rider_payout else 0 end) else 0 end), 0) as bigint) as awaiting_owed,
      cast(coalesce(sum(case when status in ('settlement_completed', 'completed') then 1 else 0 end), 0) as bigint) as completed_orders,
      (select count(*) from sellers where anonymised_at is null) as total_sellers,
      (select count(*) from contact_submissions where resolved = ${codec.bool(false)}) as pending_contacts
    from orders
  `.execute(db);
  const row = result.rows[0];
  if (!row) throw new Error('admin summary returned no row');
  const int = (value: unknown): number => decodeInteger(Number(value));
  return {
    totalOrders: int(row.total_orders),
    revenue: decodeCents(int(row.revenue)),
    awaitingSettlementCount: int(row.awaiting_count),
    awaitingSettlementPayout: decodeCents(int(row.awaiting_payout)),
    awaitingSettlementOwed: decodeCents(int(row.awaiting_owed)),
    completedOrders: int(row.completed_orders),
    totalSellers: int(row.total_sellers),
    pendingContacts: int(row.pending_contacts),
  };
}
