import { USER_ROLES, type SessionRepository, type UserRole } from '@escrow/core';
import type { Kysely } from 'kysely';
import type { Database } from '../schema/database.js';
import type { SqlDialect } from '../sql-dialect.js';
import { decodeTime, encodeTime } from '../store/codec.js';
import { precompiled } from '../store/precompiled-query.js';

/**
 * One query for the session, its user, seller and roles (every request with a cookie runs
 * it): one row per role, or one row with a null role for a user without any. Built and
 * compiled once (precompiled-query.ts).
 */
const sessionWithUserQuery = precompiled(['sessionId'], (db, p) =>
  db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .leftJoin('sellers', 'sellers.user_id', 'users.id')
    .leftJoin('user_roles', 'user_roles.user_id', 'users.id')
    .select([
      'sessions.id as id',
      'sessions.user_id as user_id',
      'sessions.created_at as created_at',
      'sessions.expires_at as expires_at',
      'sessions.idle_expires_at as idle_expires_at',
      'users.email as email',
      'sellers.id as seller_id',
      'user_roles.role as role',
    ])
    .where('sessions.id', '=', p.sessionId),
);

const isRole = (value: string): value is UserRole => (USER_ROLES as readonly string[]).includes(value);

export function kyselySessionRepository(db: Kysely<Database>, dialect: SqlDialect): SessionRepository {
  return {
    async insert(session) {
      await db
        .insertInto('sessions')
        .values({
          id: session.id,
          user_id: session.userId,
          created_at: encodeTime(session.createdAt),
          expires_at: encodeTime(session.expiresAt),
          idle_expires_at: encodeTime(session.idleExpiresAt),
        })
        .execute();
    },

    async getWithUser(id) {
      const rows = await sessionWithUserQuery.execute(db, dialect, { sessionId: id });
      const row = rows[0];
      if (row === undefined) return undefined;
      const roles = rows
        .map((r): string | null => r.role)
        .filter((role): role is string => role !== null)
        .sort()
        .filter(isRole);
      return {
        session: {
          id: row.id,
          userId: row.user_id,
          createdAt: decodeTime(row.created_at),
          expiresAt: decodeTime(row.expires_at),
          idleExpiresAt: decodeTime(row.idle_expires_at),
        },
        email: row.email,
        roles,
        sellerId: row.seller_id ?? null,
      };
    },

    async setIdleExpiry(id, idleExpiresAt) {
      await db.updateTable('sessions').set({ idle_expires_at: encodeTime(idleExpiresAt) }).where('id', '=', id).execute();
    },
    async delete(id) {
      await db.deleteFrom('sessions').where('id', '=', id).execute();
    },
    async deleteAllForUser(userId) {
      const result = await db.deleteFrom('sessions').where('user_id', '=', userId).executeTakeFirst();
      return Number(result.numDeletedRows);
    },
    async deleteExpired(now) {
      const at = encodeTime(now);
      const result = await db
        .deleteFrom('sessions')
        .where((eb) => eb.or([eb('expires_at', '<=', at), eb('idle_expires_at', '<=', at)]))
        .executeTakeFirst();
      return Number(result.numDeletedRows);
    },
  };
}
