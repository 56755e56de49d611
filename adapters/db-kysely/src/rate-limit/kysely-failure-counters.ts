import type { FailureCount, FailureCounters } from '@escrow/core';
import type { Kysely } from 'kysely';
import type { Database } from '../schema/database.js';
import { decodeInteger, decodeTime, encodeTime } from '../store/codec.js';

const later = (now: Date, ms: number): string => encodeTime(new Date(now.getTime() + ms));

/**
 * Failure counts in `failure_counters` (migration 0009), shared by every API instance. Each
 * operation is one statement: a claim is a conditional insert or update that counts only if
 * the row is still what the caller read, so of two parallel claims on one key one wins.
 * Times are ISO-8601 text, which compares in time order. Call it on the plain connection,
 * never inside another transaction.
 */
export function createKyselyFailureCounters(db: Kysely<Database>): FailureCounters {
  return {
    async read(keys, now) {
      const counts = new Map<string, FailureCount>();
      if (keys.length === 0) return counts;
      const rows = await db
        .selectFrom('failure_counters')
        .select(['bucket_key', 'failures', 'last_failure_at'])
        .where('bucket_key', 'in', [...keys])
        .where('expires_at', '>', encodeTime(now))
        .execute();
      for (const row of rows) counts.set(row.bucket_key, { failures: decodeInteger(Number(row.failures)), lastFailureAt: decodeTime(row.last_failure_at) });
      return counts;
    },
    async claim(key, seen, now, forgetAfterMs) {
      const at = encodeTime(now);
      const expiresAt = later(now, forgetAfterMs);
      if (seen === undefined) {
        // No live count was seen: start one, or restart a forgotten one; a live row means someone else counted first.
        const row = await db
          .insertInto('failure_counters')
          .values({ bucket_key: key, failures: 1, last_failure_at: at, expires_at: expiresAt })
          .onConflict((oc) =>
            oc
              .column('bucket_key')
              .doUpdateSet({ failures: 1, last_failure_at: at, expires_at: expiresAt })
              .where('failure_counters.expires_at', '<=', at),
          )
          .returning('failures')
          .executeTakeFirst();
        return row !== undefined;
      }
      const result = await db
        .updateTable('failure_counters')
        .set((eb) => ({ failures: eb('failures', '+', 1), last_failure_at: at, expires_at: expiresAt }))
        .where('bucket_key', '=', key)
        .where('failures', '=', seen.failures)
        .where('last_failure_at', '=', encodeTime(seen.lastFailureAt))
        .where('expires_at', '>', at)
        .executeTakeFirst();
      return result.numUpdatedRows === 1n;
    },
    async record(key, now, forgetAfterMs) {
      const at = encodeTime(now);
      await db
        .insertInto('failure_counters')
        .values({ bucket_key: key, failures: 1, last_failure_at: at, expires_at: later(now, forgetAfterMs) })
        .onConflict((oc) =>
          oc.column('bucket_key').doUpdateSet((eb) => ({
            // A forgotten count starts again at 1.
            failures: eb.case().when('failure_counters.expires_at', '<=', at).then(1).else(eb('failure_counters.failures', '+', 1)).end(),
            last_failure_at: eb.ref('excluded.last_failure_at'),
            expires_at: eb.ref('excluded.expires_at'),
          })),
        )
        .execute();
    },
    async clear(key) {
      await db.deleteFrom('failure_counters').where('bucket_key', '=', key).execute();
    },
    async purgeExpired(now) {
      const result = await db.deleteFrom('failure_counters').where('expires_at', '<=', encodeTime(now)).executeTakeFirst();
      return Number(result.numDeletedRows);
    },
  };
}
