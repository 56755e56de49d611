import type { OutboxMessage, OutboxRepository } from '@escrow/core';
import type { Kysely, Selectable } from 'kysely';
import type { Database } from '../schema/database.js';
import type { OutboxTable } from '../schema/operations-tables.js';
import { decodeInteger, decodeJsonObject, decodeTime, decodeTimeOrNull, encodeJson, encodeTime, encodeTimeOrNull, type Codec } from './codec.js';

const toMessage = (row: Selectable<OutboxTable>): OutboxMessage => ({
  id: row.id,
  topic: row.topic as OutboxMessage['topic'],
  payload: decodeJsonObject(row.payload),
  createdAt: decodeTime(row.created_at),
  attempts: decodeInteger(row.attempts),
  nextAttemptAt: decodeTime(row.next_attempt_at),
  deliveredAt: decodeTimeOrNull(row.delivered_at),
  lastError: row.last_error,
});

export function kyselyOutboxRepository(db: Kysely<Database>, codec: Codec): OutboxRepository {
  return {
    async enqueue(message) {
      await db
        .insertInto('outbox')
        .values({
          id: message.id,
          topic: message.topic,
          payload: encodeJson(message.payload),
          created_at: encodeTime(message.createdAt),
          attempts: message.attempts,
          next_attempt_at: encodeTime(message.nextAttemptAt),
          delivered_at: encodeTimeOrNull(message.deliveredAt),
          last_error: message.lastError,
        })
        .execute();
    },

    /**
     * Oldest first, then leased (next_attempt_at = leaseUntil) so the caller can send after
     * commit without holding the database. On PostgreSQL a second dispatcher skips rows being
     * claimed (SKIP LOCKED) instead of waiting; on SQLite dispatchers take turns.
     */
    async claimDue(now, limit, leaseUntil) {
      const due = db
        .selectFrom('outbox')
        .selectAll()
        .where('delivered_at', 'is', null)
        // ISO-8601 UTC text compares in time order (schema/column-types.ts).
        .where('next_attempt_at', '<=', encodeTime(now))
        .orderBy('created_at')
        .orderBy('seq')
        .limit(limit);
      const rows = await (codec.dialect === 'postgres' ? due.forUpdate().skipLocked() : due).execute();
      if (rows.length > 0) {
        await db
          .updateTable('outbox')
          .set({ next_attempt_at: encodeTime(leaseUntil) })
          .where('id', 'in', rows.map((r) => r.id))
          .execute();
      }
      return rows.map(toMessage);
    },

    /** The first delivery wins; marking a delivered message again changes nothing. */
    async markDelivered(id, at, replacePayload) {
      await db
        .updateTable('outbox')
        .set((eb) => ({
          delivered_at: encodeTime(at),
          attempts: eb('attempts', '+', 1),
          ...(replacePayload ? { payload: encodeJson(replacePayload) } : {}),
        }))
        .where('id', '=', id)
        .where('delivered_at', 'is', null)
        .execute();
    },

    async markFailed(id, error, nextAttemptAt) {
      await db
        .updateTable('outbox')
        .set((eb) => ({ attempts: eb('attempts', '+', 1), last_error: error, next_attempt_at: encodeTime(nextAttemptAt) }))
        .where('id', '=', id)
        .where('delivered_at', 'is', null)
        .execute();
    },
  };
}
