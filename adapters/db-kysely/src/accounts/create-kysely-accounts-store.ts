import type { AccountsStore, AccountsTx } from '@escrow/core';
import type { Kysely } from 'kysely';
import type { Database } from '../schema/database.js';
import type { SqlDialect } from '../sql-dialect.js';
import { codecFor } from '../store/codec.js';
import { immediateInserts } from '../store/deferred-inserts.js';
import { nestingCheck } from '../store/nesting-check.js';
import { kyselyOutboxRepository } from '../store/outbox-repository.js';
import { kyselyOAuthAttemptRepository } from './oauth-attempt-repository.js';
import { kyselyOAuthIdentityRepository } from './oauth-identity-repository.js';
import { kyselyPasswordVerificationRepository } from './password-verification-repository.js';
import { kyselyResetCodeRepository } from './reset-code-repository.js';
import { kyselyRoleRepository } from './role-repository.js';
import { kyselySellerProfileRepository } from './seller-profile-repository.js';
import { kyselySessionRepository } from './session-repository.js';
import { kyselyUserRepository } from './user-repository.js';

/**
 * The AccountsStore over Kysely, on the same database (and outbox) as the EscrowStore. Like
 * that store it refuses a call from inside one of its own transactions, which would deadlock
 * on SQLite or write outside the transaction on PostgreSQL.
 */
export function createKyselyAccountsStore(db: Kysely<Database>, dialect: SqlDialect, options: { checkNesting?: boolean } = {}): AccountsStore {
  const codec = codecFor(dialect);
  const nesting = nestingCheck(options.checkNesting);

  const bind = (conn: Kysely<Database>): AccountsTx => ({
    users: kyselyUserRepository(conn),
    passwordVerification: kyselyPasswordVerificationRepository(conn, codec),
    sessions: kyselySessionRepository(conn, dialect),
    roles: kyselyRoleRepository(conn),
    resetCodes: kyselyResetCodeRepository(conn, codec),
    sellers: kyselySellerProfileRepository(conn, codec),
    oauthIdentities: kyselyOAuthIdentityRepository(conn),
    oauthAttempts: kyselyOAuthAttemptRepository(conn),
    outbox: kyselyOutboxRepository(conn, codec, immediateInserts(conn)),
  });

  const refuseNesting = (method: string): void => nesting.refuse('AccountsStore', method);

  return {
    async transaction(work) {
      refuseNesting('transaction');
      return db.transaction().execute((trx) => nesting.run(() => work(bind(trx))));
    },
    async read(work) {
      refuseNesting('read');
      return work(bind(db));
    },
  };
}

/** Deletes what has expired: sessions, reset codes and sign-ins sent to Google. Run now and then (the API does, hourly). */
export async function purgeExpiredAccountRows(store: AccountsStore, now: Date): Promise<{ sessions: number; resetCodes: number; oauthAttempts: number }> {
  return store.transaction(async (tx) => ({
    sessions: await tx.sessions.deleteExpired(now),
    resetCodes: await tx.resetCodes.deleteExpired(now),
    oauthAttempts: await tx.oauthAttempts.deleteExpired(now),
  }));
}
