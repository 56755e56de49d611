import type { SessionAccess } from '@escrow/core';
import type { Kysely } from 'kysely';
import type { Database } from '../schema/database.js';
import { encodeTime } from '../store/codec.js';

/**
 * Who a session is now: for server-sent event streams, which outlive the request whose
 * session opened them. An ended session (signed out, expired, revoked by a password change)
 * answers null; a revoked admin role answers isAdmin false. Read-only: it neither extends nor
 * deletes the session (the session middleware does that on ordinary requests).
 */
export async function sessionAccessQuery(db: Kysely<Database>, sessionId: string, now: Date): Promise<SessionAccess | null> {
  const at = encodeTime(now);
  const row = await db
    .selectFrom('sessions')
    .leftJoin('sellers', 'sellers.user_id', 'sessions.user_id')
    .select((eb) => [
      'sessions.user_id as user_id',
      'sellers.id as seller_id',
      eb
        .exists(eb.selectFrom('user_roles').select('user_roles.user_id').whereRef('user_roles.user_id', '=', 'sessions.user_id').where('user_roles.role', 'in', ['admin', 'super_admin']))
        .as('is_admin'),
    ])
    .where('sessions.id', '=', sessionId)
    .where('sessions.expires_at', '>', at)
    .where('sessions.idle_expires_at', '>', at)
    .executeTakeFirst();
  if (!row) return null;
  return { userId: row.user_id, sellerId: row.seller_id, isAdmin: row.is_admin === true || Number(row.is_admin) === 1 };
}
