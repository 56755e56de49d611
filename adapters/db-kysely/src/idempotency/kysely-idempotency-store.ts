import type { IdempotencyStore } from '@escrow/core';
import type { Kysely } from 'kysely';
import type { Database } from '../schema/database.js';
import { findStoredAnswer } from './keyed-transaction.js';

/**
 * The IdempotencyStore over the `idempotency_keys` table (primary key: scope + key). Keys are
 * written only by the stores' transactions, with the change they answer
 * (keyed-transaction.ts); this reads them back and sweeps the expired ones.
 */
export function createKyselyIdempotencyStore(db: Kysely<Database>): IdempotencyStore {
  return {
    find: (scope, key, now) => findStoredAnswer(db, { scope, key, now }),
    async deleteExpired(now) {
      const result = await db.deleteFrom('idempotency_keys').where('expires_at', '<=', now.toISOString()).executeTakeFirst();
      return Number(result.numDeletedRows);
    },
  };
}
