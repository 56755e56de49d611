import { USER_ROLES, type RoleRepository, type UserRole } from '@escrow/core';
import type { Kysely } from 'kysely';
import type { Database } from '../schema/database.js';
import { encodeTime } from '../store/codec.js';

const isRole = (value: string): value is UserRole => (USER_ROLES as readonly string[]).includes(value);

export function kyselyRoleRepository(db: Kysely<Database>): RoleRepository {
  return {
    async list(userId) {
      const rows = await db.selectFrom('user_roles').select('role').where('user_id', '=', userId).orderBy('role').execute();
      return rows.map((r) => r.role).filter(isRole);
    },
    async grant({ userId, role, grantedBy, at }) {
      const result = await db
        .insertInto('user_roles')
        .values({ user_id: userId, role, granted_by: grantedBy, created_at: encodeTime(at) })
        .onConflict((oc) => oc.columns(['user_id', 'role']).doNothing())
        .executeTakeFirst();
      return (result.numInsertedOrUpdatedRows ?? 0n) > 0n;
    },
  };
}
