import type { UserAccount, UserRepository } from '@escrow/core';
import type { Kysely, Selectable } from 'kysely';
import type { Database } from '../schema/database.js';
import type { UsersTable } from '../schema/account-tables.js';
import { decodeTime, decodeTimeOrNull, encodeTime, encodeTimeOrNull } from '../store/codec.js';

/**
 * No password: the column is NOT NULL (migration 0001), so '!none' stands for it (migration 0021);
 * any value starting with '!' ('!anonymised' too) reads as none. No Argon2 string starts with '!'.
 */
const NO_PASSWORD = '!none';

const toUser = (row: Selectable<UsersTable>): UserAccount => ({
  id: row.id,
  email: row.email,
  passwordHash: row.password_hash.startsWith('!') ? null : row.password_hash,
  createdAt: decodeTime(row.created_at),
  lastSignInAt: decodeTimeOrNull(row.last_sign_in_at),
  emailVerifiedAt: decodeTimeOrNull(row.email_verified_at ?? null),
  locale: row.locale,
});

export function kyselyUserRepository(db: Kysely<Database>): UserRepository {
  const select = () => db.selectFrom('users').selectAll();
  return {
    /** ON CONFLICT DO NOTHING: a taken email never aborts a PostgreSQL transaction. */
    async insert(user) {
      const result = await db
        .insertInto('users')
        .values({
          id: user.id,
          email: user.email,
          password_hash: user.passwordHash ?? NO_PASSWORD,
          created_at: encodeTime(user.createdAt),
          last_sign_in_at: encodeTimeOrNull(user.lastSignInAt),
          email_verified_at: encodeTimeOrNull(user.emailVerifiedAt ?? null),
          ...(user.locale ? { locale: user.locale } : {}),
        })
        .onConflict((oc) => oc.column('email').doNothing())
        .executeTakeFirst();
      return (result.numInsertedOrUpdatedRows ?? 0n) > 0n;
    },
    async get(id) {
      const row = await select().where('id', '=', id).executeTakeFirst();
      return row === undefined ? undefined : toUser(row);
    },
    async findByEmail(email) {
      const row = await select().where('email', '=', email).executeTakeFirst();
      return row === undefined ? undefined : toUser(row);
    },
    async setPasswordHash(id, passwordHash) {
      await db.updateTable('users').set({ password_hash: passwordHash }).where('id', '=', id).execute();
    },
    async removePassword(id) {
      await db.updateTable('users').set({ password_hash: NO_PASSWORD }).where('id', '=', id).execute();
    },
    async markEmailVerified(id, at) {
      await db.updateTable('users').set({ email_verified_at: encodeTime(at) }).where('id', '=', id).where('email_verified_at', 'is', null).execute();
    },
    async setLocale(id, locale) {
      await db.updateTable('users').set({ locale }).where('id', '=', id).execute();
    },
    async recordSignIn(id, at) {
      await db.updateTable('users').set({ last_sign_in_at: encodeTime(at) }).where('id', '=', id).execute();
    },
  };
}
