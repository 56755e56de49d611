import type { Kysely, Migration } from 'kysely';

/**
 * Indexes for the paged lists (seller orders, admin orders, refund requests), which sort by
 * (created_at, id) so that pages never overlap. With an index ending in created_at only, the
 * database had to fetch and sort every order of the seller to break ties on id before taking
 * one page (SQLite: "USE TEMP B-TREE FOR LAST TERM OF ORDER BY"); with id in the index, a page
 * is read straight off it, newest first, and stops after `limit` rows. The new seller and status
 * indexes start with the columns of the ones they replace, so those are dropped.
 */
export function orderListIndexesMigration(): Migration {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema.createIndex('orders_seller_created_id_idx').on('orders').columns(['seller_id', 'created_at', 'id']).execute();
      await db.schema.dropIndex('orders_seller_created_idx').execute();
      await db.schema.createIndex('orders_status_created_id_idx').on('orders').columns(['status', 'created_at', 'id']).execute();
      await db.schema.dropIndex('orders_status_idx').execute();
      await db.schema.createIndex('orders_created_id_idx').on('orders').columns(['created_at', 'id']).execute();
      await db.schema.createIndex('refund_requests_status_created_idx').on('refund_requests').columns(['status', 'created_at', 'id']).execute();
    },
  };
}
