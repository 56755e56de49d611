import type { OrderRepository } from '@escrow/core';
import type { Kysely } from 'kysely';
import type { Database } from '../schema/database.js';
import type { Codec } from './codec.js';
import { orderChangesToRow, orderToRow, rowToOrder } from './order-mapping.js';

export function kyselyOrderRepository(db: Kysely<Database>, codec: Codec): OrderRepository {
  const select = () => db.selectFrom('orders').selectAll();
  return {
    async insert(order) {
      await db.insertInto('orders').values(orderToRow(order, codec)).execute();
    },

    async getForUpdate(id) {
      // PostgreSQL: the row lock is held until the transaction ends, so a second writer waits
      // here and then reads the first writer's committed row. SQLite has no row locks: its
      // transactions start with BEGIN IMMEDIATE and hold the database write lock throughout.
      const query = codec.dialect === 'postgres' ? select().where('id', '=', id).forUpdate() : select().where('id', '=', id);
      const row = await query.executeTakeFirst();
      return row === undefined ? undefined : rowToOrder(row);
    },

    async get(id) {
      const row = await select().where('id', '=', id).executeTakeFirst();
      return row === undefined ? undefined : rowToOrder(row);
    },

    async update(id, expectedVersion, changes) {
      const result = await db
        .updateTable('orders')
        .set((eb) => ({ ...orderChangesToRow(changes, codec), version: eb('version', '+', 1) }))
        .where('id', '=', id)
        .where('version', '=', expectedVersion)
        .executeTakeFirst();
      return result.numUpdatedRows > 0n;
    },

    async trackingNumberExists(trackingNumber) {
      const row = await db.selectFrom('orders').select('id').where('tracking_number', '=', trackingNumber).limit(1).executeTakeFirst();
      return row !== undefined;
    },

    /** Newest first (the seller dashboard's order), id breaking ties so pages never overlap. */
    async listBySeller(sellerId, page) {
      const rows = await select()
        .where('seller_id', '=', sellerId)
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .limit(page.limit)
        .offset(page.offset)
        .execute();
      return rows.map(rowToOrder);
    },

    /** Oldest first: the job that has waited longest is offered first. */
    async listAvailableForRider(phone) {
      const rows = await select()
        .where('status', '=', 'paid')
        .where('rider_phone', 'is', null)
        .where(({ exists, selectFrom }) =>
          exists(
            selectFrom('riders')
              .select('riders.id')
              .whereRef('riders.seller_id', '=', 'orders.seller_id')
              .where('riders.phone', '=', phone),
          ),
        )
        .orderBy('created_at', 'asc')
        .orderBy('id', 'asc')
        .execute();
      return rows.map(rowToOrder);
    },

    /** Every order currently carrying this phone, any status, newest first. */
    async listAssignedToRider(phone) {
      const rows = await select().where('rider_phone', '=', phone).orderBy('created_at', 'desc').orderBy('id', 'desc').execute();
      return rows.map(rowToOrder);
    },
  };
}
