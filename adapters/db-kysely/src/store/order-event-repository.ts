import type { OrderEventRepository } from '@escrow/core';
import type { Kysely } from 'kysely';
import type { Database } from '../schema/database.js';
import { decodeJsonObject, decodeTime, encodeJson, encodeTime } from './codec.js';
import type { Inserts } from './deferred-inserts.js';

/** `data` is stored as JSON text: it round-trips JSON values (a Date inside becomes a string). */
export function kyselyOrderEventRepository(db: Kysely<Database>, inserts: Inserts): OrderEventRepository {
  return {
    async append(event) {
      await inserts.add('order_events', [
        {
          id: event.id,
          order_id: event.orderId,
          action: event.action,
          actor: event.actor,
          from_status: event.fromStatus,
          to_status: event.toStatus,
          data: encodeJson(event.data),
          at: encodeTime(event.at),
        },
      ]);
    },
    /** In the order they were appended. */
    async listByOrder(orderId) {
      await inserts.flush();
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
