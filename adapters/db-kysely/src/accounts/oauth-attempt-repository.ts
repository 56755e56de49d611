import type { OAuthAttemptRecord, OAuthAttemptRepository } from '@escrow/core';
import type { Kysely, Selectable } from 'kysely';
import type { OAuthSignInAttemptsTable } from '../schema/account-tables.js';
import type { Database } from '../schema/database.js';
import { decodeTime, encodeTime } from '../store/codec.js';

const toRecord = (row: Selectable<OAuthSignInAttemptsTable>): OAuthAttemptRecord => ({
  id: row.id,
  provider: row.provider,
  codeVerifier: row.code_verifier,
  nonce: row.nonce,
  createdAt: decodeTime(row.created_at),
  expiresAt: decodeTime(row.expires_at),
});

export function kyselyOAuthAttemptRepository(db: Kysely<Database>): OAuthAttemptRepository {
  return {
    async insert(attempt) {
      await db
        .insertInto('oauth_sign_in_attempts')
        .values({
          id: attempt.id,
          provider: attempt.provider,
          code_verifier: attempt.codeVerifier,
          nonce: attempt.nonce,
          created_at: encodeTime(attempt.createdAt),
          expires_at: encodeTime(attempt.expiresAt),
        })
        .execute();
    },
    /** DELETE ... RETURNING: the row goes to whichever of two racing requests deletes it; the other reads nothing. */
    async take(id) {
      const row = await db.deleteFrom('oauth_sign_in_attempts').where('id', '=', id).returningAll().executeTakeFirst();
      return row === undefined ? undefined : toRecord(row);
    },
    async deleteExpired(now) {
      const result = await db.deleteFrom('oauth_sign_in_attempts').where('expires_at', '<=', encodeTime(now)).executeTakeFirst();
      return Number(result.numDeletedRows);
    },
  };
}
