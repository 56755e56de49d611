import type { IdempotencyClaim, IdempotencyStore } from '@escrow/core';
import type { Kysely } from 'kysely';
import type { Database } from '../schema/database.js';

// Each step below is one statement in autocommit: a claim is committed before the request it
// guards starts its own transaction, so a concurrent duplicate always sees it.
const MAX_ROUNDS = 4;

/**
 * The IdempotencyStore over the `idempotency_keys` table (primary key: scope + key).
 * A claim is `INSERT ... ON CONFLICT DO NOTHING` of a pending row (response_status null): of
 * two concurrent claims exactly one inserts. The loser reads the row and reports it pending
 * or completed. An expired row is deleted and the claim retried; a pending row older than
 * `staleBefore` (its process died) is taken over by a conditional update, which again only
 * one claimant can win.
 */
export function createKyselyIdempotencyStore(db: Kysely<Database>): IdempotencyStore {
  const row = (scope: string, key: string) =>
    db.selectFrom('idempotency_keys').selectAll().where('scope', '=', scope).where('key', '=', key).executeTakeFirst();

  return {
    async claim(request): Promise<IdempotencyClaim> {
      const now = request.now.toISOString();
      for (let round = 0; round < MAX_ROUNDS; round += 1) {
        const inserted = await db
          .insertInto('idempotency_keys')
          .values({
            scope: request.scope,
            key: request.key,
            request_hash: request.requestHash,
            response_status: null,
            response_body: null,
            created_at: now,
            expires_at: request.expiresAt.toISOString(),
          })
          .onConflict((oc) => oc.columns(['scope', 'key']).doNothing())
          .executeTakeFirst();
        if ((inserted.numInsertedOrUpdatedRows ?? 0n) > 0n) return { kind: 'claimed' };

        const existing = await row(request.scope, request.key);
        if (!existing) continue;
        if (existing.expires_at <= now) {
          await db
            .deleteFrom('idempotency_keys')
            .where('scope', '=', request.scope)
            .where('key', '=', request.key)
            .where('expires_at', '<=', now)
            .execute();
          continue;
        }
        if (existing.response_status !== null) {
          return { kind: 'completed', requestHash: existing.request_hash, status: existing.response_status, body: existing.response_body ?? '' };
        }
        if (existing.request_hash === request.requestHash && existing.created_at < request.staleBefore.toISOString()) {
          const taken = await db
            .updateTable('idempotency_keys')
            .set({ created_at: now, expires_at: request.expiresAt.toISOString() })
            .where('scope', '=', request.scope)
            .where('key', '=', request.key)
            .where('created_at', '=', existing.created_at)
            .where('response_status', 'is', null)
            .executeTakeFirst();
          if (taken.numUpdatedRows > 0n) return { kind: 'claimed' };
          continue;
        }
        return { kind: 'pending', requestHash: existing.request_hash };
      }
      throw new Error('idempotency claim did not settle');
    },

    async complete({ scope, key, status, body }) {
      await db
        .updateTable('idempotency_keys')
        .set({ response_status: status, response_body: body })
        .where('scope', '=', scope)
        .where('key', '=', key)
        .where('response_status', 'is', null)
        .execute();
    },

    async release({ scope, key }) {
      await db.deleteFrom('idempotency_keys').where('scope', '=', scope).where('key', '=', key).where('response_status', 'is', null).execute();
    },

    async deleteExpired(now) {
      const result = await db.deleteFrom('idempotency_keys').where('expires_at', '<=', now.toISOString()).executeTakeFirst();
      return Number(result.numDeletedRows);
    },
  };
}
