import type { OrderEventRepository } from '@escrow/core';
import type { Kysely } from 'kysely';
import type { Database } from '../schema/database.js';
import { decodeJsonObject, decodeTime, encodeJson, encodeTime } from './codec.js';

/** `data` is stored as JSON text: it round-trips JSON values (a Date inside becomes a string). */
export function kyselyOrderEventRepository(db: Kysely<Database>): OrderEventRepository {
  return {
    async append(event) {
      await db
        .insertInto('order_events')
        .values({
          id: event.id,
          order_id: event.orderId,
          action: event.action,
          actor: event.actor,
          from_status: event.fromStatus,
          to_status: event.toStatus,
          data: encodeJson(event.data),
          at: encodeTime(event.at),
        })
        .execute();
    },
    /** In the order they were appended. */
    async listByOrder(orderId) {
      const rows = await db.selectFrom('order_events').selectAll().where('order_id', '=', orderId).orderBy('seq').execute();
      return rows.map((row) => ({
        id: row.id,
        orderId: row.order_id,
        action: row.action,
        actor: row.actor,
        fromStatus: row.from_status,
        toStatus: row.to_status,
        data: decodeJsonObject(row.data),
        at: decodeTime(row.at),
      }));
    },
  };
}
