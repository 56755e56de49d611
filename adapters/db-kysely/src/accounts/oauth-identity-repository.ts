import type { OAuthIdentityRecord, OAuthIdentityRepository } from '@escrow/core';
import type { Kysely, Selectable } from 'kysely';
import type { OAuthIdentitiesTable } from '../schema/account-tables.js';
import type { Database } from '../schema/database.js';
import { decodeTime, encodeTime } from '../store/codec.js';

const toRecord = (row: Selectable<OAuthIdentitiesTable>): OAuthIdentityRecord => ({
  provider: row.provider,
  subject: row.subject,
  userId: row.user_id,
  email: row.email,
  createdAt: decodeTime(row.created_at),
  lastSignInAt: decodeTime(row.last_sign_in_at),
});

export function kyselyOAuthIdentityRepository(db: Kysely<Database>): OAuthIdentityRepository {
  return {
    async findBySubject(provider, subject) {
      const row = await db.selectFrom('oauth_identities').selectAll().where('provider', '=', provider).where('subject', '=', subject).executeTakeFirst();
      return row === undefined ? undefined : toRecord(row);
    },
    async findForUser(userId, provider) {
      const row = await db.selectFrom('oauth_identities').selectAll().where('user_id', '=', userId).where('provider', '=', provider).executeTakeFirst();
      return row === undefined ? undefined : toRecord(row);
    },
    /** ON CONFLICT DO NOTHING on either key (the subject, or the user's link to the provider): a PostgreSQL transaction goes on. */
    async insert(identity) {
      const result = await db
        .insertInto('oauth_identities')
        .values({
          provider: identity.provider,
          subject: identity.subject,
          user_id: identity.userId,
          email: identity.email,
          created_at: encodeTime(identity.createdAt),
          last_sign_in_at: encodeTime(identity.lastSignInAt),
        })
        .onConflict((oc) => oc.doNothing())
        .executeTakeFirst();
      return (result.numInsertedOrUpdatedRows ?? 0n) > 0n;
    },
    async recordSignIn(provider, subject, email, at) {
      await db.updateTable('oauth_identities').set({ email, last_sign_in_at: encodeTime(at) }).where('provider', '=', provider).where('subject', '=', subject).execute();
    },
  };
}
