import { rateLimitWindow, type RateLimiter } from '@escrow/core';
import type { Kysely } from 'kysely';
import type { Database } from '../schema/database.js';
import { decodeInteger, encodeTime } from '../store/codec.js';

const bucketOf = (name: string, key: string): string => `${name}:${key}`;

/**
 * Fixed-window counters in `rate_limit_counters`, shared by every API instance. A hit is one
 * `INSERT ... ON CONFLICT DO UPDATE SET count = count + 1 RETURNING count`: atomic on both
 * databases, so parallel requests are each counted and cannot all pass a limit.
 * Call it on the plain connection, never inside another transaction.
 */
export function createKyselyRateLimiter(db: Kysely<Database>): RateLimiter {
  return {
    async hit(rule, key, now) {
      const window = rateLimitWindow(rule, now);
      const row = await db
        .insertInto('rate_limit_counters')
        .values({ bucket_key: bucketOf(rule.name, key), window_start: encodeTime(window.start), count: 1, expires_at: encodeTime(window.end) })
        .onConflict((oc) => oc.columns(['bucket_key', 'window_start']).doUpdateSet((eb) => ({ count: eb('rate_limit_counters.count', '+', 1) })))
        .returning('count')
        .executeTakeFirstOrThrow();
      const count = decodeInteger(Number(row.count));
      return { allowed: count <= rule.limit, count, remaining: Math.max(0, rule.limit - count), resetAt: window.end };
    },
    async reset(rule, key, now) {
      const window = rateLimitWindow(rule, now);
      await db
        .deleteFrom('rate_limit_counters')
        .where('bucket_key', '=', bucketOf(rule.name, key))
        .where('window_start', '=', encodeTime(window.start))
        .execute();
    },
    async release(rule, key, at) {
      const window = rateLimitWindow(rule, at);
      await db
        .updateTable('rate_limit_counters')
        .set((eb) => ({ count: eb('count', '-', 1) }))
        .where('bucket_key', '=', bucketOf(rule.name, key))
        .where('window_start', '=', encodeTime(window.start))
        .where('count', '>', 0)
        .execute();
    },
    async purgeExpired(now) {
      const result = await db.deleteFrom('rate_limit_counters').where('expires_at', '<=', encodeTime(now)).executeTakeFirst();
      return Number(result.numDeletedRows);
    },
  };
}
