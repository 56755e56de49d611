import type { ChangeRun, IdempotencyClaim, IdempotencyStore } from '@escrow/core';
import { changeTickets, IdempotencyKeyTaken, type ChangeTicket } from './held-changes.js';
import type { Kysely } from 'kysely';
import type { Database } from '../schema/database.js';
import type { SqlDialect } from '../sql-dialect.js';
import { precompiled } from '../store/precompiled-query.js';

// Each step below is one statement in autocommit: a claim is committed before the request it
// guards starts its own transaction, so a concurrent duplicate always sees it.
const MAX_ROUNDS = 4;

// The two statements every idempotent request makes, built and compiled once (precompiled-query.ts).
const claimQuery = precompiled(['scope', 'key', 'requestHash', 'createdAt', 'expiresAt'], (db, p) =>
  db
    .insertInto('idempotency_keys')
    .values({ scope: p.scope, key: p.key, request_hash: p.requestHash, response_status: null, response_body: null, created_at: p.createdAt, expires_at: p.expiresAt })
    .onConflict((oc) => oc.columns(['scope', 'key']).doNothing())
    .returning('key'),
);

const completeQuery = precompiled(['status', 'body', 'scope', 'key'], (db, p) =>
  db
    .updateTable('idempotency_keys')
    // A marker string where the status number goes: it is replaced by the value at each run.
    .set({ response_status: p.status as unknown as number, response_body: p.body })
    .where('scope', '=', p.scope)
    .where('key', '=', p.key)
    .where('response_status', 'is', null),
);

/**
 * The IdempotencyStore over the `idempotency_keys` table (primary key: scope + key).
 * A claim is `INSERT ... ON CONFLICT DO NOTHING` of a pending row (response_status null): of
 * two concurrent claims exactly one inserts. The loser reads the row and reports it pending
 * or completed. An expired row is deleted and the claim retried; a pending row older than
 * `staleBefore` (its process died) is taken over by a conditional update, which again only
 * one claimant can win.
 */
export function createKyselyIdempotencyStore(db: Kysely<Database>, dialect: SqlDialect): IdempotencyStore {
  const row = (scope: string, key: string) =>
    db.selectFrom('idempotency_keys').selectAll().where('scope', '=', scope).where('key', '=', key).executeTakeFirst();

  const complete: IdempotencyStore['complete'] = async ({ scope, key, status, body }) => {
    await completeQuery.execute(db, dialect, { status, body, scope, key });
  };
  const release: IdempotencyStore['release'] = async ({ scope, key }) => {
    await db.deleteFrom('idempotency_keys').where('scope', '=', scope).where('key', '=', key).where('response_status', 'is', null).execute();
  };

  return {
    ...(dialect === 'postgres'
      ? {
          async withinChange<T>(request: Parameters<NonNullable<IdempotencyStore['withinChange']>>[0], run: () => Promise<T>): Promise<ChangeRun<T>> {
            const ticket: ChangeTicket = { db, request, state: 'open', pendingKey: false };
            const { scope, key } = request;
            let value: T;
            try {
              value = await changeTickets.run(ticket, run);
            } catch (error) {
              if (ticket.state === 'held') {
                ticket.settle?.(new Error('the request failed after its change'));
                await ticket.ended?.catch(() => undefined);
              }
              if (error instanceof IdempotencyKeyTaken) return { kind: 'use-claim' };
              throw error;
            }
            if (ticket.state === 'held') {
              return {
                kind: 'ran',
                value,
                held: {
                  async commit(answer) {
                    ticket.settle?.(answer);
                    try {
                      await ticket.ended;
                      return 'committed';
                    } catch (error) {
                      if (error instanceof IdempotencyKeyTaken) return 'taken';
                      throw error;
                    }
                  },
                  async rollback() {
                    ticket.settle?.(new Error('the request rolled its change back'));
                    await ticket.ended?.catch(() => undefined);
                    return 'rolled-back' as const;
                  },
                },
              };
            }
            if (ticket.state === 'committed' && ticket.pendingKey) {
              // The change committed early with its key pending (the request called the store
              // again): the answer is stored after, as with a claim.
              return {
                kind: 'ran',
                value,
                held: {
                  async commit(answer) {
                    await complete({ scope, key, ...answer });
                    return 'committed';
                  },
                  async rollback() {
                    await release({ scope, key });
                    return 'kept' as const;
                  },
                },
              };
            }
            if (ticket.state === 'running') throw new Error('withinChange: the request returned while its transaction was still running');
            // 'open': no transaction; 'failed': it rolled back. Nothing holds the key.
            return { kind: 'ran', value, held: null };
          },
        }
      : {}),

    async claim(request): Promise<IdempotencyClaim> {
      const now = request.now.toISOString();
      for (let round = 0; round < MAX_ROUNDS; round += 1) {
        const inserted = await claimQuery.execute(db, dialect, {
          scope: request.scope,
          key: request.key,
          requestHash: request.requestHash,
          createdAt: now,
          expiresAt: request.expiresAt.toISOString(),
        });
        if (inserted.length > 0) return { kind: 'claimed' };

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

    complete,
    release,

    async deleteExpired(now) {
      const result = await db.deleteFrom('idempotency_keys').where('expires_at', '<=', now.toISOString()).executeTakeFirst();
      return Number(result.numDeletedRows);
    },
  };
}
