import type { CodeAttemptRepository } from '@escrow/core';
import type { Kysely } from 'kysely';
import type { Database } from '../schema/database.js';
import { decodeBool, decodeTime, encodeTime, type Codec } from './codec.js';
import type { Inserts } from './deferred-inserts.js';

export function kyselyCodeAttemptRepository(db: Kysely<Database>, codec: Codec, inserts: Inserts): CodeAttemptRepository {
  return {
    async append(attempt) {
      await inserts.add('code_attempts', [{ id: attempt.id, order_id: attempt.orderId, actor: attempt.actor, success: codec.bool(attempt.success), at: encodeTime(attempt.at) }]);
    },
    /** In the order they were made. */
    async listByOrder(orderId) {
      await inserts.flush();
      const rows = await db.selectFrom('code_attempts').selectAll().where('order_id', '=', orderId).orderBy('seq').execute();
      return rows.map((row) => ({ id: row.id, orderId: row.order_id, actor: row.actor, success: decodeBool(row.success), at: decodeTime(row.at) }));
    },
  };
}
