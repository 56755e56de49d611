import { CommitOutcomeUnknown, IdempotencyKeyUsed, type IdempotencyKeyRequest, type IdempotentAnswer, type IdempotentChange, type StoredIdempotentAnswer } from '@escrow/core';
import type { Insertable, Kysely, Transaction } from 'kysely';
import type { Database } from '../schema/database.js';
import type { IdempotencyKeysTable } from '../schema/operations-tables.js';
import type { SqlDialect } from '../sql-dialect.js';
import { batchedInserts, deferredInserts, type Inserts } from '../store/deferred-inserts.js';

/**
 * One transaction of a store (escrow or admin), optionally carrying a request's
 * Idempotency-Key (docs/decisions/0035). The key and the request's answer are written in the
 * transaction's own COMMIT, so a crash leaves either both the change and its answer, or
 * neither; a retry then replays the answer, or runs once.
 *
 * - SQLite (one writer at a time, BEGIN IMMEDIATE): the key is looked up first; if an earlier
 *   request stored it, `work` never runs. Otherwise the key is written after `work`.
 * - PostgreSQL: no extra round trip. The key goes into the flush statement that carries the
 *   change's audit, ledger and outbox rows (`INSERT ... ON CONFLICT DO UPDATE ... WHERE` the
 *   old row is expired or unanswered); a concurrent duplicate's insert waits for the first
 *   one's COMMIT. If the key was there, the flush fails and everything rolls back.
 * Either way a run whose key turns out to be taken throws IdempotencyKeyUsed with the stored
 * answer, also when it failed for another reason meanwhile (a duplicate that lost a race on a
 * unique index, say): a retry is always answered by the first request.
 *
 * A COMMIT that fails (a dropped connection) throws CommitOutcomeUnknown, unless the key shows
 * that it did commit; then the request's own answer is replayed.
 */
export async function storeTransaction<T>(
  db: Kysely<Database>,
  dialect: SqlDialect,
  work: (trx: Transaction<Database>, inserts: Inserts) => Promise<T>,
  keyed: IdempotentChange<T> | undefined,
): Promise<T> {
  let answer: IdempotentAnswer | undefined;
  let reachedCommit = false;
  try {
    const result = await db.transaction().execute(async (trx) => {
      // PostgreSQL: the audit, ledger and outbox inserts (and the key) go out together just before
      // COMMIT; SQLite: one INSERT per table then (the key at once, after its look-up).
      const inserts = dialect === 'postgres' ? deferredInserts(trx) : batchedInserts(trx);
      if (keyed && dialect === 'sqlite') {
        const stored = await findStoredAnswer(trx, keyed.request);
        if (stored) throw new IdempotencyKeyUsed(stored);
      }
      const value = await work(trx, inserts);
      if (keyed) {
        answer = keyed.answer(value);
        await inserts.storeKey(keyRow(keyed.request, answer));
      }
      await inserts.flush();
      reachedCommit = true;
      return value;
    });
    if (keyed && answer) keyed.committed(answer);
    return result;
  } catch (error) {
    if (error instanceof IdempotencyKeyUsed) throw error;
    if (keyed) {
      // Taken at the flush, or lost a race to a duplicate that committed first, or the COMMIT's
      // answer was lost: whatever is stored now is the answer.
      const stored = await findStoredAnswer(db, keyed.request).catch(() => undefined);
      if (stored) throw new IdempotencyKeyUsed(stored);
    }
    if (reachedCommit) throw new CommitOutcomeUnknown({ cause: error });
    throw error;
  }
}

/** The idempotency_keys row of `request` with its answer. */
export function keyRow(request: IdempotencyKeyRequest, answer: IdempotentAnswer): Insertable<IdempotencyKeysTable> {
  return {
    scope: request.scope,
    key: request.key,
    request_hash: request.requestHash,
    response_status: answer.status,
    response_body: answer.body,
    created_at: request.now.toISOString(),
    expires_at: request.expiresAt.toISOString(),
  };
}

/**
 * The answer stored for a key, if any. An expired row counts as absent, and so does a row with
 * no answer (a claim left by the claim-first scheme of decision 0011, before this one).
 */
export async function findStoredAnswer(db: Kysely<Database>, request: Pick<IdempotencyKeyRequest, 'scope' | 'key' | 'now'>): Promise<StoredIdempotentAnswer | undefined> {
  const row = await db
    .selectFrom('idempotency_keys')
    .select(['request_hash', 'response_status', 'response_body', 'expires_at'])
    .where('scope', '=', request.scope)
    .where('key', '=', request.key)
    .executeTakeFirst();
  if (!row || row.response_status === null || row.expires_at <= request.now.toISOString()) return undefined;
  return { requestHash: row.request_hash, status: row.response_status, body: row.response_body ?? '' };
}
